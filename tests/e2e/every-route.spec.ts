// Issue 21 points 1, 2 and 9: every route of the portal (the list read from portal/src/routes.tsx), as the person who
// uses it, in Japanese and English, on a 375×812 phone and a 1280×800 laptop: a screenshot kept with the test's
// results, nothing wider than the viewport (and nothing at 320 px either), and axe with no serious or critical
// violation. One signed-in page per role and language moves between the routes in the app (as a click would) and is
// resized in place, so the whole run stays within a few minutes.
import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, type TestInfo, test } from '@playwright/test';
import { authEmulator, signInWithPassword } from './emulator-rest';
import { ACCOUNTS, DEMO_PASSWORD, type Language, submitLogin } from './portal-helpers';
import { portalRoutePatterns } from './portal-routes';

type Role = 'visitor' | 'member' | 'manager' | 'admin';
/** Links the pages show, remembered as the run goes, for the routes that need an id ("event" -> "/events/12"). */
type Found = Map<string, string>;
type Visit = { role: Role; path: string | ((found: Found) => string) };

const PHONE = { width: 375, height: 812 };
const LAPTOP = { width: 1280, height: 800 };
const NARROWEST = { width: 320, height: 812 };
const ACCOUNT: Record<Exclude<Role, 'visitor'>, string> = {
  member: ACCOUNTS.acmeMember,
  manager: ACCOUNTS.acmeManager,
  admin: ACCOUNTS.admin,
};

/** The ids a page links to: the first link of each kind seen so far. */
const LINKS: Record<string, RegExp> = {
  event: /^\/events\/\d+$/,
  guild: /^\/guilds\/\d+$/,
  walkingEvent: /^\/org\/acme\/walking_events\/\d+$/,
  memberWalkingEvent: /^\/walking_events\/\d+$/,
  survey: /^\/org\/acme\/well_being_surveys\/\d+$/,
  report: /^\/org\/acme\/violation_reports\/\d+$/,
};
/** A route whose page found no link of its kind still shows (its "not found" state is a page to check too). */
const linked =
  (kind: string, fallback: string, suffix = '') =>
  (found: Found) =>
    `${found.get(kind) ?? fallback}${suffix}`;

