import type { Organization } from '../session/kiwi-user';

/** SPEC §3/§4: organisation context state — loaded, organization, reload counter (starts 0). */
export type OrganizationState = { loaded: boolean; organization: Organization | null; reloadCount: number };

export type OrganizationAction =
  /** merge a patch into the current organisation (after a save) */
  | { type: 'SET_ORGANIZATION'; patch: Partial<Organization> }
  /** the fetch settled: the organisation, or null after a failure */
  | { type: 'CHANGE_ORGANIZATION'; organization: Organization | null }
  | { type: 'RELOAD' }
  /** the route moved to another organisation: forget the old one until the new one arrives */
  | { type: 'RESET' };

export const initialOrganizationState: OrganizationState = { loaded: false, organization: null, reloadCount: 0 };

export function organizationReducer(state: OrganizationState, action: OrganizationAction): OrganizationState {
  switch (action.type) {
    case 'SET_ORGANIZATION':
      return state.organization ? { ...state, organization: { ...state.organization, ...action.patch } } : state;
    case 'CHANGE_ORGANIZATION':
      return { ...state, organization: action.organization, loaded: true };
    case 'RELOAD':
      return { ...state, reloadCount: state.reloadCount + 1 };
    case 'RESET':
      return { ...state, organization: null, loaded: false };
  }
}
