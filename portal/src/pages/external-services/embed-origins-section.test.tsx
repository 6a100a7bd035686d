// @vitest-environment happy-dom
// The embed origins section on real React with the real API client, session, toast and confirmation dialog. The
// backend is a fetch that keeps the list as the server does: POST adds one origin judged with the API's own schema
// (EmbedOriginPayloadSchema; 201, or 200 with meta.added false when it is there already; 422 past 20), DELETE removes
// one by id (404 when it is gone), each answering the whole list; errors are JSON:API errors as the server's (code,
// pointer, translated detail). A PUT (the whole list) fails the test: the section must never send one.
import { createApiClient } from '@kiwi/shared/api/client';
import { createI18n } from '@kiwi/shared/i18n/create-i18n';
import { EmbedOriginPayloadSchema } from '@kiwi/shared/schemas/embed-origins';
import { ConfirmDialogProvider } from '@kiwi/shared/ui/confirm-dialog';
import { ToastProvider } from '@kiwi/shared/ui/toast';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { initializeApp } from 'firebase/app';
import { inMemoryPersistence, initializeAuth } from 'firebase/auth';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionProvider } from '../../session/session-provider';
import { portalIdentity } from '../../startup/firebase';
import { EmbedOriginsSection } from './embed-origins-section';

afterEach(cleanup);

const i18n = createI18n({ lng: 'en' });
const text = (key: string, options: Record<string, unknown> = {}) => i18n.t(key, options) as string;
const jsonApi = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/vnd.api+json' } });
const BASE = '/api/organizations/7/embed_origins';

type Change = { method: string; path: string; body?: unknown };
type Backend = {
  rows: { id: number; origin: string }[];
  gets: number;
  /** Every call but GET, in the order the backend received them. */
  changes: Change[];
  failGets: number;
  /** The next POST is refused with this error (a 422 on the field unless told otherwise). */
  refuseNext: { code: string; status?: number; pointer?: string | null } | null;
  /** While set, answers to changes wait for it (the change itself is saved on arrival, as in a transaction). */
  hold: Promise<void> | null;
};

function backend(origins: string[] = []) {
  let nextId = 1;
  const state: Backend = { rows: [], gets: 0, changes: [], failGets: 0, refuseNext: null, hold: null };
  const addRow = (origin: string) => state.rows.push({ id: nextId++, origin });
  origins.forEach(addRow);
  const document = (status = 200, meta: Record<string, unknown> = {}) =>
    jsonApi(status, {
      data: state.rows.map(({ id, origin }) => ({
        type: 'embed-origins',
        id: String(id),
        attributes: { origin, 'created-at': '2030-01-01T00:00:00.000Z' },
      })),
      meta: { 'total-count': state.rows.length, ...meta },
    });
  const errors = (status: number, list: { code: string; pointer?: string; params?: Record<string, unknown> }[]) =>
    jsonApi(status, {
      errors: list.map(({ code, pointer, params }) => ({
        status: String(status),
        code,
        detail: text(`errors:${code}`, params),
        ...(pointer ? { source: { pointer } } : {}),
      })),
    });

  const judge = (method: string, path: string, body: unknown): Response => {
    if (method === 'POST' && path === BASE) {
      if (state.refuseNext) {
        const { code, status = 422, pointer = '/embed_origin' } = state.refuseNext;
        state.refuseNext = null;
        return errors(status, [{ code, ...(pointer ? { pointer } : {}) }]);
      }
      const parsed = EmbedOriginPayloadSchema.safeParse(body);
      if (!parsed.success)
        return errors(
          422,
          parsed.error.issues.map((issue) => ({ code: issue.message, pointer: `/${issue.path.join('/')}` })),
        );
      const origin = parsed.data.embed_origin;
      if (state.rows.some((row) => row.origin === origin)) return document(200, { added: false });
      if (state.rows.length >= 20)
        return errors(422, [{ code: 'validation.tooManyItems', pointer: '/embed_origin', params: { count: 20 } }]);
      addRow(origin);
      return document(201, { added: true });
    }
    const removal = method === 'DELETE' ? path.match(/^\/api\/organizations\/7\/embed_origins\/(\d+)$/) : null;
    if (removal) {
      const before = state.rows.length;
      state.rows = state.rows.filter((row) => row.id !== Number(removal[1]));
      return state.rows.length < before ? document() : errors(404, [{ code: 'resource.notFound' }]);
    }
    throw new Error(`unexpected ${method} ${path}`);
  };

  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const method = init?.method ?? 'GET';
    if (method === 'GET') {
      expect(url.pathname).toBe(BASE);
      state.gets += 1;
      if (state.failGets > 0) {
        state.failGets -= 1;
        return jsonApi(500, { errors: [{ status: '500', code: 'server.unexpected' }] });
      }
      return document();
    }
    const body = init?.body === undefined || init.body === null ? undefined : JSON.parse(String(init.body));
    state.changes.push(body === undefined ? { method, path: url.pathname } : { method, path: url.pathname, body });
    const answer = judge(method, url.pathname, body);
    if (state.hold) await state.hold;
    return answer;
  }) as typeof globalThis.fetch;
  /** The backend's list of now. */
  const current = () => state.rows.map((row) => row.origin);
  const idOf = (origin: string) => state.rows.find((row) => row.origin === origin)!.id;
  return { state, origins: current, idOf, api: createApiClient({ baseURL: 'http://kiwi.test/api', getToken: async () => 'token', fetch }) };
}

