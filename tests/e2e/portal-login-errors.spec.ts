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
  await page.getByRole('button', { name: ja('portal:login.submit'), exact: true }).click();
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
    await expect(page.getByRole('button', { name: ja('portal:login.submit'), exact: true })).toBeEnabled();

    // Still signed out: a guarded page sends the visitor back to /login.
    await page.goto('/');
    await expect(page).toHaveURL(`/login?previousPath=${encodeURIComponent('/')}`);
  });
}

test('the toast sits at the bottom left, closes on demand and hides itself after 10 s', async ({ page }) => {
  await page.clock.install();
  await page.goto('/login');
  await submitLogin(page, ACCOUNTS.acmePending);
  const toast = page.getByRole('region', { name: ja('common:toast.label') });
  const message = toast.getByText(ja('errors:userInactive'));
  await expect(message).toBeVisible();

  const box = await toast.locator('.kiwi-toast__panel').boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport).toBeTruthy();
  expect(box!.x).toBeLessThan(viewport!.width / 2);
  expect(box!.y + box!.height).toBeGreaterThan(viewport!.height / 2);

  await toast.getByRole('button', { name: ja('common:toast.close') }).click();
  await expect(message).toBeHidden();

  // Shown again, it stays for almost 10 s and is gone right after.
  await submitLogin(page, ACCOUNTS.acmeExpired);
  await expect(message).toBeVisible();
  await page.clock.fastForward(9_000);
  await expect(message).toBeVisible();
  await page.clock.fastForward(1_500);
  await expect(message).toBeHidden();
  // The toast is gone; the refusal stays on the sign-in form until the next attempt (issue 21).
  await expect(page.getByRole('alert')).toHaveText(ja('errors:userInactive'));
});
