// @vitest-environment happy-dom
// /_admin/users on real React with the real API client, session, toast and confirmation dialog; the backend is a fetch
// that answers GET /api/users and the actions as docs/api.md describes them. The URL holds the search; each action is
// asked first and sends exactly its call; a coded refusal reads as its errors.json message.
import { createI18n } from '@kiwi/shared/i18n/create-i18n';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../../locales/en/admin-users.json' with { type: 'json' };
import ja from '../../../../locales/ja/admin-users.json' with { type: 'json' };
import { UsersPage } from './admin-users-page';
import { testApiClient } from '../../test-backend';
import { renderPage as renderPortalPage } from '../../test-render';

afterEach(cleanup);

const i18n = createI18n({ lng: 'en' });
i18n.addResourceBundle('ja', 'admin-users', ja, true, true);
i18n.addResourceBundle('en', 'admin-users', en, true, true);
const t = (key: string, options: Record<string, unknown> = {}) => i18n.t(key.includes(':') ? key : `admin-users:${key}`, options) as string;
const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/vnd.api+json' } });

const me = { data: { type: 'users', id: '1', attributes: { role: 'admin', name: 'Admin', email: 'admin@example.com', language: 'en' } } };
const listed = (id: string, name: string, attributes: Record<string, unknown> = {}) => ({
  type: 'users',
  id,
  attributes: {
    name,
    email: `${name.toLowerCase()}@example.com`,
    role: 'member',
    state: 'active',
    'invitation-pending': false,
    'last-signed-in-at': null,
    'sign-in-disabled': false,
    'mfa-enrolled': false,
    'app-installed': false,
    ...attributes,
  },
  relationships: { 'organization-members': { data: [] } },
});

type Call = { method: string; path: string; query: URLSearchParams; body: unknown };

function backend({ refuse }: { refuse?: { path: string; code: string } } = {}) {
  const calls: Call[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    calls.push({ method, path, query: url.searchParams, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'GET' && path === '/user') return json(200, me);
    if (method === 'GET' && path === '/organizations') {
      return json(200, { data: [{ type: 'organizations', id: '9', attributes: { name: 'ACME' } }], meta: { 'total-count': 1 } });
    }
    if (method === 'GET' && path === '/users') {
      return json(200, {
        data: [listed('1', 'Admin', { role: 'admin' }), listed('7', 'Hana', { 'mfa-enrolled': true })],
        meta: { 'total-count': 2, 'total-pages': 1, 'current-page': 1 },
      });
    }
    if (refuse && path === refuse.path) {
      return json(409, { errors: [{ status: '409', code: refuse.code, detail: i18n.t(`errors:${refuse.code}`) }] });
    }
    if (path.startsWith('/users/7/')) return json(204, null);
    throw new Error(`unexpected ${method} ${path}`);
  }) as typeof globalThis.fetch;
  return { calls, api: testApiClient(fetch) };
}

function renderPage(api: ReturnType<typeof backend>['api'], entry = '/_admin/users') {
  renderPortalPage(<UsersPage />, { api, i18n, entry });
}

const userLists = (calls: Call[]) => calls.filter((call) => call.method === 'GET' && call.path === '/users');

describe('UsersPage', () => {
  it('asks for the search the URL holds, and a new search from the form starts at page 1', async () => {
    const { calls, api } = backend();
    renderPage(api, '/_admin/users?keyword=hana&state=disabled&sort=-name&page=2');
    await screen.findByRole('table', { name: t('title') });
    const [first] = userLists(calls);
    expect(Object.fromEntries(first!.query)).toMatchObject({
      'q[keyword]': 'hana',
      'q[state]': 'disabled',
      sort: '-name',
      page: '2',
      per: '20',
    });

    const form = screen.getByRole('search', { name: t('filters') });
    expect(within(form).getByLabelText(t('keyword'))).toHaveProperty('value', 'hana');
    fireEvent.change(within(form).getByLabelText(t('role')), { target: { value: 'admin' } });
    fireEvent.click(within(form).getByRole('button', { name: t('search') }));
    await waitFor(() => expect(userLists(calls).length).toBe(2));
    const second = Object.fromEntries(userLists(calls)[1]!.query);
    expect(second).toMatchObject({ 'q[keyword]': 'hana', 'q[role]': 'admin', 'q[state]': 'disabled', sort: '-name', page: '1' });
  });

  it('refuses a keyword over 100 characters in the form, without a request', async () => {
    const { calls, api } = backend();
    renderPage(api);
    await screen.findByRole('table', { name: t('title') });
    const form = screen.getByRole('search', { name: t('filters') });
    fireEvent.change(within(form).getByLabelText(t('keyword')), { target: { value: 'a'.repeat(101) } });
    fireEvent.click(within(form).getByRole('button', { name: t('search') }));
    expect(await within(form).findByText(t('keywordTooLong'))).toBeTruthy();
    expect(userLists(calls)).toHaveLength(1);
  });

  it('disables sign-in only after the confirmation, sends exactly that call, and offers nothing on oneself', async () => {
    const { calls, api } = backend();
    renderPage(api);
    const table = await screen.findByRole('table', { name: t('title') });
    const [own, hana] = within(table).getAllByTestId('admin-user-row');
    expect(within(own!).queryAllByRole('button')).toHaveLength(0);
    expect(within(hana!).getByRole('button', { name: `${t('actions.mfaReset')}: Hana` })).toBeTruthy();

    fireEvent.click(within(hana!).getByRole('button', { name: `${t('actions.disable')}: Hana` }));
    const dialog = await screen.findByRole('dialog', { name: t('actions.disableTitle', { name: 'Hana' }) });
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: t('actions.disable') }));
    expect(await screen.findByText(t('actions.disabled', { name: 'Hana' }))).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => [call.path, call.body])).toEqual([
      ['/users/7/sign_in', { user: { disabled: true } }],
    ]);
    await waitFor(() => expect(userLists(calls).length).toBe(2));
  });

  it('shows a refusal with its translated message', async () => {
    const { api } = backend({ refuse: { path: '/users/7/role', code: 'adminUsers.lastAdmin' } });
    renderPage(api);
    const table = await screen.findByRole('table', { name: t('title') });
    const hana = within(table).getAllByTestId('admin-user-row')[1]!;
    fireEvent.click(within(hana).getByRole('button', { name: `${t('actions.promote')}: Hana` }));
    const dialog = await screen.findByRole('dialog', { name: t('actions.promoteTitle', { name: 'Hana' }) });
    fireEvent.click(within(dialog).getByRole('button', { name: t('actions.promote') }));
    expect(await screen.findByText(t('errors:adminUsers.lastAdmin'))).toBeTruthy();
  });
});
