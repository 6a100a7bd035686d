import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { ACCOUNTS, ja, signIn, unique } from './portal-helpers';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`)).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test('the admin builds the catalogue: categories, a gift of each type, an edit, a disable, and a refused delete', async ({ page }) => {
  // A long story on a shared machine: many dialogs, two pages, axe five times.
  test.setTimeout(240_000);
  const u = unique();
  const used = `E2E カテゴリ ${u}`;
  const unused = `E2E 未使用 ${u}`;
  const coin = `E2E コーヒー ${u}`;
  const weekly = `E2E ゴールド賞 ${u}`;
  const dream = `E2E 夢の旅 ${u}`;
  await signIn(page, ACCOUNTS.admin);
  await expect(page).not.toHaveURL(/\/login/);

  // Categories.
  await page.goto('/_admin/gift_categories');
  await expect(page.getByRole('heading', { name: ja('gifts-admin:categories.title'), level: 1 })).toBeVisible();
  for (const name of [used, unused]) {
    await page.getByRole('button', { name: ja('gifts-admin:categories.create') }).click();
    const dialog = page.getByRole('dialog', { name: ja('gifts-admin:categories.createTitle') });
    await dialog.getByLabel(ja('gifts-admin:categories.name')).fill(name);
    await dialog.getByRole('button', { name: ja('organization:common.save') }).click();
    await expect(dialog).toHaveCount(0);
  }
  // An empty name is refused in the form, before any call.
  await page.getByRole('button', { name: ja('gifts-admin:categories.create') }).click();
  const empty = page.getByRole('dialog', { name: ja('gifts-admin:categories.createTitle') });
  await empty.getByRole('button', { name: ja('organization:common.save') }).click();
  await expect(empty.getByText(ja('validation:required'))).toBeVisible();
  await empty.getByRole('button', { name: ja('organization:common.cancel') }).click();
  await expectAccessible(page);

  // Gifts: a coin exchange gift with a thumbnail and stock.
  await page.goto('/_admin/gifts');
  await expect(page.getByRole('heading', { name: ja('gifts-admin:gifts.title'), level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: ja('gifts-admin:gifts.drawsLink') })).toHaveAttribute('href', '/_admin/gifts/draws');
  await expectAccessible(page);
  await page.getByRole('button', { name: ja('gifts-admin:gifts.create') }).click();
  let dialog = page.getByRole('dialog', { name: ja('gifts-admin:gifts.createTitle') });
  await dialog.getByLabel(ja('gifts-admin:fields.category')).selectOption({ label: used });
  await dialog.getByLabel(ja('gifts-admin:fields.name')).fill(coin);
  await dialog.getByLabel(ja('gifts-admin:fields.description')).fill('どの店舗でも使えるコーヒー1杯');
  await dialog.getByLabel(ja('gifts-admin:fields.thumbnail')).setInputFiles({ name: 'coffee.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.locator('img.kiwi-image-input__preview')).toBeVisible();
  await dialog.getByLabel(ja('gifts-admin:fields.needCoins')).fill('300');
  await dialog.getByLabel(ja('gifts-admin:fields.price')).fill('500');
  await dialog.getByLabel(ja('gifts-admin:fields.stock')).fill('5');
  await dialog.getByLabel(ja('gifts-admin:fields.gifteeCode')).fill('GFT-E2E');
  await dialog.getByLabel(ja('gifts-admin:fields.activeFrom')).fill('2026-01-01T09:00');
  await dialog.getByLabel(ja('gifts-admin:fields.activeTo')).fill('2025-01-01T09:00');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: ja('organization:common.save') }).click();
  // The end before the start is refused in the form; corrected, the gift is saved.
  await expect(dialog.getByText(ja('validation:endAfterStart'))).toBeVisible();
  await dialog.getByLabel(ja('gifts-admin:fields.activeTo')).fill('2099-12-31T23:00');
  await dialog.getByRole('button', { name: ja('organization:common.save') }).click();
  await expect(dialog).toHaveCount(0);
  const coinRow = page.getByRole('row').filter({ hasText: coin });
  await expect(coinRow).toContainText(ja('gifts-admin:types.coin_exchange'));
  await expect(coinRow).toContainText(used);
  await expect(coinRow).toContainText('300');
  await expect(coinRow.locator('img.gifts-admin__thumbnail')).toHaveAttribute('src', /\/api\/images\//);

  // A weekly gacha prize: the tier is required, the stock field gone.
  await page.getByRole('button', { name: ja('gifts-admin:gifts.create') }).click();
  dialog = page.getByRole('dialog', { name: ja('gifts-admin:gifts.createTitle') });
  await dialog.getByLabel(ja('gifts-admin:fields.giftType')).selectOption('weekly_gacha');
  await expect(dialog.getByLabel(ja('gifts-admin:fields.stock'))).toHaveCount(0);
  await dialog.getByLabel(ja('gifts-admin:fields.name')).fill(weekly);
  await dialog.getByLabel(ja('gifts-admin:fields.needCoins')).fill('0');
  await dialog.getByRole('button', { name: ja('organization:common.save') }).click();
  await expect(dialog.getByText(ja('validation:required'))).toBeVisible();
  await dialog.getByLabel(ja('gifts-admin:fields.tier')).selectOption('gold');
  await dialog.getByRole('button', { name: ja('organization:common.save') }).click();
  await expect(dialog).toHaveCount(0);
  const weeklyRow = page.getByRole('row').filter({ hasText: weekly });
  await expect(weeklyRow).toContainText(ja('gifts-admin:tiers.gold'));
  await expect(weeklyRow).toContainText(ja('gifts-admin:gifts.perWeek'));

  // A dream gacha prize with one in stock.
  await page.getByRole('button', { name: ja('gifts-admin:gifts.create') }).click();
  dialog = page.getByRole('dialog', { name: ja('gifts-admin:gifts.createTitle') });
  await dialog.getByLabel(ja('gifts-admin:fields.giftType')).selectOption('dream_gacha');
  await dialog.getByLabel(ja('gifts-admin:fields.name')).fill(dream);
  await dialog.getByLabel(ja('gifts-admin:fields.needCoins')).fill('0');
  await dialog.getByLabel(ja('gifts-admin:fields.price')).fill('100000');
  await dialog.getByLabel(ja('gifts-admin:fields.stock')).fill('1');
  await dialog.getByRole('button', { name: ja('organization:common.save') }).click();
  await expect(dialog).toHaveCount(0);
  const dreamRow = page.getByRole('row').filter({ hasText: dream });
  await expect(dreamRow).toContainText(ja('gifts-admin:types.dream_gacha'));

  // Edit: the coin gift costs more now.
  await coinRow.getByRole('button', { name: `${ja('organization:common.edit')}: ${coin}` }).click();
  dialog = page.getByRole('dialog', { name: ja('gifts-admin:gifts.editTitle') });
  await expect(dialog.getByLabel(ja('gifts-admin:fields.name'))).toHaveValue(coin);
  await expect(dialog.locator('img.kiwi-image-input__preview')).toBeVisible();
  await dialog.getByLabel(ja('gifts-admin:fields.needCoins')).fill('350');
  await dialog.getByRole('button', { name: ja('organization:common.save') }).click();
  await expect(dialog).toHaveCount(0);
  await expect(coinRow).toContainText('350');

  // Disable the dream prize, after confirming.
  await dreamRow.getByRole('button', { name: `${ja('gifts-admin:gifts.disable')}: ${dream}` }).click();
  const confirm = page.getByRole('dialog', { name: ja('gifts-admin:gifts.disableTitle') });
  await confirm.getByRole('button', { name: ja('gifts-admin:gifts.disable') }).click();
  await expect(dreamRow).toContainText(ja('gifts-admin:gifts.disabled'));
  await expect(dreamRow.getByRole('button', { name: `${ja('gifts-admin:gifts.enable')}: ${dream}` })).toBeVisible();

  // Filters: this run's gifts by name, then only the disabled ones, then by category.
  const filters = page.getByRole('search', { name: ja('gifts-admin:gifts.filters') });
  await filters.getByLabel(ja('gifts-admin:gifts.search')).fill(u);
  await filters.getByRole('button', { name: ja('gifts-admin:gifts.searchButton') }).click();
  await expect(page.getByRole('row').filter({ hasText: u })).toHaveCount(3);
  await filters.getByLabel(ja('gifts-admin:gifts.filterState')).selectOption('true');
  await expect(page.getByRole('row').filter({ hasText: u })).toHaveCount(1);
  await expect(dreamRow).toBeVisible();
  await filters.getByLabel(ja('gifts-admin:gifts.filterState')).selectOption('');
  await filters.getByLabel(ja('gifts-admin:gifts.filterCategory')).selectOption({ label: used });
  await expect(page.getByRole('row').filter({ hasText: u })).toHaveCount(1);
  await expect(coinRow).toBeVisible();
  await filters.getByLabel(ja('gifts-admin:gifts.filterCategory')).selectOption('');
  await filters.getByLabel(ja('gifts-admin:gifts.filterType')).selectOption('weekly_gacha');
  await expect(page.getByRole('row').filter({ hasText: u })).toHaveCount(1);
  await expect(weeklyRow).toBeVisible();

  // A phone's width: no sideways scroll (the table scrolls in its own box), still accessible.
  await page.setViewportSize({ width: 320, height: 720 });
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Deleting the used category is refused with the message; the unused one goes.
  // The page's own link (the admin menu has one too).
  await page
    .getByRole('main')
    .getByRole('link', { name: ja('gifts-admin:gifts.categoriesLink'), exact: true })
    .click();
  await expect(page.getByRole('heading', { name: ja('gifts-admin:categories.title'), level: 1 })).toBeVisible();
  const usedRow = page.getByRole('row').filter({ hasText: used });
  await expect(usedRow.getByRole('cell').nth(1)).toHaveText('1');
  await usedRow.getByRole('button', { name: `${ja('organization:common.delete')}: ${used}` }).click();
  const refuse = page.getByRole('dialog', { name: ja('gifts-admin:categories.deleteTitle') });
  await refuse.getByRole('button', { name: ja('organization:common.delete') }).click();
  await expect(page.getByRole('alert')).toHaveText(`${used}: ${ja('errors:giftCategories.inUse')}`);
  await expect(refuse).toHaveCount(0);
  await expect(usedRow).toBeVisible();
  const unusedRow = page.getByRole('row').filter({ hasText: unused });
  await unusedRow.getByRole('button', { name: `${ja('organization:common.delete')}: ${unused}` }).click();
  await page
    .getByRole('dialog', { name: ja('gifts-admin:categories.deleteTitle') })
    .getByRole('button', { name: ja('organization:common.delete') })
    .click();
  await expect(unusedRow).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // Rename the used one.
  await usedRow.getByRole('button', { name: `${ja('gifts-admin:categories.rename')}: ${used}` }).click();
  const rename = page.getByRole('dialog', { name: ja('gifts-admin:categories.renameTitle') });
  await rename.getByLabel(ja('gifts-admin:categories.name')).fill(`${used} 改`);
  await rename.getByRole('button', { name: ja('organization:common.save') }).click();
  await expect(page.getByRole('row').filter({ hasText: `${used} 改` })).toBeVisible();
  await page.setViewportSize({ width: 320, height: 720 });
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});

test('a member is kept out of the admin catalogue pages', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, ACCOUNTS.acmeMember);
  await expect(page).not.toHaveURL(/\/login/);
  for (const path of ['/_admin/gifts', '/_admin/gift_categories']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: ja('gifts-admin:gifts.title'), level: 1 })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: ja('gifts-admin:categories.title'), level: 1 })).toHaveCount(0);
  }
});
