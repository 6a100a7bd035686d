// @vitest-environment happy-dom
// The app install page on real React with the real API client, session and i18n; the backend is a fetch answering
// GET /api/app_install as the server does (docs/api.md), or failing as told.
import { createApiClient } from '@kiwi/shared/api/client';
import { createI18n } from '@kiwi/shared/i18n/create-i18n';
import { formatDateTime } from '@kiwi/shared/i18n/format';
import { ToastProvider } from '@kiwi/shared/ui/toast';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { initializeApp } from 'firebase/app';
import { inMemoryPersistence, initializeAuth } from 'firebase/auth';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { encode } from 'uqr';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionProvider } from '../../session/session-provider';
import { portalIdentity } from '../../startup/firebase';
import { AppInstallPage } from './app-install-page';
import { QR_BORDER, qrPath } from './qr-code';

afterEach(cleanup);

const APP_STORE = 'https://apps.apple.com/app/id0000000000';
const GOOGLE_PLAY = 'https://play.google.com/store/apps/details?id=example.kiwi';

type Attributes = {
  'app-store-url': string | null;
  'google-play-url': string | null;
  'app-installed': boolean | null;
  'last-sync-at': string | null;
};
const NOT_INSTALLED: Attributes = {
  'app-store-url': APP_STORE,
  'google-play-url': GOOGLE_PLAY,
  'app-installed': false,
  'last-sync-at': null,
};

function backend(attributes: Attributes, { failures = 0 } = {}) {
  const state = { gets: 0, failures };
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    expect(init?.method ?? 'GET').toBe('GET');
    expect(url.pathname).toBe('/api/app_install');
    state.gets += 1;
    const headers = { 'content-type': 'application/vnd.api+json' };
    if (state.failures > 0) {
      state.failures -= 1;
      return new Response(JSON.stringify({ errors: [{ status: '500', code: 'server.unexpected' }] }), { status: 500, headers });
    }
    return new Response(JSON.stringify({ data: { type: 'app-installs', id: '7', attributes } }), { status: 200, headers });
  }) as typeof globalThis.fetch;
  return { state, api: createApiClient({ baseURL: 'http://kiwi.test/api', getToken: async () => 'token', fetch }) };
}

function renderPage(api: ReturnType<typeof backend>['api'], language: 'ja' | 'en' = 'en') {
  const i18n = createI18n({ lng: language });
  const app = initializeApp({ apiKey: 'test-api-key', projectId: 'demo-kiwi' }, `app-install-${Math.random()}`);
  const auth = initializeAuth(app, { persistence: inMemoryPersistence });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToastProvider>
          <SessionProvider identity={portalIdentity(auth)} api={api} i18n={i18n}>
            <MemoryRouter initialEntries={['/app_install']}>
              <AppInstallPage />
            </MemoryRouter>
          </SessionProvider>
        </ToastProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return (key: string, options: Record<string, unknown> = {}) => i18n.t(key.includes(':') ? key : `app-install:${key}`, options) as string;
}

/** The dark modules an SVG path of qrPath() draws, back as a matrix. */
function modulesOf(path: string, size: number): boolean[][] {
  const matrix = Array.from({ length: size }, () => Array.from({ length: size }, () => false));
  for (const [, x, y, width] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let column = Number(x); column < Number(x) + Number(width); column += 1) matrix[Number(y)]![column] = true;
  }
  return matrix;
}

