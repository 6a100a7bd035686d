import { expect, test } from '@playwright/test';
import { ja } from './portal-helpers';

test('the full-screen loading view shows until the portal has started, then the sign-in page', async ({ page }) => {
  // Hold the start-up configuration until the loading view has been seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/client_config', async (route) => {
    await held;
    await route.continue();
  });

  await page.goto('/login');
  const loading = page.getByRole('status').filter({ hasText: ja('common:loading').replace('{{product}}', ja('common:appName')) });
  await expect(loading).toBeVisible();
  await expect(page.getByRole('heading', { name: ja('portal:login.title') })).toHaveCount(0);

  release();
  await expect(page.getByRole('heading', { name: ja('portal:login.title') })).toBeVisible();
  await expect(loading).toHaveCount(0);
});
