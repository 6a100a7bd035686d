// @vitest-environment happy-dom
// The notification settings on real React with the real API client, session, toast and confirmation dialog. The
// backend is a fetch that answers as the server does (PUT judged with the API's own UpdateUserSchema). The browser's
// outside world is what is stood in: a signed-in Firebase user and the Notification, service worker and Push APIs
// (happy-dom has none); turning push on all the way (Firebase Messaging's token) is tests/e2e/push.spec.ts's.
import { createApiClient } from '@kiwi/shared/api/client';
import { createI18n } from '@kiwi/shared/i18n/create-i18n';
import { UpdateUserSchema } from '@kiwi/shared/schemas/user';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../test-render';
import { browserDeviceUuid, NotificationSettings } from './notification-settings';

const i18n = createI18n({ lng: 'en' });
const text = (key: string, options: Record<string, unknown> = {}) => i18n.t(key, options) as string;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/vnd.api+json' } });
const MESSAGING = { appId: '1:42:web:abc', messagingSenderId: '42', vapidKey: 'BKey' };

type Call = { method: string; path: string; body?: unknown };

function backend({ messaging = MESSAGING as typeof MESSAGING | null, devices = [] as string[], failPut = false } = {}) {
  const state = {
    preferences: { coin_message: false, event_invitation: true, guild_invitation: true, survey_opened: true, survey_reminder: true },
    devices: [...devices],
    calls: [] as Call[],
  };
  const user = () => ({
    data: {
      type: 'users',
      id: '1',
      attributes: { role: 'admin', name: 'Sato', email: 'sato@example.com', 'notification-preferences': state.preferences },
    },
  });
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (method !== 'GET') state.calls.push(body === undefined ? { method, path: url.pathname } : { method, path: url.pathname, body });
    if (method === 'GET' && url.pathname === '/api/user') return json(200, user());
    if (method === 'GET' && url.pathname === '/api/client_config')
      return json(200, {
        data: {
          type: 'client-configs',
          id: 'web',
          attributes: { 'firebase-api-key': 'k', 'firebase-project-id': 'demo-kiwi', 'firebase-messaging': messaging },
        },
      });
    if (method === 'GET' && url.pathname === '/api/users/1/devices')
      return json(200, {
        data: state.devices.map((uuid, index) => ({ type: 'user-devices', id: String(index + 1), attributes: { uuid, platform: 'web' } })),
      });
    if (method === 'PUT' && url.pathname === '/api/users/1') {
      if (failPut) return json(500, { errors: [{ status: '500', code: 'server.unexpected', detail: 'boom' }] });
      const parsed = UpdateUserSchema.safeParse(body);
      if (!parsed.success) return json(422, { errors: parsed.error.issues.map((issue) => ({ status: '422', code: issue.message })) });
      Object.assign(state.preferences, parsed.data.user.notification_preferences);
      return json(200, user());
    }
    const removal = /^\/api\/users\/1\/devices\/(.+)$/.exec(url.pathname);
    if (method === 'DELETE' && removal) {
      state.devices = state.devices.filter((uuid) => uuid !== decodeURIComponent(removal[1]!));
      return new Response(null, { status: 204 });
    }
    throw new Error(`unexpected ${method} ${url.pathname}`);
  }) as typeof globalThis.fetch;
  return { state, api: createApiClient({ baseURL: 'http://kiwi.test/api', getToken: async () => 'token', fetch }) };
}

/** The browser's Notification API: its permission, and each time the page asks for it. */
const browser = { permission: 'default' as NotificationPermission, answer: 'granted' as NotificationPermission, asked: 0 };
function installPushApis() {
  const FakeNotification = {
    get permission() {
      return browser.permission;
    },
    requestPermission: async () => {
      browser.asked += 1;
      browser.permission = browser.answer;
      return browser.answer;
    },
  };
  Object.defineProperty(window, 'Notification', { value: FakeNotification, configurable: true, writable: true });
  Object.defineProperty(window, 'PushManager', { value: class {}, configurable: true, writable: true });
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
}
function removePushApis() {
  for (const name of ['Notification', 'PushManager'] as const) delete (window as unknown as Record<string, unknown>)[name];
  delete (navigator as unknown as Record<string, unknown>).serviceWorker;
}