describe('AppInstallPage', () => {
  it('says the app is not installed yet, and shows both store links with a QR code that encodes each', async () => {
    const { api } = backend(NOT_INSTALLED);
    const t = renderPage(api);
    expect(screen.getByRole('heading', { level: 1, name: t('title') })).toBeTruthy();
    expect(screen.getByText(t('organization:common.loading')).getAttribute('role')).toBe('status');
    const status = await screen.findByRole('region', { name: t('status.heading') });
    expect(within(status).getByText(t('status.notInstalled'))).toBeTruthy();
    expect(within(status).getByText(t('status.notInstalledHint'))).toBeTruthy();
    for (const feature of ['steps', 'coins', 'push'])
      expect(screen.getByRole('heading', { name: t(`features.${feature}.title`) })).toBeTruthy();

    for (const [name, url] of [
      [t('stores.appStore'), APP_STORE],
      [t('stores.googlePlay'), GOOGLE_PLAY],
    ] as const) {
      const store = screen.getByRole('region', { name });
      expect(
        within(store)
          .getByRole('link', { name: t('stores.open', { store: name }) })
          .getAttribute('href'),
      ).toBe(url);
      const qr = await within(store).findByRole('img', { name: t('stores.qr', { store: name }) });
      const expected = encode(url, { ecc: 'M', border: QR_BORDER });
      expect(qr.getAttribute('viewBox')).toBe(`0 0 ${expected.size} ${expected.size}`);
      const path = qr.querySelector('path')!.getAttribute('d')!;
      expect(path).toBe(qrPath(expected.data));
      expect(modulesOf(path, expected.size)).toEqual(expected.data);
    }
    expect(screen.getByRole('link', { name: t('back') }).getAttribute('href')).toBe('/');
  });

  it('shows an installed app with its last sync, in Japanese', async () => {
    const lastSync = '2030-05-01T08:30:00.000Z';
    const { api } = backend({ ...NOT_INSTALLED, 'app-installed': true, 'last-sync-at': lastSync });
    const t = renderPage(api, 'ja');
    const status = await screen.findByRole('region', { name: t('status.heading') });
    expect(status.getAttribute('data-state')).toBe('installed');
    expect(within(status).getByText(t('status.installed'))).toBeTruthy();
    expect(within(status).getByText(t('status.lastSync', { date: formatDateTime(lastSync, 'ja') }))).toBeTruthy();
    expect(t('status.installed')).toBe('インストール済み');
    expect(screen.queryByText(t('status.notInstalled'))).toBeNull();
  });

  it('tells a user without membership that nothing syncs, and an installed app never synced says so', async () => {
    const { api } = backend({ ...NOT_INSTALLED, 'app-installed': null });
    const t = renderPage(api);
    expect(await screen.findByText(t('status.noMembership'))).toBeTruthy();
    cleanup();
    const synced = backend({ ...NOT_INSTALLED, 'app-installed': true });
    const u = renderPage(synced.api);
    expect(await screen.findByText(u('status.neverSynced'))).toBeTruthy();
  });

  it('never makes a link or a QR code of a value that is not http(s), and says the link is not set', async () => {
    const { api } = backend({ ...NOT_INSTALLED, 'app-store-url': 'javascript:alert(1)', 'google-play-url': null });
    const t = renderPage(api);
    const appStore = t('stores.appStore');
    expect(await screen.findByText(t('stores.unavailable', { store: appStore }))).toBeTruthy();
    expect(screen.getByText(t('stores.unavailable', { store: t('stores.googlePlay') }))).toBeTruthy();
    expect(screen.queryAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/']);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByText('javascript:alert(1)')).toBeNull();
  });

  it('draws no QR code past the bound, but keeps the link', async () => {
    const long = `https://play.google.com/store/apps/details?id=${'a'.repeat(1000)}`;
    const { api } = backend({ ...NOT_INSTALLED, 'google-play-url': long });
    const t = renderPage(api);
    const store = await screen.findByRole('region', { name: t('stores.googlePlay') });
    expect(
      within(store)
        .getByRole('link', { name: t('stores.open', { store: t('stores.googlePlay') }) })
        .getAttribute('href'),
    ).toBe(long);
    await screen.findByRole('img', { name: t('stores.qr', { store: t('stores.appStore') }) });
    expect(within(store).queryByRole('img')).toBeNull();
  });

  it('offers a retry when the page cannot be loaded', async () => {
    const { api, state } = backend(NOT_INSTALLED, { failures: 1 });
    const t = renderPage(api);
    const alert = await screen.findByRole('alert');
    fireEvent.click(within(alert).getByRole('button'));
    expect(await screen.findByText(t('status.notInstalled'))).toBeTruthy();
    await waitFor(() => expect(state.gets).toBe(2));
  });
});
