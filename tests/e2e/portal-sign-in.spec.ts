import { expect, test } from '@playwright/test';
import { ACCOUNTS, ja, mainMenu, signIn } from './portal-helpers';

// SPEC §6 landing and §2 drawer: primary for general, secondary for the organisation area, light orange for admin.
const PRIMARY = 'rgb(46, 125, 50)';
const SECONDARY = 'rgb(194, 74, 0)';
const LIGHT_ORANGE = 'rgb(255, 224, 178)';

test('the admin lands on /_admin with the admin badge and the light-orange admin drawer', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await expect(page).toHaveURL('/_admin');
  const menu = mainMenu(page);
  await expect(menu).toHaveAttribute('data-variant', 'admin');
  await expect(menu).toHaveCSS('background-color', LIGHT_ORANGE);
  await expect(menu.getByText(ja('portal:layout.adminBadge'), { exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: ja('portal:pages.admin.systemSettings') })).toHaveAttribute(
    'href',
    '/_admin/system_settings',
  );
  await expect(menu.getByRole('link', { name: ja('portal:layout.logoLabel') })).toHaveAttribute('href', '/_admin');
  await expect(page.getByRole('heading', { level: 1, name: ja('portal:pages.admin.dashboard') })).toBeVisible();
});

test('the acme manager lands on /org/acme with the organisation drawer', async ({ page }) => {
  await signIn(page, ACCOUNTS.acmeManager);
  await expect(page).toHaveURL('/org/acme');
  const menu = mainMenu(page);
  await expect(menu).toHaveAttribute('data-variant', 'organization');
  await expect(menu).toHaveCSS('background-color', SECONDARY);
  await expect(menu.getByText(ja('portal:layout.adminBadge'), { exact: true })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: ja('portal:pages.organization.members') })).toHaveAttribute('href', '/org/acme/members');
  await expect(menu.getByRole('link', { name: ja('portal:layout.logoLabel') })).toHaveAttribute('href', '/org/acme');

  // Back in the member area the manager's member menu links to the organisation.
  await menu.getByRole('link', { name: ja('portal:menu.backToHome') }).click();
  await expect(page).toHaveURL('/');
  await expect(mainMenu(page)).toHaveAttribute('data-variant', 'member');
  await expect(mainMenu(page).getByRole('link', { name: ja('portal:menu.organizationArea') })).toHaveAttribute('href', '/org/acme');
});

test('the globex manager lands on /org/globex, in the English the account is stored with', async ({ page }) => {
  await signIn(page, ACCOUNTS.globexManager);
  await expect(page).toHaveURL('/org/globex');
  await expect(mainMenu(page, 'en')).toHaveAttribute('data-variant', 'organization');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('a member lands on / with the member drawer and can log out', async ({ page }) => {
  await signIn(page, ACCOUNTS.acmeMember);
  await expect(page).toHaveURL('/');
  const menu = mainMenu(page);
  await expect(menu).toHaveAttribute('data-variant', 'member');
  await expect(menu).toHaveCSS('background-color', PRIMARY);
  for (const [page_, href] of [
    ['events', '/events'],
    ['guilds', '/guilds'],
    ['sendCoins', '/send_coins'],
    ['appInstall', '/app_install'],
    ['mfaSetting', '/user/mfa_setting'],
  ] as const) {
    await expect(menu.getByRole('link', { name: ja(`portal:pages.member.${page_}`) })).toHaveAttribute('href', href);
  }
  await expect(menu.getByRole('link', { name: ja('portal:menu.organizationArea') })).toHaveCount(0);

  await menu.getByRole('button', { name: ja('portal:layout.logout') }).click();
  await expect(page).toHaveURL('/login');
  await expect(mainMenu(page)).toHaveCount(0);
});
