// Issue 20 point 1: the platform admin lands on the dashboard at /_admin; its figures are the API's, a filter changes
// the URL and the figures, and the page is accessible in Japanese and English and fits 360 px.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { authEmulator, signInWithPassword } from './emulator-rest';
import { ACCOUNTS, DEMO_PASSWORD, type Language, signIn, text, unique } from './portal-helpers';
import { formatMonth } from '../../shared/src/i18n/format';

type Totals = { organizations: number; pendingChangeRequests: number; pendingViolationReports: number; seatsUsed: number };
type Dashboard = { data: { id: string; attributes: { name: string } }[]; meta: { from: string; to: string; totals: Totals } };

async function adminToken(request: APIRequestContext) {
  return signInWithPassword(request, await authEmulator(request), ACCOUNTS.admin, DEMO_PASSWORD);
}

async function api<T>(request: APIRequestContext, token: string, path: string, init: { method?: string; data?: unknown } = {}) {
  const response = await request.fetch(`/api${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    data: init.data,
  });
  expect(response.ok(), `${init.method ?? 'GET'} ${path}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/** An organisation of a plan of its own, so the plan filter shows exactly it. */
async function createOrganization(request: APIRequestContext, token: string, plan: string) {
  const suffix = unique();
  const name = `E2E ダッシュボード ${suffix}`;
  await api(request, token, '/organizations', {
    method: 'POST',
    data: {
      organization: {
        name,
        identifier: `e2e-dash-${suffix}`,
        icon: null,
        service_started_at: null,
        number_of_members: 25,
        plan,
        plan_started_at: null,
        plan_ended_at: null,
        vine_connect_enabled: false,
        distribution_graph_group_filter: 'and',
        mfa_enabled: false,
      },
    },
  });
  return name;
}

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`)).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

const card = (page: Page, testId: string) => page.getByTestId(testId).locator('.admin-dashboard__figure');
const figure = (value: number, language: Language) => value.toLocaleString(language === 'ja' ? 'ja-JP' : 'en-US');

test('the admin lands on the dashboard; its figures are the API’s and the plan and period filters change URL and figures', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const plan = `e2e-${unique()}`;
  const name = await createOrganization(request, token, plan);

  await signIn(page, ACCOUNTS.admin);
  await expect(page).toHaveURL('/_admin');
  const t = (key: string) => text('ja', `admin-dashboard:${key}`);
  await expect(page.getByRole('heading', { name: t('title'), level: 1 })).toBeVisible();

  // Every organisation and the pending requests and reports, as the API counts them now.
  const all = await api<Dashboard>(request, token, '/admin/dashboard');
  await expect(card(page, 'card-organizations')).toHaveText(figure(all.meta.totals.organizations, 'ja'));
  await expect(card(page, 'card-change-requests')).toHaveText(figure(all.meta.totals.pendingChangeRequests, 'ja'));
  await expect(card(page, 'card-violation-reports')).toHaveText(figure(all.meta.totals.pendingViolationReports, 'ja'));
  await expect(card(page, 'card-seats')).toHaveText(figure(all.meta.totals.seatsUsed, 'ja'));
  await expect(page.getByTestId('dashboard-period')).toHaveText(
    t('filters.period').replace('{{from}}', formatMonth(all.meta.from, 'ja')).replace('{{to}}', formatMonth(all.meta.to, 'ja')),
  );
  const rows = page.getByRole('table', { name: t('table.title') }).locator('tbody tr');
  await expect(rows).toHaveCount(all.data.length);
  const consoleLinks = page.getByRole('navigation', { name: t('links.title') });
  await expect(consoleLinks.getByRole('link', { name: t('links.staffActions') })).toHaveAttribute('href', '/_admin/staff_actions');
  await expect(consoleLinks.getByRole('link', { name: t('links.exports') })).toHaveAttribute('href', '/_admin/exports');
  await expect(consoleLinks.getByRole('link', { name: t('links.changeRequests') })).toHaveAttribute('href', '/_admin/change_requests');
  await expect(page.getByTestId('card-change-requests').getByRole('link')).toHaveAttribute('href', '/_admin/change_requests');

  // The plan filter: the URL holds it, the figures are the new organisation's alone.
  const filters = page.getByRole('form', { name: t('filters.title') });
  await filters.getByLabel(t('filters.plan')).selectOption(plan);
  await filters.getByRole('button', { name: t('filters.apply') }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]plan=${plan}`));
  await expect(card(page, 'card-organizations')).toHaveText('1');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(name);
  await expect(rows.first()).toContainText('0 / 25');
  await expect(
    rows
      .first()
      .getByRole('link', { name: new RegExp(name) })
      .last(),
  ).toHaveAttribute('href', /\/org\/e2e-dash-[a-z0-9]+\/violation_reports$/);

  // The period: a reversed one is refused in the form; a valid one goes to the URL and to the figures' period.
  await filters.getByLabel(t('filters.from')).fill('2025-06');
  await filters.getByLabel(t('filters.to')).fill('2025-01');
  await filters.getByRole('button', { name: t('filters.apply') }).click();
  await expect(filters.getByText(text('ja', 'errors:adminDashboard.period'))).toBeVisible();
  await filters.getByLabel(t('filters.to')).fill('2025-08');
  await filters.getByRole('button', { name: t('filters.apply') }).click();
  await expect(page).toHaveURL(/from=2025-06&to=2025-08/);
  await expect(page.getByTestId('dashboard-period')).toHaveText(
    t('filters.period').replace('{{from}}', formatMonth('2025-06', 'ja')).replace('{{to}}', formatMonth('2025-08', 'ja')),
  );
  // Back in the browser: the plan filter alone again.
  await page.goBack();
  await expect(page).not.toHaveURL(/from=/);
  await expect(card(page, 'card-organizations')).toHaveText('1');
});

test('the dashboard passes axe in Japanese and English and fits 360 px without sideways scrolling', async ({ page, request }) => {
  const token = await adminToken(request);
  const { data: me } = await api<{ data: { id: string } }>(request, token, '/user');
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, ACCOUNTS.admin);
  await expect(page).toHaveURL('/_admin');
  await expect(page.getByTestId('card-organizations')).toBeVisible();
  await expect(page.locator('.kiwi-sparkline canvas').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  // The admin's own language, English for a moment (set back after, so the other specs find the demo admin in Japanese).
  await api(request, token, `/users/${me.id}`, { method: 'PUT', data: { user: { language: 'en' } } });
  try {
    await page.reload();
    await expect(page.getByRole('heading', { name: text('en', 'admin-dashboard:title'), level: 1 })).toBeVisible();
    await expect(page.getByTestId('card-organizations')).toContainText(text('en', 'admin-dashboard:cards.organizations'));
    await expect(page.locator('.kiwi-sparkline canvas').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  } finally {
    await api(request, token, `/users/${me.id}`, { method: 'PUT', data: { user: { language: 'ja' } } });
  }
});
