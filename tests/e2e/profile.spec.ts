// Issue 15, profile: a member edits their profile at /user/profile (it persists, and a colleague's picker shows the new
// nickname), changes their email through the verify-and-change link and their password after re-authenticating, in
// Japanese and English, at 360 px, with axe. Every story uses an acme member of its own (invited and accepted through
// the API), so no demo account changes.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type AuthEmulator, authEmulator, oobCodes, signInWithPassword } from './emulator-rest';
import { waitForMail } from './org-helpers';
import { ACCOUNTS, addButtonName, DEMO_PASSWORD, ja, mainMenu, submitLogin, text, unique } from './portal-helpers';

const PASSWORD = 'profile-password-1';
// The smallest valid PNG: 1x1, transparent.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let emulator: AuthEmulator;
test.beforeAll(async ({ request }) => {
  emulator = await authEmulator(request);
});

/** A new acme member: the demo manager invites them, the invitation is accepted with PASSWORD. */
async function newAcmeMember(request: APIRequestContext, name: string): Promise<string> {
  const email = `profile-${unique()}@example.com`;
  const token = await signInWithPassword(request, emulator, ACCOUNTS.acmeManager, DEMO_PASSWORD);
  const headers = { authorization: `Bearer ${token}` };
  const user = await (await request.get('/api/user', { headers })).json();
  const acme = user.included.find((item: { type: string; attributes: { identifier?: string } }) => item.type === 'organizations')!;
  const invited = await request.post(`/api/organizations/${acme.id}/members`, { headers, data: { organization_member: { email, name } } });
  expect(invited.status()).toBe(201);
  const mail = await waitForMail(email);
  const invitation = /\/user\/invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  const accepted = await request.post('/api/user/accept_invitation', { data: { user: { token: invitation, name, password: PASSWORD } } });
  expect(accepted.ok()).toBe(true);
  return email;
}

