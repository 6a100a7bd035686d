// @vitest-environment happy-dom
// The embed origins section on real React with the real API client, session, toast and confirmation dialog. The
// backend is a fetch that keeps the list and judges each PUT with the API's own schema (EmbedOriginsPayloadSchema),
// answering JSON:API errors as the server does (code, pointer, translated detail).
import { createApiClient } from '@kiwi/shared/api/client';
import { createI18n } from '@kiwi/shared/i18n/create-i18n';
import { EmbedOriginsPayloadSchema } from '@kiwi/shared/schemas/embed-origins';
import { ConfirmDialogProvider } from '@kiwi/shared/ui/confirm-dialog';
import { ToastProvider } from '@kiwi/shared/ui/toast';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { initializeApp } from 'firebase/app';
import { inMemoryPersistence, initializeAuth } from 'firebase/auth';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionProvider } from '../../session/session-provider';
import { EmbedOriginsSection } from './embed-origins-section';

afterEach(cleanup);

const i18n = createI18n({ lng: 'en' });
const text = (key: string, options: Record<string, unknown> = {}) => i18n.t(key, options) as string;
const jsonApi = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/vnd.api+json' } });

type Backend = { origins: string[]; gets: number; puts: unknown[]; failGets: number; refuseNext: { index: number; code: string } | null };

function backend(origins: string[] = []) {
  const state: Backend = { origins: [...origins], gets: 0, puts: [], failGets: 0, refuseNext: null };
  const document = () => jsonApi(200, { data: state.origins.map((origin, index) => ({ type: 'embed-origins', id: String(index + 1), attributes: { origin, 'created-at': '2030-01-01T00:00:00.000Z' } })) });
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    expect(url.pathname).toBe('/api/organizations/7/embed_origins');
    if ((init?.method ?? 'GET') === 'GET') {
      state.gets += 1;
      if (state.failGets > 0) {
        state.failGets -= 1;
        return jsonApi(500, { errors: [{ status: '500', code: 'server.unexpected' }] });
      }
      return document();
    }
    const body = JSON.parse(String(init?.body));
    state.puts.push(body);
    if (state.refuseNext) {
      const { index, code } = state.refuseNext;
      state.refuseNext = null;
      return jsonApi(422, { errors: [{ status: '422', code, detail: text(`errors:${code}`), source: { pointer: `/embed_origins/${index}` } }] });
    }
    const parsed = EmbedOriginsPayloadSchema.safeParse(body);
    if (!parsed.success) {
      return jsonApi(422, {
        errors: parsed.error.issues.map((issue) => ({ status: '422', code: issue.message, detail: text(`errors:${issue.message}`, { count: 20 }), source: { pointer: `/${issue.path.join('/')}` } })),
      });
    }
    state.origins = parsed.data.embed_origins;
    return document();
  }) as typeof globalThis.fetch;
  return { state, api: createApiClient({ baseURL: 'http://kiwi.test/api', getToken: async () => 'token', fetch }) };
}

