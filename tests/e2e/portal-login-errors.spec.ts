import { expect, test } from '@playwright/test';
import { ACCOUNTS, ja, submitLogin } from './portal-helpers';

test('a wrong password shows the mapped identity message', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, ACCOUNTS.acmeMember, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText(ja('errors:identity.wrong-password'));
  await expect(page).toHaveURL('/login');
});

test('empty fields show the required messages', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: ja('portal:login.submit') }).click();
  await expect(page.getByLabel(ja('portal:login.email'))).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel(ja('portal:login.password'))).toHaveAttribute('aria-invalid', 'true');
});

for (const email of [ACCOUNTS.acmePending, ACCOUNTS.acmeExpired]) {
  test(`${email} is refused with the inactive message and stays on /login`, async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, email);
    const toast = page.getByRole('status').filter({ hasText: ja('errors:userInactive') });
    await expect(toast).toBeVisible();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('button', { name: ja('portal:login.submit') })).toBeEnabled();

    // Still signed out: a guarded page sends the visitor back to /login.
    await page.goto('/');
    await expect(page).toHaveURL(`/login?previousPath=${encodeURIComponent('/')}`);
  });
}
