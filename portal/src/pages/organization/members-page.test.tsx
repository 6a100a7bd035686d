// @vitest-environment happy-dom
// /org/{identifier}/members on real React with the real API client, session, organisation context, toast and dialog;
// the backend is a fetch answering GET /api/organizations/{identifier} and GET …/members as the server does (issue 21
// point 6: an invitee who has not accepted is not shown active).
import { createApiClient } from '@kiwi/shared/api/client';
import { createI18n } from '@kiwi/shared/i18n/create-i18n';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OrganizationContextProvider } from '../../organization/organization-context';
import { acmeUserResponse, jsonApiResponse } from '../../test-backend';
import { renderPage } from '../../test-render';
import { MembersPage } from './members-page';

const i18n = createI18n({ lng: 'en' });
const t = (key: string) => i18n.t(`organization:${key}`) as string;

const member = (id: string, name: string, attributes: Record<string, unknown>) => ({
  type: 'organization-members',
  id,
  attributes: {
    name,
    nickname: null,
    icon: null,
    role: 'member',
    belongings: [],
    occupations: [],
    email: `${name.toLowerCase()}@kiwi.example`,
    'active-from': null,
    'active-to': null,
    state: 'active',
    active: true,
    'app-installed': false,
    'last-sync-at': null,
    'invitation-pending': false,
    'user-id': Number(id) + 100,
    ...attributes,
  },
  relationships: { groups: { data: [] } },
});

function backend() {
  const api = createApiClient({
    baseURL: 'http://kiwi.test/api',
    getToken: async () => 'token',
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      const method = init?.method ?? 'GET';
      if (method === 'GET' && url.pathname === '/api/user') return acmeUserResponse('manager');
      if (method === 'GET' && url.pathname === '/api/organizations/acme') {
        return jsonApiResponse(200, { data: { type: 'organizations', id: '7', attributes: { name: 'ACME', identifier: 'acme' } } });
      }
      if (method === 'GET' && url.pathname === '/api/organizations/7/members') {
        return jsonApiResponse(200, {
          data: [member('1', 'Hana', {}), member('2', 'Kenji', { 'invitation-pending': true })],
          meta: { 'total-count': 2, 'seats-used': 2 },
        });
      }
      if (method === 'GET' && url.pathname === '/api/organizations/7/groups') return jsonApiResponse(200, { data: [], meta: {} });
      throw new Error(`unexpected ${method} ${url.pathname}`);
    }) as typeof globalThis.fetch,
  });
  return api;
}

afterEach(cleanup);

describe('MembersPage', () => {
  it('shows an invitee who has not accepted as invitation pending, not active, beside an accepted member', async () => {
    const api = backend();
    renderPage(
      <OrganizationContextProvider api={api} identifier="acme">
        <MembersPage />
      </OrganizationContextProvider>,
      { api, i18n },
    );
    const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
    const invitee = within(await rowOf('Kenji'));
    const accepted = within(await rowOf('Hana'));
    expect(invitee.getAllByText(t('members.invitationPending')).length).toBeGreaterThan(0);
    expect(invitee.queryByText(t('members.state.active'))).toBeNull();
    expect(invitee.getByRole('button', { name: t('members.resendInvitation') })).toBeTruthy();
    expect(accepted.getByText(t('members.state.active'))).toBeTruthy();
    expect(accepted.queryByText(t('members.invitationPending'))).toBeNull();
  });
});
