// Issue 17, walking events: a manager creates an event and forms balanced teams (previewed with a seed, then applied);
// a member of their own (invited for this spec) is placed in the last team of the running demo event, logs steps and
// sees their team move up, in Japanese and English, with axe, at 320 px. Only data of its own is created or changed:
// a new event, and a fresh member in the demo event.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { type AuthEmulator, authEmulator, signInWithPassword } from './emulator-rest';
import { ACCOUNTS, ja, signIn, submitLogin, text, unique } from './portal-helpers';
import { managerApi, newAcmeMember } from './rewards-helpers';

const PASSWORD = 'walking-password-1';
const DEMO_EVENT = '秋のウォーキングチャレンジ';
const tokyoDay = (offset: number) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
  const at = new Date(`${today}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + offset);
  return at.toISOString().slice(0, 10);
};
const tr = (language: 'ja' | 'en', key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((line, [name, value]) => line.replaceAll(`{{${name}}}`, String(value)), text(language, key));

let emulator: AuthEmulator;
test.beforeAll(async ({ request }) => {
  emulator = await authEmulator(request);
});

/**
 * axe on the page; in the organisation area on the page content only: the organisation drawer's own colours fail
 * color-contrast before this issue (layout.css, reported to the team), which no walking event change can fix.
 */
async function expectAccessible(page: Page, { contentOnly = false } = {}) {
  const builder = new AxeBuilder({ page });
  const { violations } = await (contentOnly ? builder.include('main') : builder).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`)).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test('a manager creates a walking event and forms balanced teams from a previewed seed', async ({ page }) => {
  const title = `ウォーク ${unique()}`;
  await signIn(page, ACCOUNTS.acmeManager);
  await expect(page).toHaveURL(/\/org\/acme$|\/$/);
  await page.goto('/org/acme/walking_events');
  await expect(page.getByRole('heading', { name: ja('walking:title'), level: 1 })).toBeVisible();
  // The demo event runs.
  const demoRow = page.getByRole('row').filter({ hasText: DEMO_EVENT });
  await expect(demoRow.getByText(ja('walking:status.running'))).toBeVisible();
  await expectAccessible(page, { contentOnly: true });

  await page.getByRole('button', { name: ja('walking:create') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(ja('walking:fields.title')).fill(title);
  // A start today is refused with the rule named.
  await dialog.getByLabel(ja('walking:fields.startedAt')).fill(tokyoDay(0));
  await dialog.getByLabel(ja('walking:fields.endedAt')).fill(tokyoDay(8));
  await dialog.getByLabel(ja('walking:fields.finalResultPublishedAt')).fill(`${tokyoDay(10)}T09:00`);
  await dialog.getByLabel(ja('walking:fields.teamLimit')).fill('3');
  await dialog.getByLabel(ja('walking:fields.memberLimit')).fill('100');
  await dialog.getByRole('button', { name: ja('organization:common.save') }).click();
  await expect(dialog.getByText(ja('validation:nextDayOrLater')).first()).toBeVisible();
  await dialog.getByLabel(ja('walking:fields.startedAt')).fill(tokyoDay(1));
  await dialog.getByRole('button', { name: ja('organization:common.save') }).click();

  await expect(page).toHaveURL(/\/org\/acme\/walking_events\/\d+$/);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: ja('walking:tabs.basic') })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page, { contentOnly: true });

  // Keyboard: the arrow key moves to the teams tab.
  await page.getByRole('tab', { name: ja('walking:tabs.basic') }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: ja('walking:tabs.teams'), exact: true })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel(ja('walking:draw.seed')).fill('e2e-seed');
  await page.getByRole('button', { name: ja('walking:draw.preview') }).click();
  await expect(page.getByRole('heading', { name: tr('ja', 'walking:draw.previewHeading', { seed: 'e2e-seed' }) })).toBeVisible();
  await expectAccessible(page, { contentOnly: true });
  await page.getByRole('button', { name: ja('walking:draw.apply') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: ja('common:actions.ok') })
    .click();
  await expect(page.getByText(tr('ja', 'walking:draw.lastSeed', { seed: 'e2e-seed' }))).toBeVisible();
  for (const name of ['チーム1', 'チーム2', 'チーム3']) await expect(page.getByRole('heading', { name, level: 3 })).toBeVisible();

  await page.setViewportSize({ width: 320, height: 720 });
  await expectNoSidewaysScroll(page);
  await page.getByRole('tab', { name: ja('walking:tabs.teamRanking') }).click();
  await expect(page.getByText(ja('walking:ranking.formula'))).toBeVisible();
  await expectNoSidewaysScroll(page);
  // The team ranking as CSV: UTF-8 with a BOM, the headings in the page's language.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: ja('walking:ranking.csv') }).click(),
  ]);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.startsWith(`\uFEFF${ja('walking:ranking.rank')},${ja('walking:ranking.team')}`)).toBe(true);
  expect(csv).toContain('チーム1');

  // The running demo event's dashboard: participation and the leading teams' daily steps (uPlot).
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/org/acme/walking_events');
  await page.getByRole('link', { name: DEMO_EVENT }).click();
  await page.getByRole('tab', { name: ja('walking:tabs.teamRanking') }).click();
  await expect(page.getByText(ja('walking:ranking.dailyChart')).first()).toBeVisible();
  await expect(page.getByText(ja('walking:ranking.participationChart')).first()).toBeVisible();
  await expect(page.locator('.uplot').first()).toBeVisible();
  await expectAccessible(page, { contentOnly: true });
});

