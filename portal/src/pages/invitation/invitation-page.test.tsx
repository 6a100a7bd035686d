// @vitest-environment happy-dom
// The invitation page on real React with the real API client, session and router (issue 21 point 11: one way for
// forms). The backend checks the token and judges the accept body with the API's own schema; a hold lets the test see
// the form while it is sent.
import { createApiClient } from '@kiwi/shared/api/client';
import { createI18n } from '@kiwi/shared/i18n/create-i18n';
import { AcceptInvitationSchema, PASSWORD_LIMITS } from '@kiwi/shared/schemas/invitation';
import { ToastProvider } from '@kiwi/shared/ui/toast';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionProvider } from '../../session/session-provider';
import { answerGate, jsonApiResponse, productUserResponse } from '../../test-backend';
import { signedInIdentity } from '../../test-users';
import { InvitationPage } from './invitation-page';

const i18n = createI18n({ lng: 'en' });
const text = (key: string, options: Record<string, unknown> = {}) => i18n.t(key, options) as string;

function backend() {
  const accepted: unknown[] = [];
  const gate = answerGate();
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/api/user') return productUserResponse();
    if (method === 'POST' && url.pathname === '/api/user/check_effective_token') {
      return jsonApiResponse(200, {
        data: { type: 'invitations', id: '5', attributes: { email: 'new@kiwi.example', name: 'Hanako', 'organization-name': 'Acme' } },
      });
    }
    if (method === 'POST' && url.pathname === '/api/user/accept_invitation') {
      const body = JSON.parse(String(init?.body));
      accepted.push(body);
      AcceptInvitationSchema.parse(body);
      await gate.opened;
      return jsonApiResponse(422, {
        errors: [{ status: '422', code: 'validation.invalidName', detail: 'Refused by the test', source: { pointer: '/user/name' } }],
      });
    }
    throw new Error(`unexpected ${method} ${url.pathname}`);
  }) as typeof globalThis.fetch;
  return {
    accepted,
    release: gate.release,
    api: createApiClient({ baseURL: 'http://kiwi.test/api', getToken: async () => 'token', fetch }),
  };
}

function renderPage(api: ReturnType<typeof backend>['api']) {
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToastProvider>
          <SessionProvider identity={signedInIdentity} api={api} i18n={i18n}>
            <MemoryRouter initialEntries={['/user/invitation?token=abc_123']}>
              <InvitationPage />
            </MemoryRouter>
          </SessionProvider>
        </ToastProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

afterEach(cleanup);

describe('InvitationPage (accept)', () => {
  it('shows a short password and a mismatch at their fields without calling the server', async () => {
    const { api, accepted } = backend();
    renderPage(api);
    const password = (await screen.findByLabelText(text('organization:invitation.password'))) as HTMLInputElement;
    expect((screen.getByLabelText(text('organization:invitation.name')) as HTMLInputElement).value).toBe('Hanako');
    fireEvent.change(password, { target: { value: 'abc' } });
    fireEvent.change(screen.getByLabelText(text('organization:invitation.passwordConfirm')), { target: { value: 'abd' } });
    fireEvent.click(screen.getByRole('button', { name: text('organization:invitation.submit') }));
    const tooShort = await screen.findByText(text('validation:tooShort', { count: PASSWORD_LIMITS.min }));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-describedby')).toBe(tooShort.id);
    expect(screen.getByText(text('organization:invitation.passwordMismatch'))).toBeTruthy();
    expect(accepted).toEqual([]);
  });

  it('is busy while the invitation is accepted, then puts the refusal under the name', async () => {
    const { api, accepted, release } = backend();
    renderPage(api);
    fireEvent.change(await screen.findByLabelText(text('organization:invitation.password')), { target: { value: 'secret-1' } });
    fireEvent.change(screen.getByLabelText(text('organization:invitation.passwordConfirm')), { target: { value: 'secret-1' } });
    fireEvent.click(screen.getByRole('button', { name: text('organization:invitation.submit') }));
    const busy = (await screen.findByRole('button', { name: text('organization:invitation.submitting') })) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(busy.closest('form')?.getAttribute('aria-busy')).toBe('true');
    expect(accepted).toEqual([{ user: { token: 'abc_123', name: 'Hanako', password: 'secret-1' } }]);
    release();
    const name = screen.getByLabelText(text('organization:invitation.name'));
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('Refused by the test').length).toBeGreaterThan(0);
    expect((screen.getByRole('button', { name: text('organization:invitation.submit') }) as HTMLButtonElement).disabled).toBe(false);
  });
});
