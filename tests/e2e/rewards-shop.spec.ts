// Issue 18 point 3, the member shop: a fresh acme member with coins exchanges a gift (cost and balance after stated),
// reads the weekly gacha's odds, draws (the result says how the draw was made) and is then told they already drew, is
// told the dream gacha needs more coins, and finds the prizes under My rewards; axe on each tab, 320 px, ja and en.
// Data of its own only: gifts created through the admin API, a new member, coins granted to them.
import AxeBuilder from '@axe-core/playwright';
import { DREAM_GACHA } from '../../shared/src/domain/gacha-stock';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type AuthEmulator, authEmulator, signInWithPassword } from './emulator-rest';
import { inviteAndAccept } from './org-helpers';
import { animationsEnded } from './rewards-helpers';
import { ACCOUNTS, DEMO_PASSWORD, type Language, submitLogin, text, unique } from './portal-helpers';

const PASSWORD = 'rewards-password-1';
const GRANT = 150;
const EXCHANGE_COST = 60;
const tr = (language: Language, key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((line, [name, value]) => line.replaceAll(`{{${name}}}`, String(value)), text(language, key));
const ja = (key: string, values: Record<string, string | number> = {}) => tr('ja', key, values);

let emulator: AuthEmulator;
test.beforeAll(async ({ request }) => {
  emulator = await authEmulator(request);
});

async function bearer(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  return { authorization: `Bearer ${await signInWithPassword(request, emulator, email, password)}` };
}

/** A gift of the platform catalogue, created by the admin (POST /api/gifts). */
async function createGift(request: APIRequestContext, headers: Record<string, string>, gift: Record<string, unknown>) {
  const created = await request.post('/api/gifts', {
    headers,
    data: { gift: { description: 'E2E', price: 100, disabled: false, thumbnail_url: null, ...gift } },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).data.id as string;
}

/**
 * axe on the page's content (the drawer's colours are layout.css's, reported before this issue), once every animation
 * has ended.
 */
async function expectAccessible(page: Page) {
  await animationsEnded(page);
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`)).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

const tab = (page: Page, key: string, language: Language = 'ja') => page.getByRole('tab', { name: tr(language, `rewards:tabs.${key}`) });

test('a member exchanges coins for a gift, draws the weekly gacha, cannot afford the dream gacha, and finds the prizes', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const admin = await bearer(request, ACCOUNTS.admin);
  const manager = await bearer(request, ACCOUNTS.acmeManager);
  const me = await (await request.get('/api/user', { headers: manager })).json();
  const acmeId = me.included.find((item: { type: string }) => item.type === 'organizations').id as string;

  const suffix = unique();
  const exchangeName = `E2E タオル ${suffix}`;
  await createGift(request, admin, {
    gift_type: 'coin_exchange',
    name: exchangeName,
    need_coins: EXCHANGE_COST,
    stock: 3,
    giftee_code: 'E2E-TOWEL',
  });
  await createGift(request, admin, {
    gift_type: 'dream_gacha',
    name: `E2E 夢 ${suffix}`,
    need_coins: 0,
    stock: 1,
    giftee_code: 'E2E-DREAM',
  });
  await createGift(request, admin, {
    gift_type: 'weekly_gacha',
    name: `E2E ブロンズ ${suffix}`,
    need_coins: 0,
    stock: null,
    weekly_gacha_calculation_type: 'bronze',
    // A prize is issued with its giftee code (a gift without one is refused by the issuer and refunded).
    giftee_code: 'E2E-BRONZE',
  });

  const email = `rewards-${suffix}@example.com`;
  const memberId = await inviteAndAccept(request, {
    headers: manager,
    organizationId: acmeId,
    email,
    name: `ごほうび ${suffix}`,
    password: PASSWORD,
  });
  const granted = await request.post('/api/kiwi_coin_transfers', {
    headers: admin,
    data: { kiwi_coin_transfer: { organization_id: Number(acmeId), organization_member_id: memberId, amount: GRANT, description: 'E2E' } },
  });
  expect(granted.status(), await granted.text()).toBe(201);

  // The home's rewards card shows the home's balance and leads to the shop.
  await page.goto('/login');
  // The first page of a fresh server can take a while on a busy machine.
  await expect(page.getByRole('heading', { name: ja('portal:login.title') })).toBeVisible({ timeout: 30_000 });
  await submitLogin(page, email, PASSWORD);
  const card = page.getByRole('region', { name: ja('portal:pages.member.rewards') });
  await expect(card.getByTestId('home-rewards-balance')).toHaveText(ja('home:coins.balanceValue', { value: GRANT }));
  await card.getByRole('link', { name: ja('home:seeAll') }).click();
  await expect(page).toHaveURL(/\/rewards$/);
  await expect(page.getByRole('heading', { level: 1, name: ja('rewards:title') })).toBeVisible();
  await expect(page.getByTestId('rewards-balance')).toHaveText(ja('rewards:coins', { value: GRANT }));

  // Coin exchange: the confirmation states the cost and the balance after; the toast confirms.
  await expect(tab(page, 'exchange')).toHaveAttribute('aria-selected', 'true');
  const gift = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: exchangeName }) });
  await expect(gift.getByText(ja('rewards:exchange.stock', { value: 3 }))).toBeVisible();
  await expectAccessible(page);
  await gift.getByRole('button', { name: ja('rewards:exchange.actionFor', { name: exchangeName }) }).click();
  const confirm = page.getByRole('dialog', { name: ja('rewards:exchange.confirmTitle', { name: exchangeName }) });
  await expect(confirm.getByText(ja('rewards:exchange.confirmCost', { cost: EXCHANGE_COST }))).toBeVisible();
  await expect(confirm.getByText(ja('rewards:exchange.confirmAfter', { after: GRANT - EXCHANGE_COST }))).toBeVisible();
  await confirm.getByRole('button', { name: ja('rewards:exchange.ok') }).click();
  await expect(page.getByRole('status').filter({ hasText: ja('rewards:exchange.done', { name: exchangeName }) })).toBeVisible();
  await expect(page.getByTestId('rewards-balance')).toHaveText(ja('rewards:coins', { value: GRANT - EXCHANGE_COST }));
  await expect(gift.getByText(ja('rewards:exchange.stock', { value: 2 }))).toBeVisible();

  // Weekly gacha, reached with the keyboard: the odds of every prize and of no prize, then a draw.
  await tab(page, 'exchange').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'weekly')).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/tab=weekly/);
  const odds = page.getByRole('table', { name: ja('rewards:odds.caption') });
  await expect(odds.getByRole('rowheader', { name: ja('rewards:odds.miss') })).toBeVisible();
  await expect(odds.getByRole('rowheader', { name: `E2E ブロンズ ${suffix}` })).toBeVisible();
  await expect(page.getByTestId('weekly-draws-left')).toHaveText(ja('rewards:weekly.drawsLeft', { value: 1 }));
  await expectAccessible(page);
  const draw = page.getByRole('button', { name: ja('rewards:weekly.draw'), exact: true });
  await draw.click();
  const drawConfirm = page.getByRole('dialog', { name: ja('rewards:weekly.confirmTitle') });
  await expect(drawConfirm.getByRole('table', { name: ja('rewards:odds.caption') })).toBeVisible();
  await drawConfirm.getByRole('button', { name: ja('rewards:weekly.draw') }).click();

  const result = page.getByRole('dialog', { name: ja('rewards:result.title') });
  const outcome = result.getByTestId('draw-outcome');
  await expect(outcome).toBeFocused();
  const won = (await outcome.textContent()) !== ja('rewards:result.lost');
  await expect(result.getByRole('heading', { name: ja('rewards:result.how') })).toBeVisible();
  await expect(result.getByTestId('draw-random-value')).toHaveText(/\d/);
  await expect(result.getByRole('table').getByRole('rowheader', { name: ja('rewards:odds.miss') })).toBeVisible();
  await expectAccessible(page);
  await result.getByRole('button', { name: ja('rewards:result.close') }).click();
  await expect(result).toBeHidden();
  // Drawn: the button is off and says why.
  await expect(draw).toBeDisabled();
  await expect(page.getByText(ja('rewards:cannotDraw', { reason: ja('errors:gacha.alreadyDrawn') }))).toBeVisible();
  await expect(page.getByTestId('weekly-draws-left')).toHaveText(ja('rewards:weekly.drawsLeft', { value: 0 }));

  // Dream gacha: not enough coins is said before anything is spent.
  await tab(page, 'dream').click();
  await expect(page.getByRole('table', { name: ja('rewards:odds.caption') })).toBeVisible();
  await expect(page.getByText(ja('rewards:cannotDraw', { reason: ja('validation:notEnoughCoins') }))).toBeVisible();
  await expect(page.getByRole('button', { name: ja('rewards:dream.draw', { value: DREAM_GACHA.costCoins }) })).toBeDisabled();
  await expectAccessible(page);

  // My rewards: the exchanged gift, and the weekly prize when the draw won.
  await tab(page, 'mine').click();
  const mine = page.getByRole('list', { name: ja('rewards:mine.heading') });
  await expect(mine.getByRole('heading', { name: exchangeName })).toBeVisible();
  await expect(mine.getByRole('listitem')).toHaveCount(won ? 2 : 1);
  await expect(mine.getByText(ja('rewards:mine.sources.coin_exchange'))).toBeVisible();
  await expectAccessible(page);

  // A phone: nothing wider than the screen on any tab.
  await page.setViewportSize({ width: 320, height: 720 });
  for (const key of ['exchange', 'weekly', 'dream', 'mine']) {
    await tab(page, key).click();
    await expect(tab(page, key)).toHaveAttribute('aria-selected', 'true');
    await expectNoSidewaysScroll(page);
  }
  await expectAccessible(page);

  // In English: the refusal in the member's language.
  const user = await bearer(request, email, PASSWORD);
  const userId = (await (await request.get('/api/user', { headers: user })).json()).data.id;
  expect((await request.put(`/api/users/${userId}`, { headers: user, data: { user: { language: 'en' } } })).ok()).toBe(true);
  // The device remembers the language too (i18n/language.ts): both say English.
  await page.evaluate(() => localStorage.setItem('kiwi.language', 'en'));
  await page.goto('/rewards?tab=weekly');
  await expect(tab(page, 'weekly', 'en')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(tr('en', 'rewards:cannotDraw', { reason: text('en', 'errors:gacha.alreadyDrawn') }))).toBeVisible();
  await expectNoSidewaysScroll(page);
});
