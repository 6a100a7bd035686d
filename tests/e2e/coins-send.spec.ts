// Coin messages: member@acme sends coins with {name} to manager@acme, whose balance and feed update; an overspend
// shows "kiwi coins not enough".
import { expect, type Page, test } from '@playwright/test';
import { ACCOUNTS, ja, signIn, text } from './portal-helpers';

const balanceLabel = ja('coins:send.balance').split('{{')[0]!;

async function balanceOn(page: Page): Promise<number> {
  const balance = page.getByTestId('coin-balance');
  await expect(balance).toContainText(balanceLabel);
  return Number((await balance.innerText()).replace(/[^\d]/g, ''));
}

async function addRecipient(page: Page, name: string) {
  await page.getByLabel(ja('coins:send.search')).fill(name.split(' ')[0]!);
  await page.getByRole('button', { name: ja('coins:send.add').replace('{{name}}', name) }).click();
}

test('a member sends coins with {name}; the manager sees the balance and the message; an overspend is refused', async ({ browser }) => {
  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await signIn(manager, ACCOUNTS.acmeManager);
  await expect(manager).toHaveURL(/\/org\//);
  await manager.goto('/send_coins');
  const managerBefore = await balanceOn(manager);

  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signIn(member, ACCOUNTS.acmeMember);
  await expect(member).not.toHaveURL(/\/login/);
  await member.goto('/send_coins');
  const memberBefore = await balanceOn(member);

  await addRecipient(member, '山田 太郎');
  await member.getByLabel(ja('coins:send.amount').replace('{{name}}', '山田 太郎')).fill('15');
  await member.getByLabel(ja('coins:send.message'), { exact: true }).fill('{name}さん、いつもありがとう！');
  await expect(member.getByText('山田 太郎さん、いつもありがとう！')).toBeVisible();
  await member.getByRole('button', { name: ja('coins:send.submit') }).click();
  await expect(member.getByRole('status').filter({ hasText: ja('coins:send.sent') })).toBeVisible();
  await expect.poll(() => balanceOn(member)).toBe(memberBefore - 15);
  await expect(member.getByTestId('coin-feed')).toContainText('山田 太郎さん、いつもありがとう！');

  await manager.reload();
  await expect.poll(() => balanceOn(manager)).toBe(managerBefore + 15);
  const feed = manager.getByTestId('coin-feed');
  await expect(feed).toContainText(ja('coins:feed.received').replace('{{name}}', '佐藤 花子'));
  await expect(feed).toContainText('山田 太郎さん、いつもありがとう！');

  // More than the balance: "kiwi coins not enough", nothing moves.
  await addRecipient(member, '山田 太郎');
  await member.getByLabel(ja('coins:send.amount').replace('{{name}}', '山田 太郎')).fill(String(memberBefore + 1000));
  await member.getByRole('button', { name: ja('coins:send.submit') }).click();
  await expect(member.getByRole('alert').filter({ hasText: ja('validation:notEnoughCoins') })).toBeVisible();
  await member.reload();
  expect(await balanceOn(member)).toBe(memberBefore - 15);

  await managerContext.close();
  await memberContext.close();
});

test('in English: a globex member previews {nickname}, sends, and an overspend reads "not enough"', async ({ page }) => {
  const en = (key: string) => text('en', key);
  await signIn(page, ACCOUNTS.globexMember);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/send_coins');
  const balance = page.getByTestId('coin-balance');
  await expect(balance).toContainText(en('coins:send.balance').split('{{')[0]!);
  const before = Number((await balance.innerText()).replace(/[^\d]/g, ''));

  await page.getByLabel(en('coins:send.search')).fill('Grace');
  await page.getByRole('button', { name: en('coins:send.add').replace('{{name}}', 'Grace Hopper') }).click();
  await page.getByLabel(en('coins:send.amount').replace('{{name}}', 'Grace Hopper')).fill(String(before + 1));
  await page.getByLabel(en('coins:send.message'), { exact: true }).fill('Thank you, {nickname} & <team>!');
  await expect(page.getByText('Thank you, Grace Hopper & <team>!')).toBeVisible();
  await page.getByRole('button', { name: en('coins:send.submit') }).click();
  await expect(page.getByRole('alert').filter({ hasText: en('validation:notEnoughCoins') })).toBeVisible();

  await page.getByLabel(en('coins:send.amount').replace('{{name}}', 'Grace Hopper')).fill('2');
  await page.getByRole('button', { name: en('coins:send.submit') }).click();
  await expect(page.getByRole('status').filter({ hasText: en('coins:send.sent') })).toBeVisible();
  await expect(page.getByTestId('coin-feed')).toContainText('Thank you, Grace Hopper & <team>!');
  await expect.poll(async () => Number((await balance.innerText()).replace(/[^\d]/g, ''))).toBe(before - 2);
});