/** Every route pattern with the visits that show it; list pages come before the pages their links lead to. */
const VISITS: Record<string, Visit[]> = {
  '/login': [{ role: 'visitor', path: '/login' }],
  '/user/reset_password': [{ role: 'visitor', path: '/user/reset_password' }],
  '/user/invitation': [{ role: 'visitor', path: '/user/invitation?code=not-a-code' }],
  '/user/sign_up': [{ role: 'visitor', path: '/user/sign_up' }],
  '/user/confirmation': [{ role: 'visitor', path: '/user/confirmation' }],
  '/user/actions': [{ role: 'visitor', path: '/user/actions' }],
  '/shared_events/:id': [{ role: 'visitor', path: '/shared_events/1' }],
  '/user/cancellation/done': [{ role: 'visitor', path: '/user/cancellation/done' }],
  '*': [{ role: 'visitor', path: '/no-such-page' }],

  '/': [{ role: 'member', path: '/' }],
  '/events': [{ role: 'member', path: '/events' }],
  '/events/new': [{ role: 'member', path: '/events/new' }],
  '/events/:id': [
    { role: 'member', path: linked('event', '/events/1') },
    // A manager sees the organiser's parts too: the figures and the invitation form.
    { role: 'manager', path: linked('event', '/events/1') },
  ],
  '/events/:id/edit': [{ role: 'member', path: linked('event', '/events/1', '/edit') }],
  '/guilds': [{ role: 'member', path: '/guilds' }],
  '/guilds/new': [{ role: 'member', path: '/guilds/new' }],
  '/guilds/:id': [{ role: 'member', path: linked('guild', '/guilds/1') }],
  '/guilds/:id/edit': [{ role: 'member', path: linked('guild', '/guilds/1', '/edit') }],
  '/guilds/:id/dashboard': [{ role: 'member', path: linked('guild', '/guilds/1', '/dashboard') }],
  '/send_coins': [{ role: 'member', path: '/send_coins' }],
  '/walking_events/:id': [{ role: 'member', path: linked('memberWalkingEvent', '/walking_events/1') }],
  '/activity': [{ role: 'member', path: '/activity' }],
  '/rewards': [{ role: 'member', path: '/rewards' }],
  '/quests': [{ role: 'member', path: '/quests' }],
  '/app_install': [{ role: 'member', path: '/app_install' }],
  '/user/profile': [{ role: 'member', path: '/user/profile' }],
  '/user/cancellation': [{ role: 'member', path: '/user/cancellation' }],
  '/user/mfa_setting': [{ role: 'member', path: '/user/mfa_setting' }],
  '/org/:identifier/well_being_surveys': [
    { role: 'member', path: '/org/acme/well_being_surveys' },
    { role: 'manager', path: '/org/acme/well_being_surveys' },
  ],
  '/org/:identifier/well_being_surveys/:id': [{ role: 'member', path: linked('survey', '/org/acme/well_being_surveys/1') }],
  '/org/:identifier/well_being_surveys/:id/result': [
    { role: 'manager', path: linked('survey', '/org/acme/well_being_surveys/1', '/result') },
  ],

  '/org/:identifier': [{ role: 'manager', path: '/org/acme' }],
  '/org/:identifier/events': [{ role: 'manager', path: '/org/acme/events' }],
  '/org/:identifier/news': [{ role: 'manager', path: '/org/acme/news' }],
  '/org/:identifier/members': [{ role: 'manager', path: '/org/acme/members' }],
  '/org/:identifier/groups': [{ role: 'manager', path: '/org/acme/groups' }],
  '/org/:identifier/walking_events': [{ role: 'manager', path: '/org/acme/walking_events' }],
  '/org/:identifier/walking_events/:id': [{ role: 'manager', path: linked('walkingEvent', '/org/acme/walking_events/1') }],
  '/org/:identifier/violation_reports/:reportId?': [
    { role: 'manager', path: '/org/acme/violation_reports' },
    { role: 'manager', path: linked('report', '/org/acme/violation_reports/1') },
  ],
  '/org/:identifier/kiwi_coin_transfers': [{ role: 'manager', path: '/org/acme/kiwi_coin_transfers' }],
  '/org/:identifier/external_services': [{ role: 'manager', path: '/org/acme/external_services' }],
  '/org/:identifier/sign_in_settings': [{ role: 'manager', path: '/org/acme/sign_in_settings' }],
  '/org/:identifier/change_requests': [{ role: 'manager', path: '/org/acme/change_requests' }],

  '/_admin': [{ role: 'admin', path: '/_admin' }],
  '/_admin/users': [{ role: 'admin', path: '/_admin/users' }],
  '/_admin/change_requests': [{ role: 'admin', path: '/_admin/change_requests' }],
  '/_admin/app_informations': [{ role: 'admin', path: '/_admin/app_informations' }],
  '/_admin/system_settings': [{ role: 'admin', path: '/_admin/system_settings' }],
  '/_admin/exports': [{ role: 'admin', path: '/_admin/exports' }],
  '/_admin/staff_actions': [{ role: 'admin', path: '/_admin/staff_actions' }],
  '/_admin/org': [{ role: 'admin', path: '/_admin/org' }],
  '/_admin/gifts': [{ role: 'admin', path: '/_admin/gifts' }],
  '/_admin/gifts/draws': [{ role: 'admin', path: '/_admin/gifts/draws' }],
  '/_admin/gift_categories': [{ role: 'admin', path: '/_admin/gift_categories' }],
  '/_admin/quests': [{ role: 'admin', path: '/_admin/quests' }],
  '/_admin/well_being_surveys': [{ role: 'admin', path: '/_admin/well_being_surveys' }],
  '/_admin/kiwi_coin_transfers': [{ role: 'admin', path: '/_admin/kiwi_coin_transfers' }],
};

// A trace of minutes of screenshots and axe runs is too large to be of use (and to be written reliably).
test.use({ trace: 'off' });

test('every route of portal/src/routes.tsx is visited here, and nothing else', () => {
  expect(Object.keys(VISITS).sort()).toEqual(portalRoutePatterns().sort());
});

const visitsOf = (role: Role) => Object.values(VISITS).flatMap((visits) => visits.filter((visit) => visit.role === role));

for (const role of ['visitor', 'member', 'manager', 'admin'] as const) {
  for (const language of ['ja', 'en'] as const) {
    test(`${role}, ${language}: every page fits a phone and a laptop and passes axe`, async ({ browser }, testInfo) => {
      test.setTimeout(150_000);
      await withLanguage(browser, role, language, async (page) => {
        const found: Found = new Map();
        let first = true;
        for (const visit of visitsOf(role)) {
          const path = typeof visit.path === 'string' ? visit.path : visit.path(found);
          if (first) {
            await page.goto(path);
            first = false;
          } else {
            await navigateInApp(page, path);
          }
          await settle(page);
          await expect.soft(page.locator('html'), `${path}: the page is in ${language}`).toHaveAttribute('lang', language);
          for (const viewport of [PHONE, LAPTOP, NARROWEST]) {
            await page.setViewportSize(viewport);
            await settle(page);
            expect.soft(await overflowing(page), `${path} at ${viewport.width} px: nothing wider than the viewport`).toEqual([]);
            if (viewport === NARROWEST) continue;
            await keepScreenshot(page, testInfo, `${role}-${language}-${viewport.width}${slug(path)}`);
            // axe on the phone in Japanese and on the laptop in English: every page meets it at both sizes and in both
            // languages, at half the cost of all four (axe is most of this spec's time).
            if ((viewport === PHONE) === (language === 'ja')) {
              expect.soft(await seriousViolations(page), `${path} at ${viewport.width} px: axe`).toEqual([]);
            }
          }
          await remember(page, found);
        }
      });
    });
  }
}

