// Issue 16, single sign-on: Google through the Auth Emulator's IdP popup for a member (lands home, or goes on to the
// second-factor step when one is enrolled) and for an address no member has (refused with the message of SPEC §8),
// the mailed sign-in link's neutral answer, and the organisation's sign-in policy on /org/:identifier/sign_in_settings
// (axe, ja and en, 320 px), whose MFA requirement sends a manager without a second factor to the MFA setting. Members
// are invited fresh; the demo organisations' policies are put back.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { type AuthEmulator, authEmulator, oobCodes, signInWithPassword, verificationCodes } from './emulator-rest';
import { useGoogleApiStandIn } from './google-api-stand-in';
import { waitForMail } from './org-helpers';
import { ACCOUNTS, DEMO_PASSWORD, ja, type Language, submitLogin, text, unique } from './portal-helpers';

const PASSWORD = 'sso-password-1';
const EVERY_METHOD = ['password', 'google', 'microsoft', 'emailLink'];
const tr = (language: Language, key: string, values: Record<string, string>) =>
  Object.entries(values).reduce((line, [name, value]) => line.replaceAll(`{{${name}}}`, value), text(language, key));

let emulator: AuthEmulator;
test.beforeAll(async ({ request }) => {
  emulator = await authEmulator(request);
});
test.beforeEach(async ({ context }) => {
  await useGoogleApiStandIn(context);
});

async function bearer(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  return { authorization: `Bearer ${await signInWithPassword(request, emulator, email, password)}` };
}

/** The organisation of a demo manager: its id and route identifier. */
async function organizationOf(request: APIRequestContext, manager: string): Promise<{ id: string; identifier: string }> {
  const user = await (await request.get('/api/user', { headers: await bearer(request, manager) })).json();
  const organization = user.included.find((item: { type: string }) => item.type === 'organizations');
  return { id: organization.id, identifier: organization.attributes.identifier };
}

/** A new acme member: the demo manager invites them, the invitation is accepted with a password. */
async function newAcmeMember(request: APIRequestContext): Promise<string> {
  const email = `sso-${unique()}@example.com`;
  const headers = await bearer(request, ACCOUNTS.acmeManager);
  const acme = await organizationOf(request, ACCOUNTS.acmeManager);
  const invited = await request.post(`/api/organizations/${acme.id}/members`, {
    headers,
    data: { organization_member: { email, name: 'SSO 花子' } },
  });
  expect(invited.status()).toBe(201);
  const token = /\/user\/invitation\?token=([A-Za-z0-9_-]+)/.exec((await waitForMail(email)).text)?.[1];
  const accepted = await request.post('/api/user/accept_invitation', { data: { user: { token, name: 'SSO 花子', password: PASSWORD } } });
  expect(accepted.ok()).toBe(true);
  return email;
}

/** Clicks "Sign in with Google" and, in the emulator's IdP popup, signs in as a new Google account with `email`. */
async function signInWithGooglePopup(page: Page, email: string) {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: ja('portal:login.title') })).toBeVisible();
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: ja('sso:login.google') }).click();
  const popup = await popupOpened;
  await popup.locator('#add-account-button').click();
  await popup.locator('#email-input').fill(email);
  await popup.locator('#sign-in').click();
}

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`)).toEqual([]);
}

async function putPolicy(request: APIRequestContext, organizationId: string, methods: string[], mfa: boolean) {
  const response = await request.put(`/api/organizations/${organizationId}/sign_in_policy`, {
    headers: await bearer(request, ACCOUNTS.admin),
    data: { sign_in_policy: { sign_in_methods: methods, mfa_required_for_managers: mfa } },
  });
  expect(response.ok()).toBe(true);
}

test('a member signs in with Google through the emulator popup and lands home', async ({ page, request }) => {
  const email = await newAcmeMember(request);
  await signInWithGooglePopup(page, email);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

/** An SMS second factor for `email` through the emulator's REST calls (the address verified first, as the page asks). */
async function enrolSms(request: APIRequestContext, email: string, phoneNumber: string) {
  const toolkit = async (path: string, data: object, headers: Record<string, string> = {}) => {
    const response = await request.post(`${emulator.url}/identitytoolkit.googleapis.com/${path}?key=${emulator.apiKey}`, { data, headers });
    expect(response.ok(), await response.text()).toBe(true);
    return response.json();
  };
  const { localId } = await toolkit('v1/accounts:signInWithPassword', { email, password: PASSWORD, returnSecureToken: true });
  await toolkit(`v1/projects/${emulator.projectId}/accounts:update`, { localId, emailVerified: true }, { authorization: 'Bearer owner' });
  const { idToken } = await toolkit('v1/accounts:signInWithPassword', { email, password: PASSWORD, returnSecureToken: true });
  const started = await toolkit('v2/accounts/mfaEnrollment:start', { idToken, phoneEnrollmentInfo: { phoneNumber } });
  const sessionInfo = started.phoneSessionInfo.sessionInfo as string;
  const code = (await verificationCodes(request, emulator)).find((item) => item.sessionInfo === sessionInfo)?.code;
  await toolkit('v2/accounts/mfaEnrollment:finalize', { idToken, phoneVerificationInfo: { sessionInfo, code } });
}

test('a member with a second factor signs in with Google, then with the texted code of the /login step', async ({ page, request }) => {
  const email = await newAcmeMember(request);
  const phoneNumber = `+1555${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
  await enrolSms(request, email, phoneNumber);
  await signInWithGooglePopup(page, email);
  await expect(page.getByRole('heading', { name: ja('mfa:login.title'), level: 2 })).toBeVisible();
  await page.getByRole('button', { name: ja('mfa:login.send') }).click();
  await expect(page.getByLabel(ja('mfa:login.code'))).toBeVisible();
  const codes = (await verificationCodes(request, emulator)).filter((item) => item.phoneNumber === phoneNumber);
  await page.getByLabel(ja('mfa:login.code')).fill(codes.at(-1)!.code);
  await page.getByRole('button', { name: ja('mfa:login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a Google address that no member has is refused on /login with the message to ask the admin', async ({ page }) => {
  await signInWithGooglePopup(page, `stranger-${unique()}@example.com`);
  await expect(page.getByRole('status').filter({ hasText: ja('errors:emailNotAvailable') })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: ja('sso:login.google') })).toBeEnabled();
});

test('the sign-in link answers the same whether or not the address has an account', async ({ page, request }) => {
  const member = await newAcmeMember(request);
  for (const email of [member, `nobody-${unique()}@example.com`]) {
    await page.goto('/login');
    await page.getByRole('button', { name: ja('sso:login.emailLink') }).click();
    await page.getByLabel(ja('sso:login.emailLinkAddress')).fill(email);
    await page.getByRole('button', { name: ja('sso:login.emailLinkSubmit') }).click();
    await expect(page.getByRole('status').filter({ hasText: tr('ja', 'sso:login.emailLinkSent', { email }) })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('kiwi.emailForSignIn'))).toBe(email);
  }
  // The link leads to the actions page of this origin, in sign-in mode.
  const link = (await oobCodes(request, emulator)).filter((code) => code.requestType === 'EMAIL_SIGNIN' && code.email === member).at(-1);
  expect(link?.oobLink).toContain('mode=signIn');
  expect(decodeURIComponent(link?.oobLink ?? '')).toContain(`${new URL(page.url()).origin}/user/actions`);
});

