// <kiwi-walking-event> (issue 17) on the demo intranet page (http://localhost:E2E_DEMO_PORT): the demo member signs in
// inside the widget and sees the seeded running walking event as the API tells it: their team, its rank, their own row
// of the personal ranking, the days left; in English too, and accessible. Only reads the demo state.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { type AuthEmulator, authEmulator, signInWithPassword } from './emulator-rest';
import { ACCOUNTS, DEMO_PASSWORD, text } from './portal-helpers';

const DEMO = `http://localhost:${process.env.E2E_DEMO_PORT ?? 8081}/`;
const DEMO_EVENT = '秋のウォーキングチャレンジ';
const tr = (language: 'ja' | 'en', key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((line, [name, value]) => line.replaceAll(`{{${name}}}`, String(value)), text(language, key));

test.use({ locale: 'ja-JP' });

let emulator: AuthEmulator;
test.beforeAll(async ({ request }) => {
  emulator = await authEmulator(request);
});

const walkingWidget = (page: Page) => page.locator('#walking-widget');

async function signInWithin(root: Locator) {
  const form = root.getByRole('form', { name: text('ja', 'widgets:signIn.title') });
  await form.getByLabel(text('ja', 'widgets:signIn.email')).fill(ACCOUNTS.acmeMember);
  await form.getByLabel(text('ja', 'widgets:signIn.password')).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: text('ja', 'widgets:signIn.submit'), exact: true }).click();
}

test('the walking event widget shows the demo member the same team, rank and own row as the API', async ({ page, request }) => {
  const token = await signInWithPassword(request, emulator, ACCOUNTS.acmeMember, DEMO_PASSWORD);
  const headers = { authorization: `Bearer ${token}` };

  await page.goto(DEMO);
  const widget = walkingWidget(page);
  const eventId = await widget.getAttribute('walking-event-id');
  expect(eventId).toMatch(/^\d+$/);
  await signInWithin(widget);
  await expect(widget.getByRole('heading', { name: DEMO_EVENT })).toBeVisible();

  const teams = await (await request.get(`/api/walking_events/${eventId}/team_summary`, { headers })).json();
  const mine = teams.data.find((row: { attributes: { mine: boolean } }) => row.attributes.mine);
  expect(mine).toBeDefined();
  const teamName: string = mine.attributes['team-name'];
  const rank: number = mine.attributes.rank;
  await expect(widget.getByText(tr('ja', 'walking:member.yourTeam', { name: teamName }), { exact: true })).toBeVisible();
  await expect(widget.getByText(tr('ja', 'walking:home.rank', { rank }), { exact: true })).toBeVisible();
  const teamTable = widget.getByRole('table', { name: text('ja', 'walking:tabs.teamRanking') });
  await expect(teamTable.getByRole('row')).toHaveCount(teams.data.length + 1);
  const myTeamRow = teamTable.locator('tr[aria-current="true"]');
  await expect(myTeamRow.getByRole('cell').nth(0)).toHaveText(String(rank));
  await expect(myTeamRow.getByRole('cell').nth(1)).toContainText(teamName);

  const people = await (await request.get(`/api/walking_events/${eventId}/personal_summary?per=10`, { headers })).json();
  const me = people.data.find((row: { attributes: { mine: boolean } }) => row.attributes.mine);
  expect(me).toBeDefined();
  const myRow = widget.getByRole('table', { name: text('ja', 'walking:tabs.personalRanking') }).locator('tr[aria-current="true"]');
  await expect(myRow.getByRole('cell').nth(0)).toHaveText(String(me.attributes.rank));
  await expect(myRow.getByRole('cell').nth(1)).toContainText(me.attributes.name);

  // The seeded event is running: some days left (the seed ends it in a week) and today's steps shown.
  await expect(widget.getByText(/^残り\d+日$/)).toBeVisible();
  await expect(widget.getByText(text('ja', 'walking:member.todaySteps').split('{{')[0]!)).toBeVisible();

  const results = await new AxeBuilder({ page }).include('#walking-widget').analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);

  await page.locator('#kiwi-locale').selectOption('en');
  await expect(widget.getByText(tr('en', 'walking:member.yourTeam', { name: teamName }), { exact: true })).toBeVisible();
  await expect(widget.getByText(tr('en', 'walking:home.rank', { rank }), { exact: true })).toBeVisible();
});

test('without walking-event-id the widget says which attribute is missing', async ({ page }) => {
  await page.goto(DEMO);
  await page.evaluate(() => {
    const element = document.createElement('kiwi-walking-event');
    element.id = 'bare-walking-widget';
    element.setAttribute('organization', 'acme');
    document.body.append(element);
  });
  await expect(page.locator('#bare-walking-widget')).toContainText('walking-event-id');
});
