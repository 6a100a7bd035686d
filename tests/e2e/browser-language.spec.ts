import { expect, test } from '@playwright/test';
import { text } from './portal-helpers';

// Issue 21: the signed-out portal speaks the browser's language unless someone chose one on this device.

test('an English browser gets the English sign-in page', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: text('en', 'portal:login.title') })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await context.close();
});

test('a browser in a language Kiwi does not speak gets Japanese', async ({ browser }) => {
  const french = await browser.newContext({ locale: 'fr-FR' });
  const page = await french.newPage();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: text('ja', 'portal:login.title') })).toBeVisible();
  await french.close();
});

test('a language chosen on this device wins over the browser', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-US' });
  await context.addInitScript(() => localStorage.setItem('kiwi.language', 'ja'));
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: text('ja', 'portal:login.title') })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await context.close();
});
