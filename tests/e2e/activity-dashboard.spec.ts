import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { formatMonth } from '../../shared/src/i18n/format';
import { ACCOUNTS, ja, signIn, text } from './portal-helpers';

const POINT_GROUPS = ['0', '1-99', '100-149', '150-199', '200-249', '250-349', '350+'];

/** Last month as YYYY-MM in Japan (the dashboard's calendar). */
function lastMonthInJapan(): string {
  const japan = new Date(Date.now() + 9 * 3600_000);
  const index = japan.getUTCFullYear() * 12 + japan.getUTCMonth() - 1;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

test("the manager's workout dashboard charts last month's seeded activity, with tables and CSV", async ({ page }) => {
  await signIn(page, ACCOUNTS.acmeManager);
  await expect(page).toHaveURL('/org/acme');
  await expect(page.getByRole('heading', { level: 1, name: ja('activity:dashboard.title') })).toBeVisible();

  await page.getByRole('button', { name: ja('activity:month.previous') }).click();
  const month = lastMonthInJapan();
  await expect(page.locator('.month-picker .kiwi-date-input__day')).toHaveValue(month);

  // The distribution table: one row per point group; the seeded walkers spread over most of them.
  const distribution = page.getByRole('table', { name: `月間ポイント分布（${formatMonth(month, 'ja')}）` });
  await expect(distribution).toBeVisible();
  const rows = distribution.locator('tbody tr');
  await expect(rows).toHaveCount(POINT_GROUPS.length);
  await expect(rows.locator('th')).toHaveText(POINT_GROUPS.map((group) => ja(`activity:pointGroups.${group}`)));
  const counts = (await rows.locator('td').allTextContents()).map(Number);
  const members = Number(await page.getByTestId('dashboard-members').textContent());
  expect(members).toBeGreaterThanOrEqual(24);
  expect(counts.reduce((sum, count) => sum + count, 0)).toBe(members);
  expect(counts.filter((count) => count > 0).length).toBeGreaterThanOrEqual(5);
  expect(counts.at(-1)).toBeGreaterThan(0);

  // Age ranges: the same members again, split by age; utilisation: invited >= app installed, active.
  const ageRanges = page.getByRole('table', { name: `年代別ポイント分布（${formatMonth(month, 'ja')}）` });
  await expect(ageRanges.locator('tbody th')).toHaveText(
    ['upTo20s', '30s', '40s', '50s', '60sAndOver', 'unknown'].map((range) => ja(`activity:ageRanges.${range}`)),
  );
  const ageCells = (await ageRanges.locator('tbody td').allTextContents()).map(Number);
  expect(ageCells.reduce((sum, count) => sum + count, 0)).toBe(members);
  const utilization = page.getByRole('table', { name: `利用状況（${formatMonth(month, 'ja')}）` });
  const [invited, installed, active] = (await utilization.locator('tbody td').allTextContents()).map(Number);
  // The 24 seeded walkers joined 90 days ago; the demo accounts were created today, after last month.
  expect(invited).toBeGreaterThanOrEqual(24);
  expect(installed).toBeGreaterThan(0);
  expect(installed).toBeLessThanOrEqual(invited!);
  expect(active).toBeGreaterThanOrEqual(22);

  // Each chart draws on a canvas (hidden from assistive technology) beside its table.
  await expect(page.locator('.kiwi-chart__plot canvas')).toHaveCount(4);

  // The CSV holds the table's figures.
  const download = page.waitForEvent('download');
  await page
    .getByRole('figure', { name: `月間ポイント分布（${formatMonth(month, 'ja')}）` })
    .getByRole('button', { name: ja('common:chart.downloadCsv') })
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`point-distribution-acme-${month}.csv`);
  const csv = readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '');
  expect(csv.trim().split('\r\n')).toEqual([
    `${ja('common:chart.category')},${ja('activity:dashboard.distribution.series')}`,
    ...POINT_GROUPS.map((group, index) => `${ja(`activity:pointGroups.${group}`)},${counts[index]}`),
  ]);

  // Filtering by a group, with acme's AND setting: only its members (and those of the groups below it) count.
  const shown = () => page.getByTestId('dashboard-members').textContent().then(Number);
  await page.getByRole('checkbox', { name: '本社 > 営業部' }).check();
  await expect(page.getByText(ja('activity:dashboard.groupsHelpAnd'))).toBeVisible();
  await expect.poll(shown).toBeLessThan(members);
  const sales = await shown();
  expect(sales).toBeGreaterThanOrEqual(8);
  expect((await rows.locator('td').allTextContents()).map(Number).reduce((sum, count) => sum + count, 0)).toBe(sales);
  // 本社 contains 営業部, so "both" is still the sales team.
  await page.getByRole('checkbox', { name: '本社', exact: true }).check();
  await expect.poll(shown).toBe(sales);
  await page.getByRole('button', { name: ja('activity:dashboard.clearGroups') }).click();
  await expect.poll(shown).toBe(members);

  // Two sibling groups under AND: nobody is in both, so the page says so instead of charting zeros.
  await page.getByRole('checkbox', { name: '本社 > 営業部' }).check();
  await page.getByRole('checkbox', { name: '本社 > 開発部' }).check();
  await expect(page.getByText(ja('activity:dashboard.emptyWithGroups').replace('{{month}}', formatMonth(month, 'ja')))).toBeVisible();
  await expect(distribution).toHaveCount(0);
  await page.getByRole('button', { name: ja('activity:dashboard.clearGroups') }).click();
  await expect(distribution).toBeVisible();
});

test("globex's manager reads the dashboard in English: an error with a retry, and an empty group", async ({ page }) => {
  const en = (key: string) => text('en', key);
  // The figures fail (a server hiccup) until the retry: once the query's own retries are spent, the page says so.
  let failing = true;
  await page.route('**/api/organizations/*/health_point_summary*', async (route) => {
    if (failing) {
      await route.fulfill({
        status: 500,
        contentType: 'application/vnd.api+json',
        body: '{"errors":[{"status":"500","code":"server.unexpected"}]}',
      });
    } else {
      await route.continue();
    }
  });
  await signIn(page, ACCOUNTS.globexManager);
  await expect(page).toHaveURL('/org/globex');
  await expect(page.getByRole('heading', { level: 1, name: en('activity:dashboard.title') })).toBeVisible();
  const alert = page.getByRole('alert').filter({ hasText: en('activity:state.loadFailed') });
  await expect(alert).toBeVisible({ timeout: 20_000 });
  failing = false;
  await alert.getByRole('button', { name: en('activity:state.retry') }).click();
  const month = await page.locator('.month-picker .kiwi-date-input__day').inputValue();
  const distribution = page.getByRole('table', {
    name: en('activity:dashboard.distribution.title').replace('{{month}}', formatMonth(month, 'en')),
  });
  await expect(distribution).toBeVisible();
  await expect(distribution.locator('tbody th')).toHaveText(
    ['0', '1-99', '100-149', '150-199', '200-249', '250-349', '350+'].map((group) => en(`activity:pointGroups.${group}`)),
  );

  // globex's only group has nobody in it.
  await page.getByRole('checkbox', { name: 'Engineering' }).check();
  await expect(page.getByText(en('activity:dashboard.emptyWithGroups').replace('{{month}}', formatMonth(month, 'en')))).toBeVisible();
  await expect(distribution).toHaveCount(0);
});
