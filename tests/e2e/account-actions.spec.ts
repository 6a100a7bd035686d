// Issue 16, action links: every mailed Firebase action link leads to /user/actions. The Auth Emulator's own links point
// at the emulator, so each story takes the real code the emulator issued (its oobCodes list) and opens Kiwi's page with
// it, as the template's action URL does with a real project. Fresh members (invited and accepted through the API) keep
// the demo accounts as they are. The emulator issues no REVERT_SECOND_FACTOR_ADDITION code (docs/decisions.md), so
// that mode is shown refusing a code of another kind.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { kiwiActionLink } from '../../shared/src/schemas/action-link';
import { type AuthEmulator, authEmulator, type OobCode, oobCodes, signInWithPassword } from './emulator-rest';
import { waitForMail } from './org-helpers';
import { ACCOUNTS, DEMO_PASSWORD, type Language, ja, submitLogin, text, unique } from './portal-helpers';

const PASSWORD = 'actions-password-1';

let emulator: AuthEmulator;
let origin: string;
test.beforeAll(async ({ request }, testInfo) => {
  emulator = await authEmulator(request);
  origin = new URL(testInfo.project.use.baseURL!).origin;
});

/** A new acme member with PASSWORD: invited by the demo manager, the invitation accepted through the API. */
async function invitedMember(request: APIRequestContext): Promise<string> {
  const email = `actions-${unique()}@example.com`;
  const headers = { authorization: `Bearer ${await signInWithPassword(request, emulator, ACCOUNTS.acmeManager, DEMO_PASSWORD)}` };
  const me = await (await request.get('/api/user', { headers })).json();
  const acme = me.included.find((item: { type: string }) => item.type === 'organizations');
  const invited = await request.post(`/api/organizations/${acme.id}/members`, {
    headers,
    data: { organization_member: { email, name: 'Action Member' } },
  });
  expect(invited.status()).toBe(201);
  const token = /\/user\/invitation\?token=([A-Za-z0-9_-]+)/.exec((await waitForMail(email)).text)?.[1];
  const accepted = await request.post('/api/user/accept_invitation', {
    data: { user: { token, name: 'Action Member', password: PASSWORD } },
  });
  expect(accepted.ok()).toBe(true);
  return email;
}