async function signInAs(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await submitLogin(page, email, password);
  // A member lands on home (on a phone the drawer, with its logout button, stays closed).
  await expect(page).toHaveURL(/\/$/);
}

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`)).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

const tr = (key: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((line, [name, value]) => line.replaceAll(`{{${name}}}`, String(value)), ja(key));

test('profile edits persist across a reload and a colleague finds the new nickname in the coins picker', async ({
  page,
  browser,
  request,
}) => {
  const email = await newAcmeMember(request, 'プロフィール 太郎');
  const nickname = `キウイ${unique()}`;
  await signInAs(page, email);

  // The drawer's user block leads to the profile, as does the member menu.
  await expect(mainMenu(page).getByRole('link', { name: ja('profile:menu.profile'), exact: true })).toBeVisible();
  await page.getByRole('link', { name: ja('profile:menu.editProfile') }).click();
  await expect(page).toHaveURL('/user/profile');
  await expect(page.getByRole('heading', { name: ja('profile:title'), level: 1 })).toBeVisible();
  // The nickname rule is shown under the field.
  await expect(page.getByText(ja('profile:details.nicknameRule'))).toBeVisible();

  await page.getByLabel(ja('profile:details.nickname')).fill(nickname);
  await page.getByLabel(ja('profile:details.icon')).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(
    page.getByRole('img', { name: text('ja', 'common:imageInput.preview').replace('{{label}}', ja('profile:details.icon')) }),
  ).toBeVisible();
  await page.getByLabel(ja('profile:details.birthday')).fill('1985-05-05');
  await page.getByLabel(ja('profile:details.restingHeartRate')).fill('58');
  await page.getByLabel(ja('profile:details.height')).fill('171.5');
  await page.getByLabel(ja('profile:details.weight')).fill('64.2');
  await page.getByRole('button', { name: ja('profile:details.save') }).click();
  await expect(page.getByText(ja('profile:details.saved'))).toBeVisible();
  await expectAccessible(page);

  await page.reload();
  await expect(page.getByLabel(ja('profile:details.nickname'))).toHaveValue(nickname);
  await expect(page.getByLabel(ja('profile:details.birthday'))).toHaveValue('1985-05-05');
  await expect(page.getByLabel(ja('profile:details.restingHeartRate'))).toHaveValue('58');
  await expect(page.getByLabel(ja('profile:details.height'))).toHaveValue('171.5');
  await expect(page.getByLabel(ja('profile:details.weight'))).toHaveValue('64.2');
  // The drawer shows the member as colleagues now see them.
  await expect(page.locator('.drawer__user-name').first()).toHaveText(nickname);

  // Bounds are checked before any round trip, with the field's own limits in the message.
  await page.getByLabel(ja('profile:details.height')).fill('300');
  await page.getByRole('button', { name: ja('profile:details.save') }).click();
  await expect(page.getByText(tr('validation:tooBig', { max: 250 }))).toBeVisible();

  // A colleague searching by the new nickname finds the member, the name beside it.
  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  await signInAs(colleague, ACCOUNTS.acmeMember, DEMO_PASSWORD);
  await colleague.goto('/send_coins');
  await colleague.getByLabel(ja('coins:send.search')).fill(nickname);
  await expect(
    colleague.getByRole('button', { name: addButtonName(ja('coins:send.add'), `${nickname} (プロフィール 太郎)`) }),
  ).toBeVisible();

  // The same nickname in another case and width is refused for the colleague, with the rule's message.
  await colleague.goto('/user/profile');
  await colleague.getByLabel(ja('profile:details.nickname')).fill(nickname.replace('キウイ', 'ｷｳｲ'));
  await colleague.getByRole('button', { name: ja('profile:details.save') }).click();
  await expect(colleague.getByText(ja('errors:user.nicknameTaken'))).toBeVisible();
  await colleagueContext.close();
});

test('the profile reads in English after choosing it, and fits 360 px without sideways scrolling', async ({ page, request }) => {
  const email = await newAcmeMember(request, 'Narrow Member');
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAs(page, email);
  await page.goto('/user/profile');
  await expect(page.getByRole('heading', { name: ja('profile:title'), level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  await page.getByLabel(ja('profile:details.language')).selectOption('en');
  await page.getByRole('button', { name: ja('profile:details.save') }).click();
  await expect(page.getByRole('heading', { name: text('en', 'profile:title'), level: 1 })).toBeVisible();
  await expect(page.getByText(text('en', 'profile:details.nicknameRule'))).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(text('en', 'profile:details.language'))).toHaveValue('en');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});

test('an email change mails a verify-and-change link; once followed, the member signs in with the new address', async ({
  page,
  request,
}) => {
  const email = await newAcmeMember(request, 'メール 変更');
  const newEmail = `moved-${unique()}@example.com`;
  await signInAs(page, email);
  await page.goto('/user/profile');
  const form = page.getByRole('region', { name: ja('profile:email.title') });
  await expect(form.getByText(tr('profile:email.current', { email }))).toBeVisible();

  // A wrong current password is refused with the identity provider's mapped message.
  await form.getByLabel(ja('profile:email.newEmail')).fill(newEmail);
  await form.getByLabel(ja('profile:email.currentPassword')).fill('not-my-password');
  await form.getByRole('button', { name: ja('profile:email.submit') }).click();
  await expect(form.getByRole('alert')).toHaveText(
    new RegExp(`${ja('errors:identity.wrong-password')}|${ja('errors:identity.invalid-credential')}`),
  );

  await form.getByLabel(ja('profile:email.currentPassword')).fill(PASSWORD);
  await form.getByRole('button', { name: ja('profile:email.submit') }).click();
  await expect(form.getByRole('status')).toHaveText(tr('profile:email.sent', { email: newEmail }));
  const mail = (await oobCodes(request, emulator)).find(
    (code) => code.requestType === 'VERIFY_AND_CHANGE_EMAIL' && (code as { newEmail?: string }).newEmail === newEmail,
  );
  expect(mail?.oobLink).toContain('mode=verifyAndChangeEmail');

  // Following the link (issue 16 builds its page; here the emulator's REST applies the code) changes the address.
  const applied = await request.post(`${emulator.url}/identitytoolkit.googleapis.com/v1/accounts:update?key=${emulator.apiKey}`, {
    data: { oobCode: mail!.oobCode },
  });
  expect(applied.ok()).toBe(true);
  await page.getByRole('button', { name: ja('portal:layout.logout') }).click();
  await signInAs(page, newEmail);
  await page.goto('/user/profile');
  await expect(page.getByText(tr('profile:email.current', { email: newEmail }))).toBeVisible();
});

test('a password change re-authenticates with the current password, then the new one signs in', async ({ page, request }) => {
  const email = await newAcmeMember(request, 'パスワード 変更');
  const newPassword = 'changed-password-2';
  await signInAs(page, email);
  await page.goto('/user/profile');
  const form = page.getByRole('region', { name: ja('profile:password.title') });

  await form.getByLabel(ja('profile:password.currentPassword'), { exact: true }).fill('wrong-password-0');
  await form.getByLabel(ja('profile:password.newPassword'), { exact: true }).fill(newPassword);
  await form.getByLabel(ja('profile:password.confirmPassword')).fill(newPassword);
  await form.getByRole('button', { name: ja('profile:password.submit') }).click();
  await expect(form.getByRole('alert')).toHaveText(
    new RegExp(`${ja('errors:identity.wrong-password')}|${ja('errors:identity.invalid-credential')}`),
  );

  await form.getByLabel(ja('profile:password.confirmPassword')).fill(`${newPassword}x`);
  await form.getByRole('button', { name: ja('profile:password.submit') }).click();
  await expect(form.getByText(ja('profile:password.mismatch'))).toBeVisible();

  await form.getByLabel(ja('profile:password.currentPassword'), { exact: true }).fill(PASSWORD);
  await form.getByLabel(ja('profile:password.confirmPassword')).fill(newPassword);
  await form.getByRole('button', { name: ja('profile:password.submit') }).click();
  await expect(page.getByText(ja('profile:password.changed'))).toBeVisible();

  await page.getByRole('button', { name: ja('portal:layout.logout') }).click();
  await page.goto('/login');
  await submitLogin(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toBeVisible();
  await signInAs(page, email, newPassword);
});
