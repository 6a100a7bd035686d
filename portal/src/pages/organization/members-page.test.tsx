// @vitest-environment happy-dom
// /org/{identifier}/members on real React with the real API client, session, organisation context, toast and dialog;
// the backend is a fetch answering GET /api/organizations/{identifier} and GET …/members as the server does (issue 21
// point 6: an invitee who has not accepted is not shown active).
import { createI18n } from '@kiwi/shared/i18n/create-i18n';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OrganizationContextProvider } from '../../organization/organization-context';
import { acmeUserResponse, jsonApiResponse, recordingBackend } from '../../test-backend';
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

function backend(lists: URLSearchParams[] = []) {
  return recordingBackend(({ method, path }, url) => {
    if (method === 'GET' && path === '/user') return acmeUserResponse('manager');
    if (method === 'GET' && path === '/organizations/acme') {
      return jsonApiResponse(200, { data: { type: 'organizations', id: '7', attributes: { name: 'ACME', identifier: 'acme' } } });
    }
    if (method === 'GET' && path === '/organizations/7/members') {
      lists.push(url.searchParams);
      return jsonApiResponse(200, {
        data: [member('1', 'Hana', {}), member('2', 'Kenji', { 'invitation-pending': true })],
        meta: { 'total-count': 2, 'seats-used': 2 },
      });
    }
    if (method === 'GET' && path === '/organizations/7/groups') {
      return jsonApiResponse(200, { data: [{ type: 'groups', id: '3', attributes: { name: 'Sales', 'parent-id': null } }], meta: {} });
    }
    throw new Error(`unexpected ${method} ${url.pathname}`);
  }).api;
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

describe('MembersPage filters', () => {
  const render = (lists: URLSearchParams[]) => {
    const api = backend(lists);
    renderPage(
      <OrganizationContextProvider api={api} identifier="acme">
        <MembersPage />
      </OrganizationContextProvider>,
      { api, i18n },
    );
  };
  const last = (lists: URLSearchParams[]) => Object.fromEntries(lists.at(-1)!);

  it('applies the typed name (trimmed) with the search button, and a chosen role or group at once, with the name', async () => {
    const lists: URLSearchParams[] = [];
    render(lists);
    const form = within(await screen.findByRole('search'));
    await waitFor(() => expect(lists).toHaveLength(1));
    fireEvent.input(form.getByLabelText(t('members.search')), { target: { value: '  Hana ' } });
    expect(lists).toHaveLength(1);
    fireEvent.click(form.getByRole('button', { name: t('members.searchButton') }));
    await waitFor(() => expect(last(lists)).toMatchObject({ 'q[name]': 'Hana', page: '1' }));
    fireEvent.change(form.getByLabelText(t('members.filterRole')), { target: { value: 'manager' } });
    await waitFor(() => expect(last(lists)).toMatchObject({ 'q[name]': 'Hana', 'q[role]': 'manager' }));
    await form.findByRole('option', { name: 'Sales' });
    fireEvent.change(form.getByLabelText(t('members.filterGroup')), { target: { value: '3' } });
    await waitFor(() => expect(last(lists)).toMatchObject({ 'q[group_id]': '3', 'q[role]': 'manager' }));
    expect(form.getByLabelText(t('members.filterGroup'))).toHaveProperty('value', '3');
  });

  it('says a name longer than the API takes is too long, under the field, and asks nothing', async () => {
    const lists: URLSearchParams[] = [];
    render(lists);
    const form = within(await screen.findByRole('search'));
    await waitFor(() => expect(lists).toHaveLength(1));
    const name = form.getByLabelText(t('members.search'));
    expect(name.getAttribute('maxlength')).toBe('100');
    fireEvent.input(name, { target: { value: 'x'.repeat(101) } });
    fireEvent.click(form.getByRole('button', { name: t('members.searchButton') }));
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe(
      i18n.t('errors:validation.tooLong', { count: 100 }),
    );
    expect(lists).toHaveLength(1);
  });
});
