// Issue 18 point 4, the draw audit: a fresh acme member (invited for this spec) draws the dream gacha through the API;
// the platform admin finds the draw on /_admin/gifts/draws with the weekly budgets, opens its odds table, verifies it
// from its stored random value, and downloads the CSV; axe at 1280x800, no sideways scroll at 320 px. Only data of its
// own is created: the member, their coins and their draw.
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type AuthEmulator, authEmulator } from './emulator-rest';
import { newAcmeMember } from './rewards-helpers';
import { ACCOUNTS, ja, signIn, unique } from './portal-helpers';

const PASSWORD = 'rewards-audit-password-1';
const tr = (key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((line, [name, value]) => line.replaceAll(`{{${name}}}`, String(value)), ja(key));

let emulator: AuthEmulator;
test.beforeAll(async ({ request }) => {
  emulator = await authEmulator(request);
});

/** A new acme member with 100 coins from the organisation's balance; returns their API headers. */
async function memberWithCoins(request: APIRequestContext, name: string) {
  const { memberId, manager, acmeId, headers } = await newAcmeMember(request, emulator, {
    prefix: 'rewards-audit',
    name,
    password: PASSWORD,
  });
  const granted = await request.post(`/api/organizations/${acmeId}/kiwi_coin_transfers`, {
    headers: manager,
    data: { kiwi_coin_transfer: { organization_member_id: memberId, amount: 100, description: 'rewards audit e2e' } },
  });
  expect(granted.status()).toBe(201);
  return { headers };
}

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`)).toEqual([]);
}

test('the admin finds a member’s draw, checks its odds and random value, and downloads the audit CSV', async ({ page, request }) => {
  const name = `監査 ${unique()}`;
  const member = await memberWithCoins(request, name);
  const drawn = await request.post('/api/gacha_draws', {
    headers: { ...member.headers, 'idempotency-key': `audit-${unique()}` },
    data: { gacha_draw: { gacha_type: 'dream_gacha' } },
  });
  expect(drawn.status()).toBe(201);
  const draw = (await drawn.json()).data as { id: string; attributes: { 'random-value': number; won: boolean } };

  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ACCOUNTS.admin);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/_admin/gifts/draws');
  await expect(page.getByRole('heading', { name: ja('gift-audit:title'), level: 1 })).toBeVisible();
  // This week's budgets: the demo organisations are listed (stock is made on the week's first read).
  const budgets = page.getByRole('table', { name: ja('gift-audit:budgets.title') });
  await expect(budgets.getByRole('row').filter({ hasText: 'ACME株式会社' })).toBeVisible();

  const filters = page.getByRole('form', { name: ja('gift-audit:filters.title') });
  await filters.getByLabel(ja('gift-audit:draws.organization')).selectOption({ label: 'ACME株式会社' });
  await filters.getByLabel(ja('gift-audit:filters.gachaType')).selectOption({ label: ja('gift-audit:gachaType.dream_gacha') });
  await filters.getByRole('button', { name: ja('gift-audit:filters.apply') }).click();
  const row = page.getByTestId(`gacha-draw-${draw.id}`);
  await expect(row).toContainText(name);
  await expect(row).toContainText(ja('gift-audit:gachaType.dream_gacha'));
  await expect(row).toContainText(String(draw.attributes['random-value']));
  if (!draw.attributes.won) await expect(row).toContainText(ja('gift-audit:noPrize'));
  await expectAccessible(page);

  await row.getByRole('button', { name: tr('gift-audit:draws.showOdds', { id: draw.id }) }).click();
  const odds = page.getByRole('table', { name: tr('gift-audit:odds.caption', { id: draw.id }) });
  await expect(odds.getByRole('row').filter({ hasText: ja('gift-audit:noPrize') })).toBeVisible();
  await page.getByRole('button', { name: tr('gift-audit:verify.button', { id: draw.id }) }).click();
  // The verdict names the ticket the stored random value draws and agrees with the recorded outcome.
  await expect(page.getByRole('status').filter({ hasText: ja('gift-audit:verify.ok').split('：')[0]! })).toBeVisible();
  await expectAccessible(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    filters.getByRole('button', { name: ja('gift-audit:csv.download') }).click(),
  ]);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe(
    [
      'id',
      'createdAt',
      'organization',
      'member',
      'gachaType',
      'randomValue',
      'outcome',
      'giftId',
      'redemptionId',
      'coinsSpent',
      'odds',
      'verified',
    ]
      .map((column) => ja(`gift-audit:csv.${column}`))
      .join(','),
  );
  const line = lines.find((entry) => entry.startsWith(`${draw.id},`));
  expect(line).toContain(name);
  expect(line).toContain(',100,');
  expect(line?.endsWith(`,${ja('gift-audit:csv.yes')}`)).toBe(true);
  // Filtered to dream draws of acme: no weekly draw is in the file.
  expect(csv).not.toContain(ja('gift-audit:gachaType.weekly_gacha'));

  await page.setViewportSize({ width: 320, height: 720 });
  await expect(row).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});