test('a member placed in the last team logs steps and sees the team move up (ja and en, 320 px)', async ({ page, request }) => {
  const { headers, acmeId } = await managerApi(request, emulator);
  const events = await (await request.get(`/api/organizations/${acmeId}/walking_events`, { headers })).json();
  const demo = events.data.find((event: { attributes: { title: string } }) => event.attributes.title === DEMO_EVENT);
  const before = await (await request.get(`/api/walking_events/${demo.id}/team_summary`, { headers })).json();
  const last = before.data.at(-1);

  const name = `歩く ${unique()}`;
  const { email, memberId } = await newAcmeMember(request, emulator, { prefix: 'walking', name, password: PASSWORD });
  const placed = await request.post(`/api/walking_event_teams/${last.id}/members`, {
    headers,
    data: { walking_event_team_member: { organization_member_id: memberId } },
  });
  expect(placed.status()).toBe(201);

  await page.goto('/login');
  await submitLogin(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  // The home card names the event and the member's team, and leads to the rankings.
  const card = page.getByRole('region', { name: ja('walking:home.title') });
  await expect(card).toContainText(DEMO_EVENT);
  await expect(card).toContainText(tr('ja', 'walking:member.yourTeam', { name: last.attributes['team-name'] }));
  await card.getByRole('link', { name: ja('walking:home.open') }).click();
  await expect(page).toHaveURL(`/walking_events/${demo.id}`);
  await expect(page.getByRole('heading', { name: DEMO_EVENT, level: 1 })).toBeVisible();
  await expect(page.getByText(tr('ja', 'walking:member.yourTeam', { name: last.attributes['team-name'] }))).toBeVisible();
  const myRow = page.locator('tr[aria-current="true"]');
  await expect(myRow).toContainText(last.attributes['team-name']);
  const rankBefore = Number(await myRow.locator('td').first().textContent());
  expect(rankBefore).toBeGreaterThan(1);
  await expect(page.getByText(ja('walking:ranking.countedOnce'))).toBeVisible();
  await expect(page.getByText(ja('walking:ranking.membership'))).toBeVisible();
  await expectAccessible(page);

  // The member logs a big week by hand (the mobile app's sync writes the same rows).
  const token = await signInWithPassword(request, emulator, email, PASSWORD);
  for (let back = 0; back < 6; back += 1) {
    const logged = await request.put(`/api/user/activities/${tokyoDay(-back)}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { activity: { steps: 200_000, workout_minutes: 0, calories: 0, distance_meters: 0 } },
    });
    expect(logged.ok()).toBe(true);
  }
  await page.reload();
  await expect(page.locator('tr[aria-current="true"] td').first()).toHaveText('1');
  await page.getByRole('tab', { name: ja('walking:tabs.personalRanking') }).click();
  await expect(page.locator('tr[aria-current="true"]')).toContainText(name);
  await expect(page.locator('tr[aria-current="true"] td').first()).toHaveText('1');

  // The team cheer board: a message, then a cheer on it.
  await page.getByRole('tab', { name: ja('walking:tabs.board') }).click();
  const cheer = `がんばろう ${unique()}`;
  await page.getByLabel(ja('walking:board.write')).fill(cheer);
  await page.getByRole('button', { name: ja('walking:board.post') }).click();
  const board = page.getByRole('list', { name: ja('walking:board.title') });
  await expect(board.getByText(cheer)).toBeVisible();
  await board
    .getByRole('button', { name: tr('ja', 'walking:board.cheer', { emoji: '👍', name }) })
    .first()
    .click();
  await expect(board.locator('[aria-pressed="true"]').first()).toBeVisible();
  await expectAccessible(page);

  // In English, at 320 px.
  const user = await (await request.get('/api/user', { headers: { authorization: `Bearer ${token}` } })).json();
  const english = await request.put(`/api/users/${user.data.id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { user: { language: 'en' } },
  });
  expect(english.ok()).toBe(true);
  await page.setViewportSize({ width: 320, height: 720 });
  await page.reload();
  await expect(page.getByRole('tab', { name: text('en', 'walking:tabs.teamRanking') })).toBeVisible();
  await expect(page.getByText(text('en', 'walking:ranking.formula'))).toBeVisible();
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
});