function renderSection(api: ReturnType<typeof backend>['api']) {
  // A real Auth with nobody signed in, kept in memory: the section only needs the session's API client.
  const app = initializeApp({ apiKey: 'test-api-key', projectId: 'demo-kiwi' }, `embed-origins-${Math.random()}`);
  const auth = initializeAuth(app, { persistence: inMemoryPersistence });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToastProvider>
          <ConfirmDialogProvider>
            <SessionProvider auth={auth} api={api} i18n={i18n}>
              <EmbedOriginsSection organizationId="7" />
            </SessionProvider>
          </ConfirmDialogProvider>
        </ToastProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const input = () => screen.getByLabelText(text('coins:externalServices.embedOrigins.newOrigin')) as HTMLInputElement;
const addButton = () => screen.getByRole('button', { name: text('coins:externalServices.embedOrigins.add') });
const list = () => screen.queryByRole('list', { name: text('coins:externalServices.embedOrigins.listLabel') });
const type = (value: string) => fireEvent.change(input(), { target: { value } });

describe('EmbedOriginsSection', () => {
  it('shows the empty state, then adds a normalised origin with the Enter key of the form', async () => {
    const { api, state } = backend();
    renderSection(api);
    expect(screen.getByText(text('organization:common.loading')).getAttribute('role')).toBe('status');
    expect(await screen.findByText(text('coins:externalServices.embedOrigins.none'))).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: text('coins:externalServices.embedOrigins.title') })).toBeTruthy();

    type('  HTTPS://Intranet.Example.com/ ');
    fireEvent.submit(input().form!);
    await waitFor(() => expect(list()).not.toBeNull());
    const item = within(list()!).getByText('https://intranet.example.com');
    expect(item.tagName).toBe('CODE');
    expect(state.puts).toEqual([{ embed_origins: ['https://intranet.example.com'] }]);
    expect(input().value).toBe('');
    expect(await screen.findByText(text('coins:externalServices.embedOrigins.added'))).toBeTruthy();
    expect(screen.getByText(text('coins:externalServices.embedOrigins.count', { count: 1, max: 20 }))).toBeTruthy();
  });

  it('refuses what is not an origin, and a duplicate, with the translated message under the field and no call', async () => {
    const { api, state } = backend(['http://localhost:8081']);
    renderSection(api);
    await screen.findByText('http://localhost:8081');
    for (const [value, message] of [
      ['https://intranet.example.com/portal', text('errors:validation.invalidOrigin')],
      ['intranet.example.com', text('errors:validation.invalidOrigin')],
      ['', text('errors:validation.required')],
      ['HTTP://LOCALHOST:8081/', text('coins:externalServices.embedOrigins.alreadyAdded')],
    ] as [string, string][]) {
      type(value);
      fireEvent.click(addButton());
      const error = await screen.findByText(message);
      expect(input().getAttribute('aria-invalid'), value).toBe('true');
      expect(input().getAttribute('aria-describedby')).toBe(error.id);
    }
    expect(text('errors:validation.invalidOrigin')).toContain('https://intranet.example.com');
    expect(state.puts).toEqual([]);
    type('https://ok.example');
    fireEvent.click(addButton());
    await screen.findByText('https://ok.example');
    expect(input().getAttribute('aria-invalid')).toBeNull();
  });

  it("shows the API's refusal of the new entry under the field and keeps the list", async () => {
    const { api, state } = backend(['https://a.example']);
    renderSection(api);
    await screen.findByText('https://a.example');
    state.refuseNext = { index: 1, code: 'validation.invalidOrigin' };
    type('https://b.example');
    fireEvent.click(addButton());
    expect(await screen.findByText(text('errors:validation.invalidOrigin'))).toBeTruthy();
    expect(input().value).toBe('https://b.example');
    expect(state.origins).toEqual(['https://a.example']);
  });

  it('stops at 20 origins with the same message as the API', async () => {
    const twenty = Array.from({ length: 20 }, (_unused, index) => `https://host${index}.example`);
    const { api, state } = backend(twenty);
    renderSection(api);
    await screen.findByText('https://host19.example');
    type('https://one-more.example');
    fireEvent.click(addButton());
    expect(await screen.findByText(text('errors:validation.tooManyItems', { count: 20 }))).toBeTruthy();
    expect(text('errors:validation.tooManyItems', { count: 20 })).toBe('Enter 20 or fewer entries');
    expect(state.puts).toEqual([]);
  });

  it('removes an origin after confirmation, saving the rest of the list', async () => {
    const { api, state } = backend(['https://a.example', 'https://b.example']);
    renderSection(api);
    const remove = await screen.findByRole('button', { name: `${text('coins:externalServices.embedOrigins.remove')}: https://a.example` });
    fireEvent.click(remove);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(text('coins:externalServices.embedOrigins.removeTitle', { origin: 'https://a.example' }))).toBeTruthy();
    expect(state.puts).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: text('coins:externalServices.embedOrigins.remove') }));
    await waitFor(() => expect(screen.queryByText('https://a.example')).toBeNull());
    expect(state.puts).toEqual([{ embed_origins: ['https://b.example'] }]);
    expect(screen.getByText('https://b.example')).toBeTruthy();
    expect(await screen.findByText(text('coins:externalServices.embedOrigins.removed'))).toBeTruthy();
  });

  it("starts each save from the server's list of now, so another manager's change meanwhile is not undone", async () => {
    const { api, state } = backend(['https://a.example', 'https://b.example']);
    renderSection(api);
    await screen.findByText('https://b.example');
    // Another manager, on another page, adds one after this page loaded its list.
    state.origins.push('https://theirs.example');
    type('https://mine.example');
    fireEvent.click(addButton());
    await screen.findByText('https://mine.example');
    expect(state.puts).toEqual([{ embed_origins: ['https://a.example', 'https://b.example', 'https://theirs.example', 'https://mine.example'] }]);

    // And removes one while this page still shows it; then this page removes another.
    state.origins = state.origins.filter((origin) => origin !== 'https://b.example');
    fireEvent.click(screen.getByRole('button', { name: `${text('coins:externalServices.embedOrigins.remove')}: https://a.example` }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: text('coins:externalServices.embedOrigins.remove') }));
    await waitFor(() => expect(screen.queryByText('https://a.example')).toBeNull());
    expect(state.puts[1]).toEqual({ embed_origins: ['https://theirs.example', 'https://mine.example'] });
    expect(screen.queryByText('https://b.example')).toBeNull();

    // One that another manager added meanwhile is reported as already there, without a save.
    state.origins.push('https://late.example');
    type('https://late.example');
    fireEvent.click(addButton());
    expect(await screen.findByText(text('coins:externalServices.embedOrigins.alreadyAdded'))).toBeTruthy();
    expect(state.puts).toHaveLength(2);
  });

  it('shows the list the save answered with, asking the server only for the list of now before each save', async () => {
    const { api, state } = backend(['https://a.example']);
    renderSection(api);
    await screen.findByText('https://a.example');
    expect(state.gets).toBe(1);
    // Another manager's addition arrives with the save's answer.
    state.origins.push('https://theirs.example');
    type('https://mine.example');
    fireEvent.click(addButton());
    await screen.findByText('https://mine.example');
    await waitFor(() => expect((addButton() as HTMLButtonElement).disabled).toBe(false));
    expect(screen.getByText('https://theirs.example')).toBeTruthy();
    expect(state.gets).toBe(2);

    fireEvent.click(screen.getByRole('button', { name: `${text('coins:externalServices.embedOrigins.remove')}: https://a.example` }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: text('coins:externalServices.embedOrigins.remove') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('https://a.example')).toBeNull();
    expect(state.gets).toBe(3);
  });

  it('offers a retry when the list cannot be loaded', async () => {
    const { api, state } = backend(['https://a.example']);
    state.failGets = 1;
    renderSection(api);
    expect(await screen.findByRole('alert')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: text('organization:common.retry') }));
    expect(await screen.findByText('https://a.example')).toBeTruthy();
  });
});
