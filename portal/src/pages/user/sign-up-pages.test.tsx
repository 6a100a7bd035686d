// @vitest-environment happy-dom
// The sign-up and confirmation pages on real React with the real API client, session and router. The backend is a
// fetch that answers as the server does: payloads judged with the API's own schemas, tokens single use.
import { createApiClient } from '@kiwi/shared/api/client';
import { createI18n } from '@kiwi/shared/i18n/create-i18n';
import { ConfirmationSchema, ResendConfirmationSchema, SignUpSchema } from '@kiwi/shared/schemas/consumer-user';
import { ToastProvider } from '@kiwi/shared/ui/toast';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionProvider } from '../../session/session-provider';
import { signedOutIdentity } from '../../test-users';
import { ConfirmationPage } from './confirmation-page';
import { SignUpPage } from './sign-up-page';

const i18n = createI18n({ lng: 'en' });
const text = (key: string, options: Record<string, unknown> = {}) => i18n.t(key, options) as string;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/vnd.api+json' } });
const refusal = (status: number, code: string, pointer?: string) =>
  json(status, { errors: [{ status: String(status), code, detail: text(`errors:${code}`), ...(pointer ? { source: { pointer } } : {}) }] });

/** The three public calls; `live` holds the tokens a link may still confirm. */
function backend(live: string[] = []) {
  const state = { calls: [] as { path: string; body: unknown }[], live: new Set(live), codes: new Set(['K7QM4XRT9HCP']) };
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    state.calls.push({ path: url.pathname, body });
    if (url.pathname === '/api/consumer_users') {
      const parsed = SignUpSchema.safeParse(body);
      if (!parsed.success) return json(422, { errors: parsed.error.issues.map((issue) => ({ status: '422', code: issue.message })) });
      if (!state.codes.has(parsed.data.consumer_user.join_code)) return refusal(422, 'signup.joinCodeInvalid', '/consumer_user/join_code');
      return new Response(null, { status: 204 });
    }
    if (url.pathname === '/api/consumer_users/confirmation') {
      const token = ConfirmationSchema.parse(body).consumer_user.confirmation_token;
      if (!state.live.delete(token)) return refusal(410, 'confirmation.expired');
      return json(200, { data: { type: 'consumer-users', id: '7', attributes: { email: 'hanako@example.com' } } });
    }
    if (url.pathname === '/api/consumer_users/resend_confirmation') {
      ResendConfirmationSchema.parse(body);
      return new Response(null, { status: 204 });
    }
    throw new Error(`unexpected ${url.pathname}`);
  }) as typeof globalThis.fetch;
  return { state, api: createApiClient({ baseURL: 'http://kiwi.test/api', getToken: async () => null, fetch }) };
}

function renderAt(path: string, page: React.ReactNode, api: ReturnType<typeof backend>['api']) {
  return render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <ToastProvider>
            <SessionProvider identity={signedOutIdentity} api={api} i18n={i18n}>
              <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
            </SessionProvider>
          </ToastProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>,
  );
}
const confirmations = (state: ReturnType<typeof backend>['state']) =>
  state.calls.filter((call) => call.path === '/api/consumer_users/confirmation');

afterEach(cleanup);

describe('ConfirmationPage', () => {
  it('sends a link once, even rendered twice (strict mode), and offers sign-in', async () => {
    const { state, api } = backend(['tok_1']);
    renderAt('/user/confirmation?confirmation_token=tok_1', <ConfirmationPage />, api);
    expect(await screen.findByText(text('signup:confirmation.done'))).toBeTruthy();
    expect(screen.getByRole('link', { name: text('signup:confirmation.signIn') }).getAttribute('href')).toBe('/login');
    expect(confirmations(state)).toEqual([
      { path: '/api/consumer_users/confirmation', body: { consumer_user: { confirmation_token: 'tok_1' } } },
    ]);
  });

  it('shows "expired" with the resend form for a used link, and resends to the typed address', async () => {
    const { state, api } = backend();
    renderAt('/user/confirmation?confirmation_token=used', <ConfirmationPage />, api);
    expect(await screen.findByText(text('errors:confirmation.expired'))).toBeTruthy();
    fireEvent.change(screen.getByLabelText(text('signup:confirmation.email')), { target: { value: ' Hanako@Example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: text('signup:confirmation.resend') }));
    expect(await screen.findByText(text('signup:confirmation.resent'))).toBeTruthy();
    expect(state.calls.at(-1)).toEqual({
      path: '/api/consumer_users/resend_confirmation',
      body: { consumer_user: { email: 'hanako@example.com' } },
    });
  });

  it('refuses a mangled link without asking the server, and says why after an unconfirmed sign-in', async () => {
    const mangled = backend();
    renderAt('/user/confirmation?confirmation_token=%3Cx%3E', <ConfirmationPage />, mangled.api);
    expect(await screen.findByText(text('errors:confirmation.expired'))).toBeTruthy();
    expect(confirmations(mangled.state)).toEqual([]);
    cleanup();

    const { api } = backend();
    renderAt('/user/confirmation?unconfirmed', <ConfirmationPage />, api);
    expect(await screen.findByText(text('errors:auth.unconfirmed'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: text('signup:confirmation.resend') }));
    const email = screen.getByLabelText(text('signup:confirmation.email'));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
  });
});

describe('SignUpPage', () => {
  const fill = (fields: Record<string, string>) => {
    for (const [label, value] of Object.entries(fields))
      fireEvent.change(screen.getByLabelText(text(`signup:${label}`)), { target: { value } });
  };
  const valid = {
    joinCodeLabel: 'k7qm 4xrt 9hcp',
    email: 'hanako@example.com',
    password: 'secret-1',
    passwordConfirmation: 'secret-1',
    name: 'Hanako',
    nickname: 'hana',
  };

  it('checks the form before sending: differing passwords are refused under the repeated one', async () => {
    const { state, api } = backend();
    renderAt('/user/sign_up', <SignUpPage />, api);
    fill({ ...valid, passwordConfirmation: 'secret-2' });
    fireEvent.click(screen.getByRole('button', { name: text('signup:submit') }));
    expect(await screen.findByText(text('signup:passwordMismatch'))).toBeTruthy();
    expect(screen.getByLabelText(text('signup:passwordConfirmation')).getAttribute('aria-invalid')).toBe('true');
    expect(state.calls).toEqual([]);
  });

  it("shows the server's refusal under its field, then the mail notice once the code is right", async () => {
    const { state, api } = backend();
    renderAt('/user/sign_up', <SignUpPage />, api);
    fill({ ...valid, joinCodeLabel: 'ZZZZ-ZZZZ-ZZZZ' });
    fireEvent.click(screen.getByRole('button', { name: text('signup:submit') }));
    expect(await screen.findByText(text('errors:signup.joinCodeInvalid'))).toBeTruthy();
    expect(screen.getByLabelText(text('signup:joinCodeLabel')).getAttribute('aria-invalid')).toBe('true');

    fill({ joinCodeLabel: valid.joinCodeLabel });
    fireEvent.click(screen.getByRole('button', { name: text('signup:submit') }));
    expect(await screen.findByText(text('signup:sent', { email: valid.email, hours: 24 }))).toBeTruthy();
    expect(state.calls.at(-1)?.body).toEqual({
      consumer_user: {
        email: 'hanako@example.com',
        password: 'secret-1',
        name: 'Hanako',
        nickname: 'hana',
        join_code: 'K7QM4XRT9HCP',
        language: 'en',
      },
    });
  });
});
