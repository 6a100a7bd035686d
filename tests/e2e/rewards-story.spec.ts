// Issue 18, the whole story ("Tests": Playwright): the platform admin creates a gift category, a weekly gacha prize
// (bronze) in it and a daily step quest that pays a gacha stamp, all in the portal; a fresh acme member walks enough,
// sees the quest completed on /quests and the stamp on /rewards, reads the weekly gacha's odds with the new prize and
// its chance, draws, and the outcome is checked against the odds table and random value the draw answered; a prize is
// then found under "My rewards". At the end the admin disables the quest and the prize again, so later specs' members
// neither get the stamp nor draw it. axe on every page visited.
//
// The draw's outcome cannot honestly be fixed in advance: a weekly prize has no stock of its own (the week's tier
// stock comes from acme's plan and member count, gacha-stock.ts) and the urn holds one blank per acme member yet to
// draw beyond the prizes (gacha-odds.ts), so a loss is possible. Both outcomes are checked.
import { type OddsTable, pick } from '../../shared/src/domain/gacha-odds';
import { expect, type Page, test } from '@playwright/test';
import { type AuthEmulator, authEmulator } from './emulator-rest';
import { ACCOUNTS, ja, signIn, unique } from './portal-helpers';
import { expectAccessible, newAcmeMember, syncTodaySteps, translate } from './rewards-helpers';

const PASSWORD = 'rewards-story-password-1';
const GOAL = 3_000;
const jaWith = (key: string, values: Record<string, string | number>) => translate('ja', key, values);

let emulator: AuthEmulator;
test.beforeAll(async ({ request }) => {
  emulator = await authEmulator(request);
});

/** The odds table a draw answered (`odds`: one line per prize and the blank line, `remaining` tickets each). */
type WireOdds = { 'gift-id': number | null; name: string; remaining: number; probability: number }[];
const oddsTableOf = (odds: WireOdds): OddsTable => ({
  entries: odds.map((line) => ({
    giftId: line['gift-id'],
    name: line.name,
    remaining: line.remaining,
    weight: line.remaining,
    probability: line.probability,
  })),
  total: odds.reduce((sum, line) => sum + line.remaining, 0),
});

/** Confirms the admin page's disable dialog for a row's action. */
async function disableFromRow(page: Page, button: string, dialogOk: string) {
  await page.getByRole('button', { name: button }).click();
  await page.getByRole('dialog').getByRole('button', { name: dialogOk }).click();
}