test.describe('sign-in settings', () => {
  async function openSettings(context: BrowserContext, manager: string, identifier: string, language: Language) {
    const page = await context.newPage();
    await page.goto('/login');
    await submitLogin(page, manager, DEMO_PASSWORD, 'ja');
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto(`/org/${identifier}/sign_in_settings`);
    await expect(page.getByRole('heading', { name: text(language, 'sso:settings.title'), level: 1 })).toBeVisible();
    return page;
  }

  for (const [language, manager] of [
    ['ja', ACCOUNTS.acmeManager],
    ['en', ACCOUNTS.globexManager],
  ] as const) {
    test(`a manager changes which methods are allowed (${language}, 320 px)`, async ({ browser, request }) => {
      const organization = await organizationOf(request, manager);
      const context = await browser.newContext({ viewport: { width: 320, height: 720 } });
      await useGoogleApiStandIn(context);
      try {
        const page = await openSettings(context, manager, organization.identifier, language);
        const method = (name: string) => page.getByRole('checkbox', { name: text(language, `sso:settings.method.${name}`) });
        for (const name of EVERY_METHOD) await expect(method(name)).toBeChecked();
        await expectAccessible(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(
          0,
        );

        // At least one method.
        for (const name of EVERY_METHOD) await method(name).uncheck();
        await page.getByRole('button', { name: text(language, 'sso:settings.save') }).click();
        await expect(page.getByRole('alert').filter({ hasText: text(language, 'validation:required') })).toBeVisible();

        // Not one that would refuse the manager's own (password) sign-in.
        await method('google').check();
        await page.getByRole('button', { name: text(language, 'sso:settings.save') }).click();
        await expect(page.getByRole('alert').filter({ hasText: text(language, 'errors:signInPolicy.excludesOwnMethod') })).toBeVisible();

        await method('password').check();
        await page.getByRole('button', { name: text(language, 'sso:settings.save') }).click();
        await expect(page.getByRole('status').filter({ hasText: text(language, 'sso:settings.saved') })).toBeVisible();
        await page.reload();
        await expect(method('password')).toBeChecked();
        await expect(method('google')).toBeChecked();
        await expect(method('microsoft')).not.toBeChecked();
        await expect(method('emailLink')).not.toBeChecked();
        await expectAccessible(page);
      } finally {
        await putPolicy(request, organization.id, EVERY_METHOD, false);
        await context.close();
      }
    });
  }

  test('requiring MFA for managers sends a manager without a second factor to the MFA setting', async ({ browser, request }) => {
    const organization = await organizationOf(request, ACCOUNTS.globexManager);
    const context = await browser.newContext();
    await useGoogleApiStandIn(context);
    try {
      const page = await openSettings(context, ACCOUNTS.globexManager, organization.identifier, 'en');
      await page.getByRole('checkbox', { name: text('en', 'sso:settings.mfaRequired') }).check();
      await page.getByRole('button', { name: text('en', 'sso:settings.save') }).click();
      const dialog = page.getByRole('dialog', { name: text('en', 'sso:settings.confirmMfaTitle') });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: text('en', 'sso:settings.confirmMfaConfirm') }).click();
      await expect(page.getByRole('status').filter({ hasText: text('en', 'sso:settings.saved') })).toBeVisible();

      // The next page of the organisation area is refused by the server: the manager is sent to enrol, told why.
      await page.goto(`/org/${organization.identifier}/members`);
      await expect(page).toHaveURL(/\/user\/mfa_setting$/);
      await expect(page.getByRole('status').filter({ hasText: text('en', 'errors:auth.mfaRequired') })).toBeVisible();
    } finally {
      await putPolicy(request, organization.id, EVERY_METHOD, false);
      await context.close();
    }
  });
});