/** The latest code the emulator issued that `matches`, waiting for it to arrive. */
async function issuedCode(request: APIRequestContext, matches: (code: OobCode & { newEmail?: string }) => boolean): Promise<OobCode> {
  let found: OobCode | undefined;
  await expect
    .poll(async () => {
      found = (await oobCodes(request, emulator)).filter(matches).at(-1);
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

/** Kiwi's page for an emulator link, as a path, in `lang`. */
function actionPath(code: OobCode, lang: Language = 'ja'): string {
  const url = new URL(kiwiActionLink(code.oobLink, origin, { lang }));
  return `${url.pathname}${url.search}`;
}

async function identityCall<T>(request: APIRequestContext, method: string, data: object): Promise<T> {
  const response = await request.post(`${emulator.url}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${emulator.apiKey}`, {
    data,
  });
  expect(response.ok(), `accounts:${method}`).toBe(true);
  return (await response.json()) as T;
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`)).toEqual([]);
}

const tr = (language: Language, key: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((line, [name, value]) => line.replaceAll(`{{${name}}}`, String(value)), text(language, key));
const heading = (page: Page, key: string, language: Language = 'ja') => page.getByRole('heading', { name: text(language, key), level: 1 });
const success = (page: Page, line: string) => page.getByRole('status').filter({ hasText: line });

test('resetPassword: the reset mail opens Kiwi, the new password signs in, and the used link is refused', async ({ page, request }) => {
  const email = await invitedMember(request);
  const newPassword = 'reset-by-link-2';
  await page.goto('/user/reset_password');
  await page.getByLabel(ja('portal:resetPassword.email')).fill(email);
  await page.getByRole('button', { name: ja('portal:resetPassword.submit') }).click();
  await expect(page.getByRole('status').filter({ hasText: ja('portal:resetPassword.sent') })).toBeVisible();

  const code = await issuedCode(request, (oob) => oob.requestType === 'PASSWORD_RESET' && oob.email === email);
  // The mail carries Kiwi's sign-in page as where to go on.
  expect(new URL(code.oobLink).searchParams.get('continueUrl')).toBe(`${origin}/login`);
  await page.goto(actionPath(code));
  await expect(heading(page, 'actions:resetPassword.title')).toBeVisible();
  await expect(page.getByText(tr('ja', 'actions:resetPassword.intro', { email }))).toBeVisible();
  await expectAccessible(page);

  // The policy is checked before the code is spent.
  await page.getByLabel(ja('actions:resetPassword.newPassword'), { exact: true }).fill('abc');
  await page.getByLabel(ja('actions:resetPassword.confirmPassword')).fill('abc');
  await page.getByRole('button', { name: ja('actions:resetPassword.submit') }).click();
  await expect(page.getByLabel(ja('actions:resetPassword.newPassword'), { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel(ja('actions:resetPassword.newPassword'), { exact: true }).fill(newPassword);
  await page.getByLabel(ja('actions:resetPassword.confirmPassword')).fill(`${newPassword}x`);
  await page.getByRole('button', { name: ja('actions:resetPassword.submit') }).click();
  await expect(page.getByText(ja('actions:resetPassword.mismatch'))).toBeVisible();

  await page.getByLabel(ja('actions:resetPassword.confirmPassword')).fill(newPassword);
  await page.getByRole('button', { name: ja('actions:resetPassword.submit') }).click();
  await expect(success(page, ja('actions:resetPassword.done'))).toBeVisible();
  await expectAccessible(page);

  // The next step is the continue URL, the sign-in page, where the new password works and the old one no longer does.
  await page.getByRole('link', { name: ja('actions:next.continue') }).click();
  await expect(page).toHaveURL('/login');
  await submitLogin(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toBeVisible();
  await submitLogin(page, email, newPassword);
  await expect(page).toHaveURL(/\/$/);

  // The same link again: the code was used.
  await page.goto(actionPath(code));
  await expect(page.getByRole('alert')).toHaveText(ja('errors:identity.invalid-action-code'));
  await expect(page.getByRole('link', { name: ja('actions:resetPassword.requestAgain') })).toHaveAttribute('href', '/user/reset_password');
  await expectAccessible(page);
});

test('verifyEmail: the link in English verifies the address, at 320 px', async ({ page, request }) => {
  const email = await invitedMember(request);
  const idToken = await signInWithPassword(request, emulator, email, PASSWORD);
  await identityCall(request, 'sendOobCode', { requestType: 'VERIFY_EMAIL', idToken });
  const code = await issuedCode(request, (oob) => oob.requestType === 'VERIFY_EMAIL' && oob.email === email);

  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(actionPath(code, 'en'));
  await expect(heading(page, 'actions:verifyEmail.title', 'en')).toBeVisible();
  await expect(success(page, tr('en', 'actions:verifyEmail.done', { email }))).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('link', { name: text('en', 'actions:next.signIn') })).toHaveAttribute('href', '/login');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  const fresh = await signInWithPassword(request, emulator, email, PASSWORD);
  const { users } = await identityCall<{ users: { emailVerified?: boolean }[] }>(request, 'lookup', { idToken: fresh });
  expect(users[0]?.emailVerified).toBe(true);
});

test('verifyAndChangeEmail from the profile page changes the address; recoverEmail restores it and offers a reset', async ({
  page,
  request,
}) => {
  const email = await invitedMember(request);
  const newEmail = `actions-moved-${unique()}@example.com`;
  await page.goto('/login');
  await submitLogin(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/user/profile');
  const form = page.getByRole('region', { name: ja('profile:email.title') });
  await form.getByLabel(ja('profile:email.newEmail')).fill(newEmail);
  await form.getByLabel(ja('profile:email.currentPassword')).fill(PASSWORD);
  await form.getByRole('button', { name: ja('profile:email.submit') }).click();
  await expect(form.getByRole('status')).toBeVisible();

  const change = await issuedCode(request, (oob) => oob.requestType === 'VERIFY_AND_CHANGE_EMAIL' && oob.newEmail === newEmail);
  expect(new URL(change.oobLink).searchParams.get('continueUrl')).toBe(`${origin}/user/profile`);
  await page.goto(actionPath(change));
  await expect(heading(page, 'actions:verifyAndChangeEmail.title')).toBeVisible();
  await expect(success(page, tr('ja', 'actions:verifyAndChangeEmail.done', { email: newEmail }))).toBeVisible();
  await expect(page.getByRole('link', { name: ja('actions:next.continue') })).toHaveAttribute('href', '/user/profile');
  await expectAccessible(page);
  const idToken = await signInWithPassword(request, emulator, newEmail, PASSWORD);

  // Someone with the password changes the address again. Firebase mails the address it replaced a recoverEmail link
  // (the emulator does so only for a direct change, accounts:update with an email, not for an applied verify link).
  const hijacked = `actions-hijacked-${unique()}@example.com`;
  await identityCall(request, 'update', { idToken, email: hijacked });
  const recover = await issuedCode(request, (oob) => oob.requestType === 'RECOVER_EMAIL' && oob.email === newEmail);
  const resets = async () =>
    (await oobCodes(request, emulator)).filter((oob) => oob.requestType === 'PASSWORD_RESET' && oob.email === newEmail);
  const resetsBefore = (await resets()).length;
  await page.goto(actionPath(recover));
  await expect(heading(page, 'actions:recoverEmail.title')).toBeVisible();
  await expect(success(page, tr('ja', 'actions:recoverEmail.done', { email: newEmail }))).toBeVisible();
  await expect(page.getByText(ja('actions:recoverEmail.resetAdvice'))).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: ja('actions:sendReset.submit') }).click();
  await expect(success(page, tr('ja', 'actions:sendReset.sent', { email: newEmail }))).toBeVisible();
  await expect.poll(async () => (await resets()).length).toBe(resetsBefore + 1);
  // The restored address signs in again; the hijacker's no longer does.
  await signInWithPassword(request, emulator, newEmail, PASSWORD);
  await expect(signInWithPassword(request, emulator, hijacked, PASSWORD)).rejects.toThrow();
});

test('signIn: on another device the address is asked for and a wrong one refused; a stored address signs in at once', async ({
  page,
  browser,
  request,
}) => {
  const email = await invitedMember(request);
  await identityCall(request, 'sendOobCode', { requestType: 'EMAIL_SIGNIN', email, continueUrl: `${origin}/user/actions` });
  const first = await issuedCode(request, (oob) => oob.requestType === 'EMAIL_SIGNIN' && oob.email === email);

  await page.goto(actionPath(first));
  await expect(heading(page, 'actions:signIn.title')).toBeVisible();
  await expect(page.getByText(ja('actions:signIn.askEmail'))).toBeVisible();
  await expectAccessible(page);
  // A link sent to someone else is refused for this address (the code stays good).
  await page.getByLabel(ja('actions:signIn.email')).fill(ACCOUNTS.acmeMember);
  await page.getByRole('button', { name: ja('actions:signIn.submit') }).click();
  await expect(page.getByRole('alert')).toHaveText(ja('actions:signIn.otherAddress'));
  await expectAccessible(page);
  await page.getByLabel(ja('actions:signIn.email')).fill(email);
  await page.getByRole('button', { name: ja('actions:signIn.submit') }).click();
  // The continue URL was the action page itself, so the session lands on home.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: ja('portal:layout.logout') })).toBeVisible();

  // The device that asked for the link kept the address: no question, straight to the continue URL.
  await identityCall(request, 'sendOobCode', { requestType: 'EMAIL_SIGNIN', email, continueUrl: `${origin}/send_coins` });
  const second = await issuedCode(
    request,
    (oob) => oob.requestType === 'EMAIL_SIGNIN' && oob.email === email && oob.oobCode !== first.oobCode,
  );
  const context = await browser.newContext();
  const device = await context.newPage();
  await device.goto('/login');
  await device.evaluate((address) => localStorage.setItem('kiwi.emailForSignIn', address), email);
  await device.goto(actionPath(second));
  await expect(device).toHaveURL('/send_coins');
  expect(await device.evaluate(() => localStorage.getItem('kiwi.emailForSignIn'))).toBeNull();
  await context.close();
});

test('refused links: a garbled code, an unknown mode, a missing code (at 320 px)', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/user/actions?mode=verifyEmail&oobCode=garbled-code-123&apiKey=fake-api-key&lang=ja');
  await expect(heading(page, 'actions:verifyEmail.title')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(ja('errors:identity.invalid-action-code'));
  await expect(page.getByText(ja('actions:verifyEmail.failedHint'))).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  await page.goto('/user/actions?mode=deleteAccount&oobCode=abc&apiKey=fake-api-key');
  await expect(heading(page, 'actions:invalidLink.title')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(ja('actions:invalidLink.unknownMode'));
  await expect(page.getByRole('link', { name: ja('actions:next.signIn') })).toHaveAttribute('href', '/login');
  await expectAccessible(page);

  await page.goto('/user/actions?mode=recoverEmail&apiKey=fake-api-key&lang=en');
  await expect(heading(page, 'actions:invalidLink.title', 'en')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(text('en', 'actions:invalidLink.missingCode'));
});

test('revertSecondFactorAddition: the emulator mails no revert code after an SMS enrolment; a code of another kind is refused', async ({
  page,
  request,
}) => {
  const email = await invitedMember(request);
  const verifyEmail = async () => {
    await identityCall(request, 'sendOobCode', {
      requestType: 'VERIFY_EMAIL',
      idToken: await signInWithPassword(request, emulator, email, PASSWORD),
    });
    const codes = (await oobCodes(request, emulator)).filter((oob) => oob.requestType === 'VERIFY_EMAIL' && oob.email === email);
    return codes.at(-1)!;
  };
  // Enrolling a second factor needs a verified address: verified through the page, its continue URL pointed at
  // another origin, which is not offered.
  const first = new URL(kiwiActionLink((await verifyEmail()).oobLink, origin, { lang: 'ja' }));
  first.searchParams.set('continueUrl', 'https://evil.example/login');
  await page.goto(`${first.pathname}${first.search}`);
  await expect(success(page, tr('ja', 'actions:verifyEmail.done', { email }))).toBeVisible();
  await expect(page.getByRole('link', { name: ja('actions:next.continue') })).toHaveCount(0);
  await expect(page.locator('a[href*="evil.example"]')).toHaveCount(0);
  await expect(page.getByRole('link', { name: ja('actions:next.signIn') })).toHaveAttribute('href', '/login');

  // Taken before the enrolment: a password alone no longer signs in after it.
  const other = new URL(kiwiActionLink((await verifyEmail()).oobLink, origin, { lang: 'ja' }));

  // SMS enrolment through the emulator's REST API, with the code it "texted".
  const phoneNumber = `+1555${Math.floor(1e6 + Math.random() * 8e6)}`;
  const v2 = (method: string, data: object) =>
    request.post(`${emulator.url}/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:${method}?key=${emulator.apiKey}`, { data });
  const idToken = await signInWithPassword(request, emulator, email, PASSWORD);
  const started = await v2('start', { idToken, phoneEnrollmentInfo: { phoneNumber } });
  expect(started.ok()).toBe(true);
  const { sessionInfo } = (await started.json()).phoneSessionInfo;
  const sms = await (await request.get(`${emulator.url}/emulator/v1/projects/${emulator.projectId}/verificationCodes`)).json();
  const { code } = sms.verificationCodes.findLast((item: { sessionInfo: string }) => item.sessionInfo === sessionInfo);
  expect((await v2('finalize', { idToken, phoneVerificationInfo: { sessionInfo, code } })).ok()).toBe(true);
  expect(
    (await oobCodes(request, emulator)).filter((oob) => oob.email === email && oob.requestType === 'REVERT_SECOND_FACTOR_ADDITION'),
  ).toEqual([]);

  // A verifyEmail code opened as a revert link is refused without being spent: the real link still works.
  other.searchParams.set('mode', 'revertSecondFactorAddition');
  await page.goto(`${other.pathname}${other.search}`);
  await expect(heading(page, 'actions:revertSecondFactorAddition.title')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(ja('errors:identity.invalid-action-code'));
  await expect(page.getByText(ja('actions:revertSecondFactorAddition.failedHint'))).toBeVisible();
  await expectAccessible(page);
  other.searchParams.set('mode', 'verifyEmail');
  await page.goto(`${other.pathname}${other.search}`);
  await expect(success(page, tr('ja', 'actions:verifyEmail.done', { email }))).toBeVisible();
});
