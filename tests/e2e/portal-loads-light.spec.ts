// Issue 14: the portal loads light. What the browser fetches, checked against the build's manifest: the sign-in page
// gets no chunk of a signed-in page (not even by prefetching); signed-in pages load on demand, deep links still land
// after sign-in, links prefetch their page, and a page whose chunk cannot be loaded says so instead of going blank.
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { staticClosure } from '../../scripts/bundle-size';
import { ENTRY, FIREBASE, readManifest, readRoutes, readRoutesSource } from '../../portal/scripts/size-report';
import { REPO_ROOT } from '../support/emulator';
import { ACCOUNTS, ja, mainMenu, signIn, submitLogin } from './portal-helpers';

const dist = join(REPO_ROOT, 'portal/dist');
const manifest = readManifest(dist);
const routes = readRoutes(readRoutesSource(join(REPO_ROOT, 'portal')));
const chunkOf = (module: string) => `/${manifest[module]!.file}`;
const publicModules = new Set(routes.filter((route) => !route.signedIn).map((route) => route.module));
/** The pages only a signed-in user sees (ComingSoonPage and NotFoundPage also serve public routes). */
const signedInPages = [
  ...new Set(routes.filter((route) => route.signedIn && !publicModules.has(route.module)).map((route) => route.module)),
];
/** Every chunk a signed-out visitor may need: the entry, Firebase, both languages and the public pages, with their imports. */
const publicFiles = (() => {
  const files = new Set<string>();
  for (const key of [
    ENTRY,
    FIREBASE,
    'src/i18n/locales-ja.ts',
    'src/i18n/locales-en.ts',
    'src/routing/query-provider.tsx',
    ...publicModules,
  ])
    staticClosure(manifest, key, files);
  return new Set([...files].map((file) => `/${file}`));
})();

/** The paths of the scripts the page has requested so far, in order. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) scripts.push(pathname);
  });
  return scripts;
}

test('the sign-in page loads no chunk of a signed-in page, also after idle prefetching and hovering links', async ({ page }) => {
  expect(signedInPages.length).toBeGreaterThan(20);
  const scripts = scriptsOf(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: ja('portal:login.title') })).toBeVisible();
  // Once idle, the page's links to public pages are prefetched (the password reset)...
  await expect.poll(() => scripts).toContain(chunkOf('src/pages/reset-password-page.tsx'));
  // ...but a link to a signed-in page (which would send a visitor back here) prefetches nothing, hovered or focused.
  await page.evaluate(() => {
    const link = document.createElement('a');
    link.href = '/guilds';
    link.textContent = 'guilds';
    document.querySelector('main')!.append(link);
  });
  await page.getByRole('link', { name: 'guilds' }).hover();
  await page.getByRole('link', { name: 'guilds' }).focus();
  await page.waitForLoadState('networkidle');

  expect(scripts).toContain(chunkOf('src/pages/login-page.tsx'));
  for (const module of signedInPages) expect(scripts, module).not.toContain(chunkOf(module));
  // Nor anything only signed-in pages import (charts, CSV, emoji picker...): every script is a public page's.
  expect(scripts.filter((script) => !publicFiles.has(script))).toEqual([]);
  // react-query stays out of a page that fetches nothing.
  expect(scripts).not.toContain(chunkOf('src/routing/query-provider.tsx'));
});

test('a deep link to a signed-in page lands there after sign-in, its chunk loaded only then', async ({ page }) => {
  const scripts = scriptsOf(page);
  await page.goto('/org/acme/members');
  await expect(page).toHaveURL(`/login?previousPath=${encodeURIComponent('/org/acme/members')}`);
  await expect(page.getByRole('heading', { name: ja('portal:login.title') })).toBeVisible();
  expect(scripts).not.toContain(chunkOf('src/pages/organization/members-page.tsx'));

  await submitLogin(page, ACCOUNTS.acmeManager);
  await expect(page).toHaveURL('/org/acme/members');
  await expect(page.getByRole('heading', { level: 1, name: ja('portal:pages.organization.members') })).toBeVisible();
  expect(scripts).toContain(chunkOf('src/pages/organization/members-page.tsx'));
});

test('a restored session opens a deep link at once, without the sign-in page', async ({ page }) => {
  await signIn(page, ACCOUNTS.acmeMember);
  await expect(page).toHaveURL('/');
  await page.goto('/guilds');
  await expect(page).toHaveURL('/guilds');
  await expect(page.getByRole('heading', { level: 1, name: ja('portal:pages.member.guilds') })).toBeVisible();
});

test('a menu link prefetches its page when hovered, before it is followed', async ({ page }) => {
  // No idle time for this page: only the hover can have fetched the chunk.
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
  await signIn(page, ACCOUNTS.acmeManager);
  await expect(page).toHaveURL('/org/acme');
  const scripts = scriptsOf(page);
  const groups = chunkOf('src/pages/organization/groups-page.tsx');
  const link = mainMenu(page).getByRole('link', { name: ja('portal:pages.organization.groups') });
  const requested = page.waitForRequest((request) => new URL(request.url()).pathname === groups);
  await link.hover();
  await requested;
  expect(scripts).toContain(groups);
  expect(page.url()).toMatch(/\/org\/acme$/);
});

test('a page whose chunk cannot be loaded shows a translated error with a reload button, in the layout', async ({ page }) => {
  await signIn(page, ACCOUNTS.acmeManager);
  await expect(page).toHaveURL('/org/acme');
  await page.route(`**${chunkOf('src/pages/organization/news-page.tsx')}`, (route) => route.abort());
  await page.goto('/org/acme/news');
  const failure = page.getByRole('alert').filter({ hasText: ja('portal:pageLoad.failed') });
  await expect(failure).toBeVisible();
  await expect(mainMenu(page)).toBeVisible();

  await page.unroute(`**${chunkOf('src/pages/organization/news-page.tsx')}`);
  await failure.getByRole('button', { name: ja('portal:pageLoad.reload') }).click();
  await expect(page.getByRole('heading', { level: 1, name: ja('portal:pages.organization.news') })).toBeVisible();
});
