// Coin messages: member@acme sends coins with {name} to manager@acme after confirming recipients and amounts, whose
// balance and feed update; an overspend is refused as it is typed (issue 21), and the server's "not enough" still shows
// when the balance shown is stale.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { ACCOUNTS, addButtonName, ja, signIn, text } from './portal-helpers';

/** Confirms the shared dialog: it lists `lines` (recipient and amount each) before anything is sent. */
async function confirmSend(scope: Page | Locator, lines: string[], okLabel: string) {
  const dialog = scope.getByRole('dialog');
  await expect(dialog).toBeVisible();
  for (const line of lines) await expect(dialog).toContainText(line);
  await dialog.getByRole('button', { name: okLabel }).click();
  await expect(dialog).toBeHidden();
}

const balanceLabel = ja('coins:send.balance').split('{{')[0]!;

async function balanceOn(page: Page): Promise<number> {
  const balance = page.getByTestId('coin-balance');
  await expect(balance).toContainText(balanceLabel);
  return Number((await balance.innerText()).replace(/[^\d]/g, ''));
}

async function addRecipient(page: Page, name: string) {
  await page.getByLabel(ja('coins:send.search')).fill(name.split(' ')[0]!);
  await page.getByRole('button', { name: addButtonName(ja('coins:send.add'), name) }).click();
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
  await expect(member.getByTestId('coin-total')).toContainText('15');
  // At 320 px the recipient row wraps instead of breaking: nothing sticks out of it.
  await member.setViewportSize({ width: 320, height: 720 });
  const row = member.locator('.kiwi-coins__recipient');
  await expect(row.getByLabel(ja('coins:send.amount').replace('{{name}}', '山田 太郎'))).toBeInViewport();
  expect(await row.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  expect(await member.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await member.setViewportSize({ width: 1280, height: 800 });
  await member.getByRole('button', { name: ja('coins:send.submit') }).click();
  await confirmSend(member, ['山田 太郎', '15'], ja('coins:send.submit'));
  await expect(member.getByRole('status').filter({ hasText: ja('coins:send.sent') })).toBeVisible();
  await expect.poll(() => balanceOn(member)).toBe(memberBefore - 15);
  await expect(member.getByTestId('coin-feed')).toContainText('山田 太郎さん、いつもありがとう！');

  await manager.reload();
  await expect.poll(() => balanceOn(manager)).toBe(managerBefore + 15);
  const feed = manager.getByTestId('coin-feed');
  await expect(feed).toContainText(ja('coins:feed.received').replace('{{name}}', '佐藤 花子'));
  await expect(feed).toContainText('山田 太郎さん、いつもありがとう！');

  // More than the balance: refused as it is typed (the reason beside a disabled button), nothing moves.
  await addRecipient(member, '山田 太郎');
  await member.getByLabel(ja('coins:send.amount').replace('{{name}}', '山田 太郎')).fill(String(memberBefore + 1000));
  await expect(member.getByRole('alert').filter({ hasText: ja('coins:send.overspent').split('{{')[0]! })).toBeVisible();
  await expect(member.getByRole('button', { name: ja('coins:send.submit') })).toBeDisabled();
  // An empty message is refused with the rules under the field.
  await member.getByLabel(ja('coins:send.amount').replace('{{name}}', '山田 太郎')).fill('1');
  await expect(member.getByRole('button', { name: ja('coins:send.submit') })).toBeEnabled();
  await expect(member.getByText(ja('coins:send.messageRules').replace('{{max}}', '500'))).toBeVisible();
  await member.getByRole('button', { name: ja('coins:send.submit') }).click();
  await expect(member.getByRole('alert').filter({ hasText: ja('validation:required') })).toBeVisible();
  await expect(member.getByRole('dialog')).toBeHidden();
  await member.reload();
  expect(await balanceOn(member)).toBe(memberBefore - 15);

  await managerContext.close();
  await memberContext.close();
});

test('in English: a globex member previews {nickname}, confirms and sends; an overspend is refused as it is typed', async ({ page }) => {
  const en = (key: string) => text('en', key);
  await signIn(page, ACCOUNTS.globexMember);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/send_coins');
  const balance = page.getByTestId('coin-balance');
  await expect(balance).toContainText(en('coins:send.balance').split('{{')[0]!);
  const before = Number((await balance.innerText()).replace(/[^\d]/g, ''));

  await page.getByLabel(en('coins:send.search')).fill('Grace');
  await page.getByRole('button', { name: addButtonName(en('coins:send.add'), 'Grace Hopper') }).click();
  await page.getByLabel(en('coins:send.amount').replace('{{name}}', 'Grace Hopper')).fill(String(before + 1));
  await page.getByLabel(en('coins:send.message'), { exact: true }).fill('Thank you, {nickname} & <team>!');
  await expect(page.getByText('Thank you, Grace Hopper & <team>!')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'is more than your balance' })).toBeVisible();
  await expect(page.getByRole('button', { name: en('coins:send.submit') })).toBeDisabled();

  await page.getByLabel(en('coins:send.amount').replace('{{name}}', 'Grace Hopper')).fill('2');
  await page.getByRole('button', { name: en('coins:send.submit') }).click();
  await confirmSend(page, ['Grace Hopper', 'Total: 2'], en('coins:send.submit'));
  await expect(page.getByRole('status').filter({ hasText: en('coins:send.sent') })).toBeVisible();
  await expect(page.getByTestId('coin-feed')).toContainText('Thank you, Grace Hopper & <team>!');
  await expect.poll(async () => Number((await balance.innerText()).replace(/[^\d]/g, ''))).toBe(before - 2);
});
