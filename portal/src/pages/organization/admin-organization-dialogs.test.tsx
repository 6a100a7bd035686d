// @vitest-environment happy-dom
// The admin organisation dialogs on real React with the real API client, session and toast. The backend is a fetch
// that judges bodies with the API's own schemas: the delete waits for the exact identifier, the seats warning comes
// back as the server sends it and the admin's "save anyway" confirms it.
import { createApiClient } from '@kiwi/shared/api/client';
import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { createI18n } from '@kiwi/shared/i18n/create-i18n';
import { AdminUpdateOrganizationSchema, DeleteOrganizationSchema } from '@kiwi/shared/schemas/admin-organization';
import { ToastProvider } from '@kiwi/shared/ui/toast';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../../locales/en/admin-organizations.json' with { type: 'json' };
import { SessionProvider } from '../../session/session-provider';
import { signedInIdentity } from '../../test-users';
import { AdminOrganizationContractDialog } from './admin-organization-contract-dialog';
import { AdminOrganizationDeleteDialog } from './admin-organization-delete-dialog';
import type { AdminOrganization } from './admin-organization-translation';

const i18n = createI18n({ lng: 'en' });
i18n.addResourceBundle('en', 'admin-organizations', en, true, true);
const text = (key: string, options: Record<string, unknown> = {}) => i18n.t(key, options) as string;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/vnd.api+json' } });

const organization: AdminOrganization = {
  id: '7',
  name: 'Initech',
  identifier: 'initech',
  plan: 'business',
  planStartedAt: '2026-04-01',
  planEndedAt: null,
  numberOfMembers: 10,
  archived: true,
  membersCount: 4,
  seatsUsed: 3,
};

function backend() {
  const calls: { method: string; body: unknown }[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (method === 'GET' && url.pathname === '/api/user') {
      return json(200, { data: { type: 'users', id: '1', attributes: { role: 'admin', name: 'Admin', email: 'admin@kiwi.example' } } });
    }
    if (method === 'GET' && url.pathname === '/api/client_config') {
      return json(200, {
        data: { type: 'client-configs', id: 'web', attributes: { 'firebase-api-key': 'k', 'firebase-project-id': 'demo-kiwi' } },
      });
    }
    calls.push({ method, body });
    if (method === 'DELETE' && url.pathname === '/api/organizations/7') {
      const parsed = DeleteOrganizationSchema.parse(body);
      if (parsed.organization.identifier_confirmation !== 'initech')
        return json(422, { errors: [{ status: '422', code: ErrorCode.adminOrganizationIdentifierMismatch }] });
      return json(200, { meta: { identifier: 'initech', 'members-count': 4, 'removed-users-count': 2 } });
    }
    if (method === 'PUT' && url.pathname === '/api/organizations/7') {
      const parsed = AdminUpdateOrganizationSchema.parse(body);
      const seats = parsed.organization.number_of_members;
      if (seats != null && seats < organization.seatsUsed && !parsed.confirm_seats_below_members) {
        return json(422, {
          errors: [
            { status: '422', code: ErrorCode.adminOrganizationSeatsBelowMembers, source: { pointer: '/organization/number_of_members' } },
          ],
        });
      }
      return json(200, { data: { type: 'organizations', id: '7', attributes: { name: 'Initech', identifier: 'initech' } } });
    }
    throw new Error(`unexpected ${method} ${url.pathname}`);
  }) as typeof globalThis.fetch;
  return { calls, api: createApiClient({ baseURL: 'http://kiwi.test/api', getToken: async () => 'token', fetch }) };
}

function renderWith(api: ReturnType<typeof backend>['api'], children: ReactNode) {
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToastProvider>
          <SessionProvider identity={signedInIdentity} api={api} i18n={i18n}>
            {children}
          </SessionProvider>
        </ToastProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

afterEach(cleanup);

describe('AdminOrganizationDeleteDialog', () => {
  it('says what goes, keeps the button disabled until the identifier is typed exactly, then deletes', async () => {
    const { api, calls } = backend();
    let deleted = 0;
    renderWith(
      api,
      <AdminOrganizationDeleteDialog organization={organization} onClose={() => undefined} onDeleted={() => (deleted += 1)} />,
    );
    const input = (await screen.findByLabelText(
      text('admin-organizations:delete.typeLabel', { identifier: 'initech' }),
    )) as HTMLInputElement;
    expect(screen.getByText(text('admin-organizations:delete.body', { members: '4' }))).toBeTruthy();
    const button = screen.getByRole('button', { name: text('admin-organizations:delete.confirm') }) as HTMLButtonElement;
    for (const typed of ['', 'Initech', 'initech ', 'initec']) {
      fireEvent.change(input, { target: { value: typed } });
      expect(button.disabled, typed).toBe(true);
    }
    fireEvent.submit(input.closest('form')!);
    expect(calls).toEqual([]);
    fireEvent.change(input, { target: { value: 'initech' } });
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(deleted).toBe(1));
    expect(calls).toEqual([{ method: 'DELETE', body: { organization: { identifier_confirmation: 'initech' } } }]);
    expect(
      await screen.findByText(text('admin-organizations:delete.done', { identifier: 'initech', members: '4', users: '2' })),
    ).toBeTruthy();
  });
});

describe('AdminOrganizationContractDialog', () => {
  it('warns when the seats fall below those in use and saves them only when the admin insists', async () => {
    const { api, calls } = backend();
    let saved = 0;
    renderWith(api, <AdminOrganizationContractDialog organization={organization} onClose={() => undefined} onSaved={() => (saved += 1)} />);
    const seats = (await screen.findByLabelText(text('admin-organizations:contract.seats'))) as HTMLInputElement;
    fireEvent.change(seats, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: text('organization:common.save') }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText(text('admin-organizations:contract.belowWarning', { seats: '2', used: '3' }))).toBeTruthy();
    expect(saved).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: text('admin-organizations:contract.keepAnyway') }));
    await waitFor(() => expect(saved).toBe(1));
    expect(calls.map((call) => call.body)).toEqual([
      { organization: { plan: 'business', plan_started_at: '2026-04-01', plan_ended_at: null, number_of_members: 2 } },
      {
        organization: { plan: 'business', plan_started_at: '2026-04-01', plan_ended_at: null, number_of_members: 2 },
        confirm_seats_below_members: true,
      },
    ]);
  });

  it('refuses a plan that ends on or before its start without calling the server', async () => {
    const { api, calls } = backend();
    renderWith(api, <AdminOrganizationContractDialog organization={organization} onClose={() => undefined} onSaved={() => undefined} />);
    fireEvent.change(await screen.findByLabelText(text('admin-organizations:contract.planEndedAt')), { target: { value: '2026-04-01' } });
    fireEvent.click(screen.getByRole('button', { name: text('organization:common.save') }));
    expect(await screen.findByText(text('validation:endAfterStart'))).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
