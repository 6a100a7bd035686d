// Issue 20 point 2, /_admin/users: the platform admin finds a fresh user, turns their sign-in off (they can no longer
// sign in) and on again, makes them an admin and takes it back, each after the confirmation dialog; axe in ja and en,
// and the cards below the medium breakpoint at 360 px.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { type AuthEmulator, authEmulator, signInWithPassword } from './emulator-rest';
import { ACCOUNTS, type Language, ja, signIn, submitLogin } from './portal-helpers';
import { expectAccessible, newAcmeMember, translate } from './rewards-helpers';

test.use({ locale: 'ja-JP', viewport: { width: 1280, height: 800 } });

const PASSWORD = 'admin-users-e2e-1234';
const t = (key: string, values: Record<string, string | number> = {}, language: Language = 'ja') =>
  translate(language, `admin-users:${key}`, values);

/** Runs the action of the user's row and confirms it in the shared dialog; waits for the success toast. */
async function confirmAction(page: Page, action: string, name: string, email: string) {
  const row = page.getByTestId('admin-user-row').filter({ hasText: email });
  await row.getByRole('button', { name: `${t(`actions.${action}`)}: ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: t(`actions.${action}Title`, { name, email }) });
  await expect(dialog).toContainText(t(`actions.${action}Body`, { name, email }));
  await dialog.getByRole('button', { name: t(`actions.${action}`) }).click();
  return dialog;
}

/** A browser of its own, in `language` (the device's choice until the user's stored language loads). */
async function newBrowserContext(browser: Browser, language: Language = 'ja') {
  const context = await browser.newContext({ locale: language === 'ja' ? 'ja-JP' : 'en-US' });
  await context.addInitScript((chosen) => localStorage.setItem('kiwi.language', chosen), language);
  const page = await context.newPage();
  return { context, page };
}

test('the admin searches a fresh user, disables and enables their sign-in, promotes and demotes them', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const emulator: AuthEmulator = await authEmulator(request);
  const name = `利用者 ${Date.now().toString(36)}`;
  const fresh = await newAcmeMember(request, emulator, { prefix: 'admin-users', name, password: PASSWORD });

  await signIn(page, ACCOUNTS.admin);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/_admin/users');
  await expect(page.getByRole('heading', { name: t('title') })).toBeVisible();

  // The search lands in the URL; only the fresh user is listed, with their organisation.
  const form = page.getByRole('search', { name: t('filters') });
  await form.getByLabel(t('keyword')).fill(fresh.email);
  await form.getByRole('button', { name: t('search') }).click();
  await expect(page).toHaveURL(new RegExp(`keyword=${encodeURIComponent(fresh.email).replace(/[.]/g, '\\.')}`));
  const rows = page.getByTestId('admin-user-row');
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toContainText(name);
  await expect(row).toContainText('ACME');
  await expect(row).toContainText(t('states.active'));
  await expectAccessible(page);

  // Disable: the user's token is refused at once, and the sign-in form refuses them.
  await confirmAction(page, 'disable', name, fresh.email);
  await expect(page.getByRole('status').filter({ hasText: t('actions.disabled', { name }) })).toBeVisible();
  await expect(row).toContainText(t('states.disabled'));
  const refused = await request.get('/api/user', { headers: fresh.headers });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).errors[0].code).toBe('auth.signInDisabled');
  const member = await newBrowserContext(browser);
  await member.page.goto('/login');
  await submitLogin(member.page, fresh.email, PASSWORD);
  await expect(member.page.getByRole('alert')).toHaveText(ja('errors:identity.user-disabled'));
  await expect(member.page).toHaveURL('/login');

  // Enable again: the same form signs them in.
  await confirmAction(page, 'enable', name, fresh.email);
  await expect(page.getByRole('status').filter({ hasText: t('actions.enabled', { name }) })).toBeVisible();
  await expect(row).toContainText(t('states.active'));
  await submitLogin(member.page, fresh.email, PASSWORD);
  await expect(member.page).not.toHaveURL(/\/login/);
  await member.context.close();

  // Promote, with confirmation: the row says admin, and the user reaches the console.
  await confirmAction(page, 'promote', name, fresh.email);
  await expect(page.getByRole('status').filter({ hasText: t('actions.promoted', { name }) })).toBeVisible();
  await expect(row.getByRole('cell').nth(1)).toHaveText(t('roles.admin'));
  const headers = { authorization: `Bearer ${await signInWithPassword(request, emulator, fresh.email, PASSWORD)}` };
  expect((await request.get('/api/users?per=1', { headers })).status()).toBe(200);

  // The new admin, in English at 360 px: the list is cards, and passes axe.
  const profile = (await (await request.get('/api/user', { headers })).json()).data.id as string;
  expect((await request.put(`/api/users/${profile}`, { headers, data: { user: { language: 'en' } } })).status()).toBe(200);
  const english = await newBrowserContext(browser, 'en');
  await english.page.setViewportSize({ width: 360, height: 740 });
  await english.page.goto('/login');
  await submitLogin(english.page, fresh.email, PASSWORD, 'en');
  await expect(english.page).not.toHaveURL(/\/login/);
  await english.page.goto(`/_admin/users?keyword=${encodeURIComponent(fresh.email)}`);
  await expect(english.page.getByRole('heading', { name: t('title', {}, 'en') })).toBeVisible();
  const card = english.page.getByTestId('admin-user-row').first();
  await expect(card).toContainText(t('self', {}, 'en'));
  // A card, not a table row: as wide as the list, and the page does not scroll sideways.
  expect(await card.evaluate((element) => getComputedStyle(element).display)).toBe('block');
  expect(await english.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // Nobody acts on themselves: no demote or disable button on their own card.
  await expect(card.getByRole('button', { name: new RegExp(t('actions.demote', {}, 'en')) })).toHaveCount(0);
  await expectAccessible(english.page);
  await english.context.close();

  // Demote, with confirmation.
  await confirmAction(page, 'demote', name, fresh.email);
  await expect(page.getByRole('status').filter({ hasText: t('actions.demoted', { name }) })).toBeVisible();
  await expect(row.getByRole('cell').nth(1)).toHaveText(t('roles.member'));
  expect((await request.get('/api/users?per=1', { headers })).status()).toBe(403);

  // The filters come back from the URL after a reload.
  await page.goto(`/_admin/users?role=member&keyword=${encodeURIComponent(fresh.email)}`);
  await expect(page.getByRole('search', { name: t('filters') }).getByLabel(t('role'))).toHaveValue('member');
  await expect(page.getByTestId('admin-user-row')).toHaveCount(1);
});
