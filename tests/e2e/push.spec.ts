// Push on the portal (issue 15): a member turns push on in their profile; the browser asks permission only then;
// Firebase Messaging's token reaches the server as user.device; a coin message to them produces one FCM HTTP v1
// request at the e2e server's local receiver; an UNREGISTERED reply removes the token.
//
// Offline there is no FCM registration service and no browser push service, so this spec stands in for the OUTSIDE
// world only (docs/decisions.md "Push notifications"): PushManager.subscribe/getSubscription (Chromium's push service)
// by an init script, and Firebase's installations and FCM registration endpoints (googleapis.com) by page.route.
// The portal's code, Firebase's SDK, the service worker and our server run as they are.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { authEmulator, signInWithPassword } from './emulator-rest';
import { fcmReceived, unregisterAtFcm } from './fcm-receiver';
import { ACCOUNTS, DEMO_PASSWORD, ja, mainMenu, signIn } from './portal-helpers';

declare global {
  interface Window {
    kiwiPermissionRequests: number;
  }
}

/** Chromium's push service is online; this subscription stands in for it, and permission asks are counted. */
async function standInForThePushService(page: Page) {
  await page.addInitScript(() => {
    window.kiwiPermissionRequests = 0;
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = (...args: Parameters<typeof Notification.requestPermission>) => {
      window.kiwiPermissionRequests += 1;
      return ask(...args);
    };
    let current: PushSubscription | null = null;
    const key = (length: number) => new Uint8Array(length).fill(7).buffer;
    const subscription = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/e2e-endpoint',
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      getKey: (name: string) => (name === 'auth' ? key(16) : key(65)),
      toJSON: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/e2e-endpoint', keys: { auth: 'BwcH', p256dh: 'BwcH' } }),
      unsubscribe: async () => {
        current = null;
        return true;
      },
    } as unknown as PushSubscription;
    PushManager.prototype.getSubscription = async () => current;
    PushManager.prototype.subscribe = async () => {
      current = subscription;
      return subscription;
    };
  });
}

/** Firebase's installations and FCM registration services; returns the token FCM registration hands out. */
async function standInForFirebaseMessaging(page: Page): Promise<{ token: string; registrations: string[] }> {
  const token = `e2e-web-token-${Date.now()}`;
  const registrations: string[] = [];
  await page.route('https://firebaseinstallations.googleapis.com/**', (route) =>
    route.fulfill({
      json: {
        name: 'projects/123456789012/installations/cE2eE2eE2eE2eE2eE2eE2e',
        fid: 'cE2eE2eE2eE2eE2eE2eE2e',
        refreshToken: 'e2e-refresh-token',
        authToken: { token: 'e2e-installation-token', expiresIn: '604800s' },
      },
    }),
  );
  await page.route('https://fcmregistrations.googleapis.com/**', (route) => {
    registrations.push(`${route.request().method()} ${new URL(route.request().url()).pathname}`);
    return route.fulfill({ json: route.request().method() === 'POST' ? { token } : {} });
  });
  return { token, registrations };
}

async function bearer(request: APIRequestContext, email: string) {
  return { authorization: `Bearer ${await signInWithPassword(request, await authEmulator(request), email, DEMO_PASSWORD)}` };
}

async function memberIds(request: APIRequestContext, headers: Record<string, string>) {
  const me = await (await request.get('/api/user', { headers })).json();
  return { userId: me.data.id as string, organizationMemberId: Number(me.data.relationships['organization-members'].data[0].id) };
}

async function devicesOf(request: APIRequestContext, headers: Record<string, string>, userId: string) {
  const response = await request.get(`/api/users/${userId}/devices`, { headers });
  expect(response.status()).toBe(200);
  return ((await response.json()).data as { attributes: { uuid: string; platform: string } }[]).map((device) => device.attributes);
}