test('the widgets demo page fits 320 px', async ({ page }) => {
  await page.setViewportSize(NARROWEST);
  await page.goto(`http://localhost:${process.env.E2E_DEMO_PORT ?? 8081}/`);
  await expect(page.locator('kiwi-events').first()).toBeVisible();
  await settle(page);
  expect(await overflowing(page)).toEqual([]);
});

/**
 * A page signed in as `role` whose interface is in `language`. A signed-in account shows its stored language, so for
 * the other one it is stored for the test and put back after it (one server and database serve every spec).
 */
async function withLanguage(browser: Browser, role: Role, language: Language, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ locale: language === 'ja' ? 'ja-JP' : 'en-US' });
  await context.addInitScript((chosen) => localStorage.setItem('kiwi.language', chosen), language);
  const page = await context.newPage();
  let restore: (() => Promise<void>) | undefined;
  try {
    if (role !== 'visitor') {
      const account = ACCOUNT[role];
      const stored = await storedLanguage(page, account);
      if (stored.language !== language) {
        await stored.set(language);
        restore = () => stored.set(stored.language);
      }
      await page.goto('/login');
      await submitLogin(page, account, DEMO_PASSWORD, language);
      await expect(page).not.toHaveURL(/\/login/);
    }
    await run(page);
  } finally {
    await restore?.();
    await context.close();
  }
}

async function storedLanguage(page: Page, email: string) {
  const request = page.request;
  const token = await signInWithPassword(request, await authEmulator(request), email, DEMO_PASSWORD);
  const headers = { Authorization: `Bearer ${token}` };
  const me = await request.get('/api/user', { headers });
  expect(me.ok()).toBe(true);
  const { id, attributes } = (await me.json()).data as { id: string; attributes: { language: Language } };
  return {
    language: attributes.language,
    set: async (language: Language) => {
      const response = await request.put(`/api/users/${id}`, { headers, data: { user: { language } } });
      expect(response.status()).toBe(200);
    },
  };
}

/** Moves within the single-page app as a link would (react-router follows history), without loading the page again. */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Waits until the page shows its heading and no loading state (a page that never does is still checked). */
async function settle(page: Page) {
  await page
    .waitForFunction(
      () =>
        document.querySelector('main h1, main h2, main [role="alert"]') !== null &&
        document.querySelector('.loading-screen, main .org-state[role="status"], main [aria-busy="true"]') === null,
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((resolve) => requestAnimationFrame(resolve))));
}

/**
 * What sticks out of the viewport sideways: the page itself scrolling, or an element reaching past either edge that no
 * scrolling or clipping box inside the viewport holds (a wide table inside its own scroll region is fine).
 */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const found: string[] = [];
    const scrolling = document.scrollingElement ?? document.documentElement;
    if (scrolling.scrollWidth > width) found.push(`the page scrolls: ${scrolling.scrollWidth} > ${width}`);
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${
        typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).join('.')}` : ''
      }`;
    const held = (element: Element) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX === 'visible') continue;
        const rect = box.getBoundingClientRect();
        if (rect.left >= -1 && rect.right <= width + 1) return true;
      }
      return false;
    };
    for (const element of document.body.querySelectorAll('*')) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (rect.left >= -1 && rect.right <= width + 1) continue;
      if (held(element)) continue;
      found.push(`${name(element)} ${Math.round(rect.left)}..${Math.round(rect.right)}`);
      if (found.length >= 5) break;
    }
    return found;
  });
}

async function seriousViolations(page: Page): Promise<string[]> {
  // Violations only: axe does not write up every passing node.
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, animations: 'disabled' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

async function remember(page: Page, found: Found) {
  const hrefs = await page.locator('a[href^="/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  for (const [kind, pattern] of Object.entries(LINKS)) {
    const href = hrefs.find((candidate) => pattern.test(candidate));
    if (href && !found.has(kind)) found.set(kind, href);
  }
}

const slug = (path: string) => path.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '');
