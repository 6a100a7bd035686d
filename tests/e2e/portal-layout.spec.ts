import { expect, test, type APIRequestContext } from '@playwright/test';
import { authEmulator, signInWithPassword } from './emulator-rest';
import { ACCOUNTS, DEMO_PASSWORD, ja, mainMenu, signIn, submitLogin, text, type Language } from './portal-helpers';

test.describe('narrow viewport', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('shows the menu button and opens and closes the temporary drawer', async ({ page }) => {
    await signIn(page, ACCOUNTS.acmeMember);
    await expect(page).toHaveURL('/');
    const menuButton = page.getByRole('button', { name: ja('portal:layout.openMenu') });
    await expect(menuButton).toBeVisible();
    await expect(mainMenu(page)).toBeHidden();

    // Keyboard: open with Enter, close with Escape, focus back on the button.
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: ja('portal:layout.mainMenu') });
    await expect(drawer).toBeVisible();
    await expect(mainMenu(page)).toHaveAttribute('data-variant', 'member');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menuButton).toBeFocused();

    // Following a link closes the drawer.
    await menuButton.click();
    await drawer.getByRole('link', { name: ja('portal:pages.member.guilds') }).click();
    await expect(page).toHaveURL('/guilds');
    await expect(drawer).toBeHidden();

    // The close button closes it too.
    await menuButton.click();
    await drawer.getByRole('button', { name: ja('portal:layout.closeMenu') }).click();
    await expect(drawer).toBeHidden();
  });
});

test('the footer carries two links and a copyright line', async ({ page }) => {
  await signIn(page, ACCOUNTS.acmeMember);
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: ja('portal:footer.companyOverview') })).toBeVisible();
  await expect(footer.getByRole('link', { name: ja('portal:footer.privacyPolicy') })).toBeVisible();
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Kiwi`);
});

test.describe('the interface language', () => {
  // One server and database serve the whole run, and other specs read member@acme's pages in Japanese: whatever
  // happens here, the account goes back to its seeded language.
  test.afterEach(async ({ request }) => {
    await storeLanguage(request, ACCOUNTS.acmeMember, 'ja');
  });

  test('the language switch changes ja to en and is remembered for the user', async ({ page, browser }) => {
    await signIn(page, ACCOUNTS.acmeMember);
    await expect(mainMenu(page).getByRole('link', { name: ja('portal:pages.member.events') })).toBeVisible();

    const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && /\/api\/users\/\d+$/.test(response.url()));
    await page.getByLabel(ja('common:language.label')).selectOption('en');
    await expect(mainMenu(page, 'en').getByRole('link', { name: text('en', 'portal:pages.member.events') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const put = await saved;
    expect(put.status()).toBe(200);
    expect(put.request().postDataJSON()).toEqual({ user: { language: 'en' } });

    await page.reload();
    await expect(mainMenu(page, 'en').getByRole('link', { name: text('en', 'portal:pages.member.events') })).toBeVisible();
    await expect(page.getByLabel(text('en', 'common:language.label'))).toHaveValue('en');

    // Another browser knows nothing of this device: its sign-in page is Japanese, and the user's stored choice wins.
    const elsewhere = await browser.newContext();
    try {
      const other = await elsewhere.newPage();
      await signIn(other, ACCOUNTS.acmeMember);
      await expect(mainMenu(other, 'en').getByRole('link', { name: text('en', 'portal:pages.member.events') })).toBeVisible();
      await expect(other.locator('html')).toHaveAttribute('lang', 'en');

      // The next person on that browser gets their own language, not the previous user's (the sign-in page keeps
      // the device's last language, English here).
      await mainMenu(other, 'en')
        .getByRole('button', { name: text('en', 'portal:layout.logout') })
        .click();
      await expect(other).toHaveURL('/login');
      await submitLogin(other, ACCOUNTS.acmeManager, DEMO_PASSWORD, 'en');
      await expect(other).toHaveURL('/org/acme');
      await expect(mainMenu(other).getByRole('link', { name: ja('portal:pages.organization.members') })).toBeVisible();
      await expect(other.locator('html')).toHaveAttribute('lang', 'ja');
    } finally {
      await elsewhere.close();
    }
  });

  test('a failed save says so and keeps the chosen language for this session', async ({ page }) => {
    await signIn(page, ACCOUNTS.acmeMember);
    await expect(page).toHaveURL('/');
    await page.route(/\/api\/users\/\d+$/, (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 503, body: '' }) : route.fallback(),
    );

    await page.getByLabel(ja('common:language.label')).selectOption('en');
    await expect(page.getByRole('status').filter({ hasText: text('en', 'portal:languageSwitch.saveFailed') })).toBeVisible();
    await expect(mainMenu(page, 'en').getByRole('link', { name: text('en', 'portal:pages.member.events') })).toBeVisible();
    await expect(page.getByLabel(text('en', 'common:language.label'))).toHaveValue('en');

    // The server never heard of it: the next session starts in the stored Japanese again.
    await page.reload();
    await expect(mainMenu(page).getByRole('link', { name: ja('portal:pages.member.events') })).toBeVisible();
  });
});

/** Sets a demo account's stored language through the API, signed in as that account with the emulator's REST sign-in. */
async function storeLanguage(request: APIRequestContext, email: string, language: Language) {
  const token = await signInWithPassword(request, await authEmulator(request), email, DEMO_PASSWORD);
  const headers = { Authorization: `Bearer ${token}` };
  const me = await request.get('/api/user', { headers });
  expect(me.ok()).toBe(true);
  const { id } = (await me.json()).data as { id: string };
  const response = await request.put(`/api/users/${id}`, { headers, data: { user: { language } } });
  expect(response.status()).toBe(200);
}
