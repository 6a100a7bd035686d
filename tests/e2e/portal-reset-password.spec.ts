import { expect, test, type Page } from '@playwright/test';
import { authEmulator, oobCodes, passwordResetsFor, resetPassword, signUp, type AuthEmulator } from './emulator-rest';
import { ACCOUNTS, ja, submitLogin } from './portal-helpers';

// The emulator keeps every mail it "sent" in this run; a spec tells its own apart by address and by count.
let emulator: AuthEmulator;
test.beforeAll(async ({ request }) => {
  emulator = await authEmulator(request);
});

/** From the sign-in page's link, asks for a reset mail for `email`. */
async function requestReset(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('link', { name: ja('portal:login.forgotPassword') }).click();
  await expect(page).toHaveURL('/user/reset_password');
  await expect(page.getByRole('heading', { name: ja('portal:resetPassword.title') })).toBeVisible();
  await page.getByLabel(ja('portal:resetPassword.email')).fill(email);
  await page.getByRole('button', { name: ja('portal:resetPassword.submit') }).click();
}

const sentMessage = (page: Page) => page.getByRole('status').filter({ hasText: ja('portal:resetPassword.sent') });
const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@reset.example`;

test('a reset asked for from the sign-in page is sent by Firebase', async ({ page, request }) => {
  const before = passwordResetsFor(await oobCodes(request, emulator), ACCOUNTS.acmeMember).length;
  await requestReset(page, ACCOUNTS.acmeMember);
  await expect(sentMessage(page)).toBeVisible();
  // The code is only read, never used: demo passwords stay as they are.
  expect(passwordResetsFor(await oobCodes(request, emulator), ACCOUNTS.acmeMember)).toHaveLength(before + 1);
});

test('an address with no account gets the same answer, and no mail goes out', async ({ page, request }) => {
  const nobody = uniqueEmail('nobody');
  await requestReset(page, nobody);
  await expect(sentMessage(page)).toBeVisible();
  expect(passwordResetsFor(await oobCodes(request, emulator), nobody)).toEqual([]);
});

test('an invalid address shows the validation message and sends nothing', async ({ page }) => {
  await requestReset(page, 'not-an-email');
  const email = page.getByLabel(ja('portal:resetPassword.email'));
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(ja('validation:invalidEmail'))).toBeVisible();
  await expect(sentMessage(page)).toHaveCount(0);
});

test('the mailed code sets a new password, which the sign-in page then accepts', async ({ page, request }) => {
  // A Firebase account of its own (no product user), so no demo password changes.
  const email = uniqueEmail('reset');
  const oldPassword = 'old-password-1234';
  const newPassword = 'new-password-5678';
  await signUp(request, emulator, email, oldPassword);

  await requestReset(page, email);
  await expect(sentMessage(page)).toBeVisible();
  const [mail] = passwordResetsFor(await oobCodes(request, emulator), email);
  expect(mail).toBeDefined();
  expect(await resetPassword(request, emulator, mail!.oobCode, newPassword)).toMatchObject({ email, requestType: 'PASSWORD_RESET' });

  await page.goto('/login');
  await submitLogin(page, email, oldPassword);
  await expect(page.getByRole('alert')).toHaveText(ja('errors:identity.wrong-password'));

  // Firebase accepts the new password; the account has no product user, so the portal then refuses it as it refuses
  // every unknown user (docs/decisions.md) instead of naming a credential error.
  await submitLogin(page, email, newPassword);
  await expect(page.getByRole('status').filter({ hasText: ja('errors:userInactive') })).toBeVisible();
  // The refusal, not a credential error, stays on the form (issue 21).
  await expect(page.getByRole('alert')).toHaveText(ja('errors:userInactive'));
  await expect(page).toHaveURL('/login');
});