async function sendCoin(request: APIRequestContext, headers: Record<string, string>, organizationMemberId: number, message: string) {
  const response = await request.post('/api/user/kiwi_coin_transfers', {
    headers,
    data: { kiwi_coin_transfer: { message, recipients: [{ organization_member_id: organizationMemberId, amount: 1 }] } },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test('push: turned on in the profile, the token is stored; a coin message reaches FCM once; an invalid token is removed', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['notifications']);
  await standInForThePushService(page);
  const fcm = await standInForFirebaseMessaging(page);
  const scripts: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(new URL(sent.url()).pathname);
  });
  await signIn(page, ACCOUNTS.acmeMember);
  await expect(mainMenu(page)).toBeVisible();
  await page.goto('/user/profile');

  const toggle = page.getByRole('switch', { name: ja('push:settings.deviceOn') });
  await expect(toggle).not.toBeChecked();
  await expect(page.getByText(ja('push:settings.deviceHelp'))).toBeVisible();
  // Nothing is asked on load, and Firebase Messaging is not even downloaded until the member turns push on.
  expect(await page.evaluate(() => window.kiwiPermissionRequests)).toBe(0);
  expect(scripts.filter((path) => path.includes('web-push'))).toEqual([]);
  const axe = await new AxeBuilder({ page }).include('.notification-settings').analyze();
  expect(axe.violations).toEqual([]);

  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: ja('push:settings.deviceEnabled') })
      .first(),
  ).toBeVisible();
  expect(await page.evaluate(() => window.kiwiPermissionRequests)).toBe(1);
  expect(scripts.filter((path) => path.includes('web-push'))).toHaveLength(1);
  expect(fcm.registrations.filter((call) => call.startsWith('POST'))).toHaveLength(1);

  // The server holds this browser's device, bound to the member (its token is never shown).
  const member = await bearer(request, ACCOUNTS.acmeMember);
  const { userId, organizationMemberId } = await memberIds(request, member);
  const uuid = await page.evaluate(() => localStorage.getItem('kiwi.pushDeviceUuid'));
  expect(await devicesOf(request, member, userId)).toEqual([expect.objectContaining({ uuid, platform: 'web' })]);

  // A coin message to the member: exactly one FCM HTTP v1 request for this token.
  const manager = await bearer(request, ACCOUNTS.acmeManager);
  await sendCoin(request, manager, organizationMemberId, 'Thanks {name}, push works!');
  const toThisBrowser = async () => (await fcmReceived(request)).filter((received) => received.message.token === fcm.token);
  await expect.poll(async () => (await toThisBrowser()).length, { timeout: 15_000 }).toBe(1);
  const [arrived] = await toThisBrowser();
  expect(arrived!.path).toBe('/v1/projects/demo-kiwi/messages:send');
  expect(arrived!.message.data).toEqual({ kind: 'coin_message', path: '/' });
  expect(arrived!.message.notification.body).toContain('push works!');

  // FCM now answers UNREGISTERED for it: the next push removes the token from the server.
  await unregisterAtFcm(request, fcm.token);
  await sendCoin(request, manager, organizationMemberId, 'Once more');
  await expect.poll(async () => (await toThisBrowser()).length, { timeout: 15_000 }).toBe(2);
  await expect.poll(() => devicesOf(request, member, userId), { timeout: 15_000 }).toEqual([]);
  await page.reload();
  await expect(page.getByRole('switch', { name: ja('push:settings.deviceOn') })).not.toBeChecked();
});

test('push: turning it off on this device asks first and forgets the device; it reads at 360 px', async ({ page, context, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await context.grantPermissions(['notifications']);
  await standInForThePushService(page);
  const fcm = await standInForFirebaseMessaging(page);
  await signIn(page, ACCOUNTS.acmeMember);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/user/profile');
  const toggle = page.getByRole('switch', { name: ja('push:settings.deviceOn') });
  await toggle.click();
  await expect(toggle).toBeChecked();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // Opening the profile again with push on sends the device again (its last use), with the same token.
  const resent = page.waitForRequest((sent) => sent.method() === 'PUT' && /\/api\/users\/\d+$/.test(sent.url()));
  await page.reload();
  const device = (await resent).postDataJSON().user.device;
  expect(device).toEqual({
    uuid: await page.evaluate(() => localStorage.getItem('kiwi.pushDeviceUuid')),
    fcm_token: fcm.token,
    platform: 'web',
  });
  await expect(toggle).toBeChecked();

  await toggle.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(ja('push:settings.confirmOffTitle'));
  await dialog.getByRole('button', { name: ja('push:settings.turnOff') }).click();
  await expect(toggle).not.toBeChecked();
  const member = await bearer(request, ACCOUNTS.acmeMember);
  const { userId } = await memberIds(request, member);
  expect(await devicesOf(request, member, userId)).toEqual([]);
  // Firebase is told too (best effort): the registration is deleted.
  await expect.poll(() => fcm.registrations.some((call) => call.startsWith('DELETE'))).toBe(true);

  // The kinds: one turned off and saved, still off after a reload.
  const coinKind = page.getByLabel(ja('push:settings.kinds.coin_message'));
  await coinKind.uncheck();
  await page.getByRole('button', { name: ja('push:settings.save') }).click();
  await expect(page.getByText(ja('push:settings.saved'))).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(ja('push:settings.kinds.coin_message'))).not.toBeChecked();
  await page.getByLabel(ja('push:settings.kinds.coin_message')).check();
  await page.getByRole('button', { name: ja('push:settings.save') }).click();
  await expect(page.getByText(ja('push:settings.saved'))).toBeVisible();
});