function renderSettings(api: ReturnType<typeof backend>['api']) {
  return renderPage(<NotificationSettings />, { api, i18n });
}
const kind = (name: string) => screen.findByLabelText(text(`push:settings.kinds.${name}`)) as Promise<HTMLInputElement>;
const deviceSwitch = () => screen.findByRole('switch', { name: text('push:settings.deviceOn') }) as Promise<HTMLInputElement>;

beforeEach(() => {
  Object.assign(browser, { permission: 'default', answer: 'granted', asked: 0 });
  localStorage.clear();
  installPushApis();
});
afterEach(() => {
  cleanup();
  removePushApis();
});

describe('NotificationSettings', () => {
  it('shows each kind as stored and saves the choices with PUT /api/users/{id}', async () => {
    const { api, state } = backend();
    renderSettings(api);
    expect(await screen.findByRole('heading', { level: 2, name: text('push:settings.title') })).toBeTruthy();
    expect((await kind('coin_message')).checked).toBe(false);
    expect((await kind('survey_reminder')).checked).toBe(true);
    fireEvent.click(await kind('survey_reminder'));
    fireEvent.click(screen.getByRole('button', { name: text('push:settings.save') }));
    expect(await screen.findByText(text('push:settings.saved'))).toBeTruthy();
    expect(state.calls).toEqual([
      {
        method: 'PUT',
        path: '/api/users/1',
        body: {
          user: {
            notification_preferences: {
              coin_message: false,
              event_invitation: true,
              guild_invitation: true,
              survey_opened: true,
              survey_reminder: false,
              violation_report: true,
              walking_event_result: true,
            },
          },
        },
      },
    ]);
    expect(state.preferences.survey_reminder).toBe(false);
  });

  it("shows the API's refusal of a save and keeps the choices", async () => {
    const { api } = backend({ failPut: true });
    renderSettings(api);
    fireEvent.click(await kind('coin_message'));
    fireEvent.click(screen.getByRole('button', { name: text('push:settings.save') }));
    expect((await screen.findByRole('alert')).textContent).toContain('boom');
    expect((await kind('coin_message')).checked).toBe(true);
  });

  it('never asks for permission on load; a refusal in the browser says how to allow it and stores nothing', async () => {
    const { api, state } = backend();
    renderSettings(api);
    const toggle = await deviceSwitch();
    expect(toggle.checked).toBe(false);
    expect(screen.getByText(text('push:settings.deviceHelp'))).toBeTruthy();
    expect(browser.asked).toBe(0);

    browser.answer = 'denied';
    fireEvent.click(toggle);
    expect((await screen.findByRole('alert')).textContent).toBe(text('push:settings.denied'));
    expect(browser.asked).toBe(1);
    expect(toggle.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect(state.calls).toEqual([]);
  });

  it('a dismissed prompt says so and stores nothing', async () => {
    const { api, state } = backend();
    renderSettings(api);
    browser.answer = 'default';
    fireEvent.click(await deviceSwitch());
    expect((await screen.findByRole('alert')).textContent).toBe(text('push:settings.dismissed'));
    expect(state.calls).toEqual([]);
  });

  it('says when this browser cannot push, and when the server offers no web push', async () => {
    removePushApis();
    const first = renderSettings(backend().api);
    expect(await screen.findByText(text('push:settings.unsupported'))).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    first.unmount();
    installPushApis();
    renderSettings(backend({ messaging: null }).api);
    expect(await screen.findByText(text('push:settings.unavailable'))).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(browser.asked).toBe(0);
  });

  it('is on when the server lists this browser and permission holds; turning it off asks first, then deletes the device', async () => {
    const uuid = browserDeviceUuid();
    browser.permission = 'granted';
    const { api, state } = backend({ devices: [uuid, 'another-browser'] });
    renderSettings(api);
    await waitFor(async () => expect((await deviceSwitch()).checked).toBe(true));
    fireEvent.click(await deviceSwitch());
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(text('push:settings.confirmOffTitle'));
    expect(state.calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: text('push:settings.turnOff') }));
    expect(await screen.findByText(text('push:settings.deviceDisabled'))).toBeTruthy();
    expect(state.calls).toEqual([{ method: 'DELETE', path: `/api/users/1/devices/${uuid}` }]);
    expect(state.devices).toEqual(['another-browser']);
    await waitFor(async () => expect((await deviceSwitch()).checked).toBe(false));
    expect(browser.asked).toBe(0);
  });

  it('keeps one device id per browser', () => {
    const first = browserDeviceUuid();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(browserDeviceUuid()).toBe(first);
  });
});
