import { describe, expect, it } from 'vitest';
import type { Organization } from '../session/kiwi-user';
import { initialOrganizationState, organizationReducer } from './organization-state';

const acme: Organization = { id: '1', name: 'ACME', identifier: 'acme' };

describe('organizationReducer (SPEC §4 organisation context)', () => {
  it('starts not loaded, without organisation, counter 0', () => {
    expect(initialOrganizationState).toEqual({ loaded: false, organization: null, reloadCount: 0 });
  });

  it('is loaded after the fetch settles, with the organisation or with null after a failure', () => {
    expect(organizationReducer(initialOrganizationState, { type: 'CHANGE_ORGANIZATION', organization: acme })).toEqual({
      loaded: true,
      organization: acme,
      reloadCount: 0,
    });
    expect(organizationReducer(initialOrganizationState, { type: 'CHANGE_ORGANIZATION', organization: null })).toEqual({
      loaded: true,
      organization: null,
      reloadCount: 0,
    });
  });

  it('merges a patch into the organisation, and ignores one when there is none', () => {
    const loaded = organizationReducer(initialOrganizationState, { type: 'CHANGE_ORGANIZATION', organization: acme });
    expect(organizationReducer(loaded, { type: 'SET_ORGANIZATION', patch: { name: 'ACME 2' } }).organization).toEqual({
      ...acme,
      name: 'ACME 2',
    });
    expect(organizationReducer(initialOrganizationState, { type: 'SET_ORGANIZATION', patch: { name: 'x' } })).toBe(
      initialOrganizationState,
    );
  });

  it('reload increments the counter and keeps the organisation until the next fetch', () => {
    const loaded = organizationReducer(initialOrganizationState, { type: 'CHANGE_ORGANIZATION', organization: acme });
    expect(organizationReducer(organizationReducer(loaded, { type: 'RELOAD' }), { type: 'RELOAD' })).toEqual({ ...loaded, reloadCount: 2 });
  });

  it('a new route organisation forgets the old one until it arrives', () => {
    const loaded = organizationReducer(initialOrganizationState, { type: 'CHANGE_ORGANIZATION', organization: acme });
    expect(organizationReducer(loaded, { type: 'RESET' })).toEqual({ loaded: false, organization: null, reloadCount: 0 });
  });
});
