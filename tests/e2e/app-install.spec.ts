// /app_install as members see it: what the app does, their own install state, and the store links with QR codes that
// decode (read back from a screenshot with jsQR) to the links an admin sets in the system settings.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { authEmulator, signInWithPassword } from './emulator-rest';
import { ACCOUNTS, DEMO_PASSWORD, type Language, mainMenu, signIn, text } from './portal-helpers';

const APP_STORE = 'https://apps.apple.com/app/id0000000000';
const GOOGLE_PLAY = 'https://play.google.com/store/apps/details?id=example.kiwi';

/** What a phone's camera would read from the QR code on screen. */
async function decodeQr(qr: Locator): Promise<string | null> {
  const png = PNG.sync.read(await qr.screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

async function expectStore(page: Page, language: Language, storeKey: 'appStore' | 'googlePlay', url: string) {
  const store = text(language, `app-install:stores.${storeKey}`);
  const section = page.getByRole('region', { name: store });
  const open = text(language, 'app-install:stores.open').replace('{{store}}', store);
  await expect(section.getByRole('link', { name: open })).toHaveAttribute('href', url);
  const qr = section.getByRole('img', { name: text(language, 'app-install:stores.qr').replace('{{store}}', store) });
  await expect(qr).toBeVisible();
  await expect.poll(() => decodeQr(qr)).toBe(url);
}

async function expectNoSidewaysScroll(page: Page) {
  for (const width of [320, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
        message: `${width}px`,
      })
      .toBeLessThanOrEqual(0);
  }
}

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** An admin's ID token, for the system settings calls the admin console (issue 20) will make. */
async function adminToken(page: Page) {
  return signInWithPassword(page.request, await authEmulator(page.request), ACCOUNTS.admin, DEMO_PASSWORD);
}

async function settingId(page: Page, token: string, key: string): Promise<string> {
  const response = await page.request.get('/api/system_settings', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: { id: string; attributes: { key: string } }[] };
  const setting = data.find((item) => item.attributes.key === key);
  if (!setting) throw new Error(`no ${key} setting`);
  return setting.id;
}

const putSetting = (page: Page, token: string, id: string, value: string) =>
  page.request.put(`/api/system_settings/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { system_setting: { value } },
  });

test('a member opens the page from the menu: not installed yet, store links whose QR codes follow an admin’s edit', async ({ page }) => {
  const ja = (key: string) => text('ja', key);
  await signIn(page, ACCOUNTS.acmeMember);
  await expect(page).toHaveURL('/');
  await mainMenu(page)
    .getByRole('link', { name: ja('portal:pages.member.appInstall') })
    .click();
  await expect(page).toHaveURL('/app_install');
  await expect(page.getByRole('heading', { level: 1, name: ja('app-install:title') })).toBeVisible();
  // SPEC §2: no side menu here.
  await expect(mainMenu(page)).toHaveCount(0);

  const status = page.getByRole('region', { name: ja('app-install:status.heading') });
  await expect(status.getByText(ja('app-install:status.notInstalled'))).toBeVisible();
  await expect(status.getByText(ja('app-install:status.notInstalledHint'))).toBeVisible();
  for (const feature of ['steps', 'coins', 'push']) {
    await expect(page.getByRole('heading', { level: 3, name: ja(`app-install:features.${feature}.title`) })).toBeVisible();
  }
  await expectStore(page, 'ja', 'appStore', APP_STORE);
  await expectStore(page, 'ja', 'googlePlay', GOOGLE_PLAY);
  await expectAccessible(page);

  // An admin changes the Google Play link: the page shows the new link and its QR code.
  const token = await adminToken(page);
  const id = await settingId(page, token, 'google_play_url');
  const moved = 'https://play.google.com/store/apps/details?id=jp.kiwi.e2e';
  try {
    expect((await putSetting(page, token, id, moved)).status()).toBe(200);
    // A script link is refused, so it can never reach the page.
    const refused = await putSetting(page, token, id, 'javascript:alert(document.cookie)');
    expect(refused.status()).toBe(422);
    expect((await refused.json()).errors[0]).toMatchObject({ code: 'validation.invalidUrl', detail: ja('validation:invalidUrl') });
    await page.reload();
    await expectStore(page, 'ja', 'googlePlay', moved);
    await expectStore(page, 'ja', 'appStore', APP_STORE);
    await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0);
  } finally {
    expect((await putSetting(page, token, id, GOOGLE_PLAY)).status()).toBe(200);
  }

  await expectNoSidewaysScroll(page);
  await expectStore(page, 'ja', 'appStore', APP_STORE);
  await expectAccessible(page);
  await page.getByRole('link', { name: ja('app-install:back') }).click();
  await expect(page).toHaveURL('/');
});

test('a member whose app syncs sees it installed with the last sync, in English', async ({ page }) => {
  const en = (key: string) => text('en', key);
  await signIn(page, ACCOUNTS.globexMember);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await mainMenu(page, 'en')
    .getByRole('link', { name: en('portal:pages.member.appInstall') })
    .click();
  await expect(page).toHaveURL('/app_install');
  await expect(page.getByRole('heading', { level: 1, name: en('app-install:title') })).toBeVisible();
  const status = page.getByRole('region', { name: en('app-install:status.heading') });
  await expect(status.getByText(en('app-install:status.installed'), { exact: true })).toBeVisible();
  // Synced two hours before the demo seed: a date and time in English.
  await expect(status.getByText(/^Last sync: \w{3}, \w{3} \d{1,2}, \d{4} \d{2}:\d{2}$/)).toBeVisible();
  await expect(status.getByText(en('app-install:status.notInstalled'))).toHaveCount(0);
  await expectStore(page, 'en', 'googlePlay', GOOGLE_PLAY);
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});