function renderSection(api: ReturnType<typeof backend>['api']) {
  // A real Auth with nobody signed in, kept in memory: the section only needs the session's API client.
  const app = initializeApp({ apiKey: 'test-api-key', projectId: 'demo-kiwi' }, `embed-origins-${Math.random()}`);
  const auth = initializeAuth(app, { persistence: inMemoryPersistence });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToastProvider>
          <ConfirmDialogProvider>
            <SessionProvider identity={portalIdentity(auth)} api={api} i18n={i18n}>
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
    // One origin added, not the whole list put back.
    expect(state.changes).toEqual([{ method: 'POST', path: BASE, body: { embed_origin: 'https://intranet.example.com' } }]);
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
    expect(state.changes).toEqual([]);
    type('https://ok.example');
    fireEvent.click(addButton());
    await screen.findByText('https://ok.example');
    expect(input().getAttribute('aria-invalid')).toBeNull();
  });

  it("shows the API's refusal of the new entry under the field and keeps the list", async () => {
    const { api, state, origins } = backend(['https://a.example']);
    renderSection(api);
    await screen.findByText('https://a.example');
    state.refuseNext = { code: 'validation.invalidOrigin' };
    type('https://b.example');
    fireEvent.click(addButton());
    expect(await screen.findByText(text('errors:validation.invalidOrigin'))).toBeTruthy();
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(input().value).toBe('https://b.example');
    expect(origins()).toEqual(['https://a.example']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stops at 20 origins with the same message as the API, also when the server is the one to say so', async () => {
    const twenty = Array.from({ length: 20 }, (_unused, index) => `https://host${index}.example`);
    const { api, state } = backend(twenty);
    renderSection(api);
    await screen.findByText('https://host19.example');
    type('https://one-more.example');
    fireEvent.click(addButton());
    expect(await screen.findByText(text('errors:validation.tooManyItems', { count: 20 }))).toBeTruthy();
    expect(text('errors:validation.tooManyItems', { count: 20 })).toBe('Enter 20 or fewer entries');
    expect(state.changes).toEqual([]);
  });

  it("shows the server's 'list full' under the field when other managers filled the list meanwhile", async () => {
    const nineteen = Array.from({ length: 19 }, (_unused, index) => `https://host${index}.example`);
    const { api, state, origins } = backend(nineteen);
    renderSection(api);
    await screen.findByText('https://host18.example');
    state.rows.push({ id: 100, origin: 'https://theirs.example' });
    type('https://mine.example');
    fireEvent.click(addButton());
    expect(await screen.findByText(text('errors:validation.tooManyItems', { count: 20 }))).toBeTruthy();
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(state.changes).toEqual([{ method: 'POST', path: BASE, body: { embed_origin: 'https://mine.example' } }]);
    expect(origins()).not.toContain('https://mine.example');
  });

  it('removes an origin after confirmation, by its id', async () => {
    const { api, state } = backend(['https://a.example', 'https://b.example']);
    renderSection(api);
    const remove = await screen.findByRole('button', { name: `${text('coins:externalServices.embedOrigins.remove')}: https://a.example` });
    fireEvent.click(remove);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(text('coins:externalServices.embedOrigins.removeTitle', { origin: 'https://a.example' }))).toBeTruthy();
    expect(state.changes).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: text('coins:externalServices.embedOrigins.remove') }));
    await waitFor(() => expect(screen.queryByText('https://a.example')).toBeNull());
    expect(state.changes).toEqual([{ method: 'DELETE', path: `${BASE}/1` }]);
    expect(screen.getByText('https://b.example')).toBeTruthy();
    expect(await screen.findByText(text('coins:externalServices.embedOrigins.removed'))).toBeTruthy();
  });

  it("changes one origin at a time and shows the list each change answered with, so another manager's changes meanwhile stay", async () => {
    const { api, state, origins, idOf } = backend(['https://a.example', 'https://b.example']);
    renderSection(api);
    await screen.findByText('https://b.example');
    expect(state.gets).toBe(1);
    // Another manager, on another page, adds one after this page loaded its list.
    state.rows.push({ id: 50, origin: 'https://theirs.example' });
    type('https://mine.example');
    fireEvent.click(addButton());
    await screen.findByText('https://mine.example');
    await waitFor(() => expect((addButton() as HTMLButtonElement).disabled).toBe(false));
    expect(screen.getByText('https://theirs.example')).toBeTruthy();
    expect(state.changes).toEqual([{ method: 'POST', path: BASE, body: { embed_origin: 'https://mine.example' } }]);
    expect(origins()).toEqual(['https://a.example', 'https://b.example', 'https://theirs.example', 'https://mine.example']);

    // And removes one while this page still shows it; then this page removes another: only that one goes.
    state.rows = state.rows.filter((row) => row.origin !== 'https://b.example');
    fireEvent.click(screen.getByRole('button', { name: `${text('coins:externalServices.embedOrigins.remove')}: https://a.example` }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: text('coins:externalServices.embedOrigins.remove') }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(state.changes[1]).toEqual({ method: 'DELETE', path: `${BASE}/1` });
    expect(screen.queryByText('https://a.example')).toBeNull();
    expect(screen.queryByText('https://b.example')).toBeNull();
    expect(origins()).toEqual(['https://theirs.example', 'https://mine.example']);
    expect(state.gets).toBe(1);

    // One that another manager added meanwhile: the server says it is there already, and this page says so.
    state.rows.push({ id: 60, origin: 'https://late.example' });
    type('https://late.example');
    fireEvent.click(addButton());
    expect(await screen.findByText(text('coins:externalServices.embedOrigins.alreadyAdded'))).toBeTruthy();
    expect(screen.getByText('https://late.example')).toBeTruthy();
    expect(state.changes[2]).toEqual({ method: 'POST', path: BASE, body: { embed_origin: 'https://late.example' } });
    expect(origins().filter((origin) => origin === 'https://late.example')).toHaveLength(1);
    expect(idOf('https://late.example')).toBe(60);
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(input().value).toBe('https://late.example');
  });

  it('treats an origin another manager removed meanwhile as removed', async () => {
    const { api, state } = backend(['https://a.example', 'https://b.example']);
    renderSection(api);
    await screen.findByText('https://a.example');
    state.rows = state.rows.filter((row) => row.origin !== 'https://a.example');
    fireEvent.click(screen.getByRole('button', { name: `${text('coins:externalServices.embedOrigins.remove')}: https://a.example` }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: text('coins:externalServices.embedOrigins.remove') }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(text('coins:externalServices.embedOrigins.removed'))).toBeTruthy();
    expect(screen.queryByText('https://a.example')).toBeNull();
    expect(state.changes).toEqual([{ method: 'DELETE', path: `${BASE}/1` }]);
    expect(state.gets).toBe(2);
  });

  it('keeps the dialog open with the error when a removal fails', async () => {
    const { api, state } = backend(['https://a.example']);
    renderSection(api);
    await screen.findByText('https://a.example');
    // Removed and added again by others: the id this page has is gone, the origin is not.
    state.rows = [{ id: 9, origin: 'https://a.example' }];
    fireEvent.click(screen.getByRole('button', { name: `${text('coins:externalServices.embedOrigins.remove')}: https://a.example` }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: text('coins:externalServices.embedOrigins.remove') }));
    expect(await screen.findByText(text('errors:resource.notFound'))).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.queryByText(text('coins:externalServices.embedOrigins.removed'))).toBeNull();
    expect(state.rows).toEqual([{ id: 9, origin: 'https://a.example' }]);
  });

  it('keeps both origins when two managers add one each at the same moment', async () => {
    const { api, state, origins } = backend(['https://a.example']);
    let release!: () => void;
    state.hold = new Promise((resolve) => (release = resolve));
    // Two managers, each with their own page (own query cache), on the same organisation.
    const one = within(renderSection(api).container);
    const two = within(renderSection(api).container);
    await one.findByText('https://a.example');
    await two.findByText('https://a.example');
    const field = (page: typeof one) => page.getByLabelText(text('coins:externalServices.embedOrigins.newOrigin')) as HTMLInputElement;
    const button = (page: typeof one) =>
      page.getByRole('button', { name: text('coins:externalServices.embedOrigins.add') }) as HTMLButtonElement;
    fireEvent.change(field(one), { target: { value: 'https://one.example' } });
    fireEvent.change(field(two), { target: { value: 'https://two.example' } });
    fireEvent.click(button(one));
    fireEvent.click(button(two));
    // Both requests are out before either is answered; each page shows that it is saving.
    await waitFor(() => expect(state.changes).toHaveLength(2));
    expect(button(one).disabled).toBe(true);
    expect(button(two).disabled).toBe(true);
    expect(button(one).closest('form')!.getAttribute('aria-busy')).toBe('true');
    release();
    await waitFor(() => expect(button(one).disabled).toBe(false));
    await waitFor(() => expect(button(two).disabled).toBe(false));
    expect(state.changes).toEqual([
      { method: 'POST', path: BASE, body: { embed_origin: 'https://one.example' } },
      { method: 'POST', path: BASE, body: { embed_origin: 'https://two.example' } },
    ]);
    expect(origins()).toEqual(['https://a.example', 'https://one.example', 'https://two.example']);
    // The second answer holds both; each page shows what its own answer held, its own origin always among it.
    expect(two.getByText('https://one.example')).toBeTruthy();
    expect(two.getByText('https://two.example')).toBeTruthy();
    expect(one.getByText('https://one.example')).toBeTruthy();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    const { api, state } = backend(['https://a.example']);
    state.failGets = 1;
    renderSection(api);
    expect(await screen.findByRole('alert')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: text('organization:common.retry') }));
    expect(await screen.findByText('https://a.example')).toBeTruthy();
  });

  it('shows a failed save above the form and keeps what was typed', async () => {
    const { api, state } = backend(['https://a.example']);
    renderSection(api);
    await screen.findByText('https://a.example');
    state.refuseNext = { code: 'auth.forbidden', status: 403, pointer: null };
    type('https://b.example');
    fireEvent.click(addButton());
    // A refusal that is not about the origin itself goes above the form, not under the field.
    const failure = await screen.findByText(text('errors:auth.forbidden'));
    expect(failure.closest('form')).toBe(input().form);
    expect(input().getAttribute('aria-invalid')).toBeNull();
    expect(input().value).toBe('https://b.example');
    expect((addButton() as HTMLButtonElement).disabled).toBe(false);
  });
});
