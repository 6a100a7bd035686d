import { expect, test } from '@playwright/test';
import { ACCOUNTS, ja, mainMenu, signIn, submitLogin } from './portal-helpers';

test.describe('a member of acme', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, ACCOUNTS.acmeMember);
    await expect(page).toHaveURL('/');
  });

  for (const [path, reason] of [
    ['/_admin', 'adminOnly'],
    ['/_admin/users', 'adminOnly'],
    ['/org/globex', 'otherOrganization'],
    ['/org/acme/members', 'managerOnly'],
  ] as const) {
    test(`opening ${path} is sent to / and told why`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL('/');
      await expect(mainMenu(page)).toHaveAttribute('data-variant', 'member');
      // Issue 21: the redirect says which right the page needs, once.
      const why = page.getByRole('status').filter({ hasText: ja(`portal:access.${reason}`).replace('{{path}}', path) });
      await expect(why).toBeVisible();
      await expect(page.locator('.kiwi-toast__message')).toHaveCount(1);
    });
  }

  test('may open the survey area of acme (manager-only lifted) but not of globex', async ({ page }) => {
    await page.goto('/org/acme/well_being_surveys');
    await expect(page.getByRole('heading', { level: 1, name: ja('portal:pages.organization.wellBeingSurveys') })).toBeVisible();
    await expect(page).toHaveURL('/org/acme/well_being_surveys');
    await page.goto('/org/globex/well_being_surveys');
    await expect(page).toHaveURL('/');
  });
});

test('a signed-out visit to a guarded page goes to /login with previousPath and returns there after sign-in', async ({ page }) => {
  await page.goto('/org/acme/members?tab=all');
  await expect(page).toHaveURL(`/login?previousPath=${encodeURIComponent('/org/acme/members?tab=all')}`);
  await submitLogin(page, ACCOUNTS.acmeManager);
  await expect(page).toHaveURL('/org/acme/members?tab=all');
  await expect(page.getByRole('heading', { level: 1, name: ja('portal:pages.organization.members') })).toBeVisible();
});

test("an admin without a membership opening the member's /events and /send_coins reads why instead of a spinner", async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await expect(page).toHaveURL('/_admin');
  for (const path of ['/events', '/send_coins']) {
    await page.goto(path);
    await expect(page.getByRole('status').filter({ hasText: ja('portal:access.noMembership') })).toBeVisible();
    await expect(page.getByText(ja('events:loading'))).toHaveCount(0);
    await expect(page.getByRole('link', { name: ja('portal:access.adminArea') })).toHaveAttribute('href', '/_admin');
  }
});

test('a signed-in user visiting /login goes to the landing page of the role', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await expect(page).toHaveURL('/_admin');
  await page.goto('/login');
  await expect(page).toHaveURL('/_admin');
});

test('a sidebar-less page has no drawer and the green background', async ({ page }) => {
  await page.goto('/login');
  await expect(mainMenu(page)).toHaveCount(0);
  await expect(page.locator('.layout')).toHaveCSS('background-color', 'rgb(46, 125, 50)');
});

// A hostile previousPath must neither leave the app nor break it: "/\t/evil.com" reads "//evil.com" to the browser,
// whose history refused it (SecurityError) and left a blank page after sign-in.
for (const { previousPath, account, landing } of [
  { previousPath: '%2F%09%2Fevil.com', account: ACCOUNTS.acmeMember, landing: '/' },
  { previousPath: '%2F%0A%2Fevil.com', account: ACCOUNTS.acmeManager, landing: '/org/acme' },
  { previousPath: '%2F.%2F%2Fevil.com', account: ACCOUNTS.admin, landing: '/_admin' },
  { previousPath: '%2F%5Cevil.com', account: ACCOUNTS.acmeMember, landing: '/' },
]) {
  test(`signing in from /login?previousPath=${previousPath} lands on ${landing}`, async ({ page }) => {
    const pageErrors: Error[] = [];
    page.on('pageerror', (error) => pageErrors.push(error));
    await page.goto(`/login?previousPath=${previousPath}`);
    await submitLogin(page, account);
    await expect(page).toHaveURL(landing);
    await expect(mainMenu(page)).toBeVisible();
    expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);
    expect(pageErrors).toEqual([]);
  });
}
