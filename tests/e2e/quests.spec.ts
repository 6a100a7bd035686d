// Issue 18, quests: the platform admin creates a daily step quest whose title holds {goalValue} (previewed live); a
// member invited for this spec syncs enough steps, finds the quest completed on /quests and on the home with its coins
// added, in Japanese and English, with axe, at 320 px and 1280x800. Only data of its own is created: a quest (disabled
// again at the end, so later specs' members are not paid by it) and a fresh member.
import { expect, type Page, test } from '@playwright/test';
import { type AuthEmulator, authEmulator } from './emulator-rest';
import { ACCOUNTS, ja, signIn, text, unique } from './portal-helpers';
import { expectAccessible, newAcmeMember, syncTodaySteps, translate as tr } from './rewards-helpers';

const PASSWORD = 'quests-password-1';

let emulator: AuthEmulator;
test.beforeAll(async ({ request }) => {
  emulator = await authEmulator(request);
});

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test('an admin creates a daily step quest; a member walks enough and sees it completed with its coins', async ({
  page,
  request,
  browser,
}) => {
  // Two people's sessions, an invitation mail and five pages with axe: more than one page's worth of time.
  test.slow();
  const mark = unique();
  const title = `クエスト${mark} 今日は{goalValue}歩`;

  // The admin creates the quest; the preview shows the title with the goal in the reader's number format.
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/_admin/);
  await page.goto('/_admin/quests');
  await expect(page.getByRole('heading', { level: 1, name: ja('quests:admin.title') })).toBeVisible();
  await expect(page.getByRole('table', { name: ja('quests:admin.title') })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: ja('quests:admin.create') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(ja('quests:admin.fields.title'), { exact: true }).fill(title);
  await dialog.getByLabel(ja('quests:admin.fields.goalValue'), { exact: true }).fill('3000');
  await expect(dialog.getByText(`クエスト${mark} 今日は3,000歩`)).toBeVisible();
  await dialog.getByLabel(ja('quests:admin.fields.periodType'), { exact: true }).selectOption('daily');
  await dialog.getByLabel(ja('quests:admin.fields.goalType'), { exact: true }).selectOption('step');
  await dialog.getByLabel(ja('quests:admin.fields.rewardCoins'), { exact: true }).fill('15');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: ja('organization:common.save') }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: `クエスト${mark}` });
  await expect(row.getByRole('cell').nth(1)).toHaveText(ja('quests:admin.periodTypes.daily'));
  await expect(row.getByRole('cell').nth(3)).toHaveText(tr('ja', 'quests:reward.coins', { count: 15 }));

  // A fresh member syncs today's steps (the app's upload): the quest completes and pays 15 coins once.
  const { email, headers } = await newAcmeMember(request, emulator, {
    prefix: 'quests',
    name: `クエスト 花子 ${mark}`,
    password: PASSWORD,
  });
  const balance = async () => (await (await request.get('/api/user/kiwi_coin_transfers', { headers })).json()).meta.balance as number;
  const before = await balance();
  await syncTodaySteps(request, headers, 3_200);
  const mine = await (await request.get('/api/user/quests', { headers })).json();
  type Item = { attributes: { title: string; completed: boolean; 'coins-awarded': number } };
  expect(mine.data.find((item: Item) => item.attributes.title === title).attributes).toMatchObject({
    completed: true,
    progress: 3_200,
    'goal-value': 3_000,
    'coins-awarded': 15,
  });
  // Today's steps earn activity coins only once the day is over: what was added is the completed quests' rewards.
  const rewards = mine.data.reduce((sum: number, item: Item) => sum + item.attributes['coins-awarded'], 0);
  expect((await balance()) - before).toBe(rewards);

  // /quests (320 px): the quest under "today", completed, with its reward; axe.
  // A context of its own (axe needs one made by newContext), so the admin's session stays in `page`.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await member.setViewportSize({ width: 320, height: 720 });
  await signIn(member, email, PASSWORD);
  await expect(member).toHaveURL('/');
  await member.goto('/quests');
  await expect(member.getByRole('heading', { level: 1, name: ja('quests:title') })).toBeVisible();
  const today = member.getByRole('region', { name: ja('quests:groups.daily') });
  const item = today.getByRole('listitem').filter({ hasText: `クエスト${mark} 今日は3,000歩` });
  await expect(item.getByText(ja('quests:completed'))).toBeVisible();
  await expect(item.getByText(tr('ja', 'quests:earned', { reward: tr('ja', 'quests:reward.coins', { count: 15 }) }))).toBeVisible();
  await expect(item.getByRole('progressbar', { name: `クエスト${mark} 今日は3,000歩：3,000中3,200` })).toBeVisible();
  await expectNoSidewaysScroll(member);
  await expectAccessible(member);

  // The home's card lists today's quests with the same figures and links to /quests; axe.
  await member.goto('/');
  const card = member.getByRole('region', { name: ja('quests:home.title') });
  await expect(
    card
      .getByRole('listitem')
      .filter({ hasText: `クエスト${mark} 今日は3,000歩` })
      .getByText(ja('quests:completed')),
  ).toBeVisible();
  await expect(card.getByRole('link', { name: ja('quests:home.open') })).toHaveAttribute('href', '/quests');
  await expectNoSidewaysScroll(member);
  await expectAccessible(member);

  // In English at 1280x800: the goal in English number format.
  const me = await (await request.get('/api/user', { headers })).json();
  expect((await request.put(`/api/users/${me.data.id}`, { headers, data: { user: { language: 'en' } } })).ok()).toBe(true);
  await member.setViewportSize({ width: 1280, height: 800 });
  await member.goto('/quests');
  await expect(member.getByRole('heading', { level: 1, name: text('en', 'quests:title') })).toBeVisible();
  const english = member.getByRole('region', { name: text('en', 'quests:groups.daily') });
  await expect(
    english
      .getByRole('listitem')
      .filter({ hasText: `クエスト${mark} 今日は3,000歩` })
      .getByText(text('en', 'quests:completed')),
  ).toBeVisible();
  await expectAccessible(member);
  await memberContext.close();

  // The admin disables the quest again (asked first), so members of later specs are not paid by it.
  await row.getByRole('button', { name: `${ja('quests:admin.disable')}: ${title}` }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: ja('quests:admin.disable') })
    .click();
  await expect(row.getByText(ja('quests:admin.status.disabled'))).toBeVisible();
});