test('an admin sets up a prize and a stamp quest; a member completes the quest, reads the odds, draws and finds the prize', async ({
  page,
  request,
  browser,
}) => {
  // Two people, three admin pages, two member pages, many dialogs and axe each time on a shared machine.
  test.setTimeout(300_000);
  const mark = unique();
  const category = `E2E 物語カテゴリ ${mark}`;
  const prize = `E2E 物語ブロンズ賞 ${mark}`;
  const title = `物語${mark} 今日は{goalValue}歩`;
  const shownTitle = `物語${mark} 今日は3,000歩`;

  // The admin: a category…
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/_admin/);
  await page.goto('/_admin/gift_categories');
  await expect(page.getByRole('heading', { name: ja('gifts-admin:categories.title'), level: 1 })).toBeVisible();
  await page.getByRole('button', { name: ja('gifts-admin:categories.create') }).click();
  const categoryDialog = page.getByRole('dialog', { name: ja('gifts-admin:categories.createTitle') });
  await categoryDialog.getByLabel(ja('gifts-admin:categories.name')).fill(category);
  await categoryDialog.getByRole('button', { name: ja('organization:common.save') }).click();
  await expect(categoryDialog).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: category })).toBeVisible();
  await expectAccessible(page);

  // …a weekly gacha prize of the bronze tier in it…
  await page.goto('/_admin/gifts');
  await expect(page.getByRole('heading', { name: ja('gifts-admin:gifts.title'), level: 1 })).toBeVisible();
  await page.getByRole('button', { name: ja('gifts-admin:gifts.create') }).click();
  const giftDialog = page.getByRole('dialog', { name: ja('gifts-admin:gifts.createTitle') });
  await giftDialog.getByLabel(ja('gifts-admin:fields.giftType')).selectOption('weekly_gacha');
  await giftDialog.getByLabel(ja('gifts-admin:fields.category')).selectOption({ label: category });
  await giftDialog.getByLabel(ja('gifts-admin:fields.name')).fill(prize);
  await giftDialog.getByLabel(ja('gifts-admin:fields.description')).fill('物語のブロンズ賞');
  await giftDialog.getByLabel(ja('gifts-admin:fields.needCoins')).fill('0');
  await giftDialog.getByLabel(ja('gifts-admin:fields.price')).fill('100');
  await giftDialog.getByLabel(ja('gifts-admin:fields.tier')).selectOption('bronze');
  await expectAccessible(page);
  await giftDialog.getByRole('button', { name: ja('organization:common.save') }).click();
  await expect(giftDialog).toHaveCount(0);
  const giftRow = page.getByRole('row').filter({ hasText: prize });
  await expect(giftRow).toContainText(ja('gifts-admin:types.weekly_gacha'));
  await expect(giftRow).toContainText(ja('gifts-admin:tiers.bronze'));
  await expect(giftRow).toContainText(category);
  await expectAccessible(page);

  // …and a daily step quest whose title holds the member's goal, paying a gacha stamp.
  await page.goto('/_admin/quests');
  await expect(page.getByRole('heading', { level: 1, name: ja('quests:admin.title') })).toBeVisible();
  await page.getByRole('button', { name: ja('quests:admin.create') }).click();
  const questDialog = page.getByRole('dialog');
  await questDialog.getByLabel(ja('quests:admin.fields.title'), { exact: true }).fill(title);
  await questDialog.getByLabel(ja('quests:admin.fields.goalValue'), { exact: true }).fill(String(GOAL));
  await questDialog.getByLabel(ja('quests:admin.fields.periodType'), { exact: true }).selectOption('daily');
  await questDialog.getByLabel(ja('quests:admin.fields.goalType'), { exact: true }).selectOption('step');
  await questDialog.getByLabel(ja('quests:admin.fields.rewardType'), { exact: true }).selectOption('stamp');
  await expect(questDialog.getByLabel(ja('quests:admin.fields.rewardCoins'), { exact: true })).toHaveCount(0);
  await expect(questDialog.getByText(shownTitle)).toBeVisible();
  await questDialog.getByRole('button', { name: ja('organization:common.save') }).click();
  await expect(questDialog).toBeHidden();
  const questRow = page.getByRole('row').filter({ hasText: `物語${mark}` });
  await expect(questRow.getByRole('cell').nth(1)).toHaveText(ja('quests:admin.periodTypes.daily'));
  await expect(questRow.getByRole('cell').nth(3)).toHaveText(ja('quests:reward.stamp'));
  await expectAccessible(page);

  // A fresh acme member walks more than the goal today (the app's upload).
  const member = await newAcmeMember(request, emulator, { prefix: 'rewards-story', name: `物語 花子 ${mark}`, password: PASSWORD });
  await syncTodaySteps(request, member.headers, GOAL + 200);

  // /quests: the quest of today, completed, with its stamp earned.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await memberPage.setViewportSize({ width: 1280, height: 800 });
  await signIn(memberPage, member.email, PASSWORD);
  await expect(memberPage).toHaveURL('/');
  await memberPage.goto('/quests');
  await expect(memberPage.getByRole('heading', { level: 1, name: ja('quests:title') })).toBeVisible();
  const quest = memberPage
    .getByRole('region', { name: ja('quests:groups.daily') })
    .getByRole('listitem')
    .filter({ hasText: shownTitle });
  await expect(quest.getByText(ja('quests:completed'))).toBeVisible();
  await expect(quest.getByText(jaWith('quests:earned', { reward: ja('quests:reward.stamp') }))).toBeVisible();
  await expectAccessible(memberPage);

  // /rewards, weekly gacha: the stamp counts towards the next draw; the odds name the new prize with its chance.
  await memberPage.goto('/rewards?tab=weekly');
  await expect(memberPage.getByRole('heading', { level: 1, name: ja('rewards:title') })).toBeVisible();
  await expect(memberPage.getByRole('tab', { name: ja('rewards:tabs.weekly') })).toHaveAttribute('aria-selected', 'true');
  await expect(memberPage.getByText(jaWith('rewards:weekly.stamps', { value: 1, perCard: 5 }))).toBeVisible();
  await expect(memberPage.getByTestId('weekly-draws-left')).toHaveText(jaWith('rewards:weekly.drawsLeft', { value: 1 }));
  const odds = memberPage.getByRole('table', { name: ja('rewards:odds.caption') });
  const prizeLine = odds.getByRole('row').filter({ has: memberPage.getByRole('rowheader', { name: prize }) });
  await expect(prizeLine.getByRole('cell').last()).toHaveText(/^(?!0%)[\d.]+%$/);
  await expect(odds.getByRole('rowheader', { name: ja('rewards:odds.miss') })).toBeVisible();
  await expectAccessible(memberPage);

  // The draw, confirmed with the odds in front of the member; its answer is kept to check the outcome against.
  await memberPage.getByRole('button', { name: ja('rewards:weekly.draw'), exact: true }).click();
  const confirm = memberPage.getByRole('dialog', { name: ja('rewards:weekly.confirmTitle') });
  await expect(confirm.getByRole('table', { name: ja('rewards:odds.caption') }).getByRole('rowheader', { name: prize })).toBeVisible();
  const answered = memberPage.waitForResponse(
    (response) => response.url().endsWith('/api/gacha_draws') && response.request().method() === 'POST',
  );
  await confirm.getByRole('button', { name: ja('rewards:weekly.draw') }).click();
  const response = await answered;
  expect(response.status()).toBe(201);
  const draw = (await response.json()).data.attributes as { won: boolean; 'random-value': number; odds: WireOdds };
  // The drawn line is the one the random value picks in the odds table the draw stored (what the page showed).
  const picked = pick(oddsTableOf(draw.odds), draw['random-value']);
  expect(draw.won).toBe(picked.giftId !== null);
  expect(draw.odds.find((line) => line.name === prize)?.remaining).toBeGreaterThan(0);

  const result = memberPage.getByRole('dialog', { name: ja('rewards:result.title') });
  const outcome = result.getByTestId('draw-outcome');
  await expect(outcome).toBeFocused();
  await expect(outcome).toHaveText(draw.won ? jaWith('rewards:result.won', { name: picked.name }) : ja('rewards:result.lost'));
  await expect(result.getByTestId('draw-random-value')).toHaveText(
    jaWith('rewards:result.randomValue', { value: String(draw['random-value']) }),
  );
  const resultOdds = result.getByRole('table');
  await expect(resultOdds.getByRole('rowheader', { name: prize })).toBeVisible();
  await expect(resultOdds.getByRole('rowheader', { name: ja('rewards:odds.miss') })).toBeVisible();
  await expectAccessible(memberPage);

  if (draw.won) {
    // A win: the prize is under My rewards, from the weekly gacha.
    await result.getByRole('button', { name: ja('rewards:result.seeMine') }).click();
    await expect(memberPage.getByRole('tab', { name: ja('rewards:tabs.mine') })).toHaveAttribute('aria-selected', 'true');
    const mine = memberPage.getByRole('list', { name: ja('rewards:mine.heading') });
    const won = mine.getByRole('listitem').filter({ has: memberPage.getByRole('heading', { name: picked.name }) });
    await expect(won).toHaveCount(1);
    await expect(won.getByText(ja('rewards:mine.sources.weekly_gacha'))).toBeVisible();
  } else {
    // No prize this time: My rewards stays empty and says so.
    await result.getByRole('button', { name: ja('rewards:result.close') }).click();
    await memberPage.getByRole('tab', { name: ja('rewards:tabs.mine') }).click();
    await expect(memberPage.getByText(ja('rewards:mine.empty'))).toBeVisible();
  }
  await expectAccessible(memberPage);
  await memberContext.close();

  // The admin disables the quest and the prize again (asked first each time).
  await disableFromRow(page, `${ja('quests:admin.disable')}: ${title}`, ja('quests:admin.disable'));
  await expect(questRow.getByText(ja('quests:admin.status.disabled'))).toBeVisible();
  await page.goto('/_admin/gifts');
  const filters = page.getByRole('search', { name: ja('gifts-admin:gifts.filters') });
  await filters.getByLabel(ja('gifts-admin:gifts.search')).fill(prize);
  await filters.getByRole('button', { name: ja('gifts-admin:gifts.searchButton') }).click();
  await disableFromRow(page, `${ja('gifts-admin:gifts.disable')}: ${prize}`, ja('gifts-admin:gifts.disable'));
  await expect(giftRow).toContainText(ja('gifts-admin:gifts.disabled'));
  await expect(giftRow.getByRole('button', { name: `${ja('gifts-admin:gifts.enable')}: ${prize}` })).toBeVisible();
});
