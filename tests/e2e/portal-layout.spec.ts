import { expect, test } from '@playwright/test';
import { ACCOUNTS, ja, mainMenu, signIn, text } from './portal-helpers';

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

test('the language switch changes ja to en and is remembered for the user', async ({ page }) => {
  await signIn(page, ACCOUNTS.acmeMember);
  await expect(mainMenu(page).getByRole('link', { name: ja('portal:pages.member.events') })).toBeVisible();

  await page.getByLabel(ja('common:language.label')).selectOption('en');
  const englishMenu = page.getByRole('navigation', { name: text('en', 'portal:layout.mainMenu') });
  await expect(englishMenu.getByRole('link', { name: text('en', 'portal:pages.member.events') })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.reload();
  await expect(englishMenu.getByRole('link', { name: text('en', 'portal:pages.member.events') })).toBeVisible();
  await expect(page.getByLabel(text('en', 'common:language.label'))).toHaveValue('en');
});
