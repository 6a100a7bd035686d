// The events story of issue 4: a member creates an event with a poll and tags, the manager joins and votes, the author
// publishes it, a guest without an account joins the shared page by nickname, posts and reacts and is still that guest
// after a reload; the author cancels and everyone sees "cancelled by organiser".
import { type Browser, expect, type Page, test } from '@playwright/test';
import { ACCOUNTS, ja, signIn } from './portal-helpers';

test.describe.configure({ timeout: 120_000 });

async function openAs(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

/** yyyy-MM-ddTHH:mm in the browser's local time, days from now at a whole hour. */
function localInput(daysFromNow: number, hour: number): string {
  const date = new Date(Date.now() + daysFromNow * 24 * 3600 * 1000);
  date.setHours(hour, 0, 0, 0);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:00`;
}

const confirmDialog = async (page: Page, title: string) => {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
};

test('create with poll and tags, join and vote, share with a guest, cancel', async ({ browser }) => {
  const name = `社内ピクニック ${Date.now()}`;

  // The member creates the event: tags typed and chosen from the presets, two poll choices.
  const author = await openAs(browser, ACCOUNTS.acmeMember);
  await author.goto('/events');
  await author.getByRole('button', { name: ja('events:list.create') }).click();
  await expect(author).toHaveURL(/\/events\/new$/);
  await author.getByLabel(ja('events:form.name')).fill(name);
  await author.getByLabel(ja('events:form.startedAt')).fill(localInput(7, 11));
  await author.getByLabel(ja('events:form.endedAt')).fill(localInput(7, 14));
  await author.getByLabel(ja('events:form.tags'), { exact: true }).fill('ピクニック');
  await author.getByRole('button', { name: `+ ${ja('events:presetTags.familyWelcome')}` }).click();
  await expect(author.getByLabel(ja('events:form.tags'), { exact: true })).toHaveValue(
    `ピクニック, ${ja('events:presetTags.familyWelcome')}`,
  );
  await author.getByRole('button', { name: ja('events:form.addPollItem') }).click();
  await author.getByRole('textbox', { name: '選択肢1' }).fill('土曜日');
  await author.getByRole('button', { name: ja('events:form.addPollItem') }).click();
  await author.getByRole('textbox', { name: '選択肢2' }).fill('日曜日');
  await author.getByRole('button', { name: ja('events:form.create') }).click();

  await expect(author.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(author).toHaveURL(/\/events\/\d+$/);
  const path = new URL(author.url()).pathname;
  const eventId = path.split('/').pop();
  await expect(author.getByRole('list', { name: ja('events:form.tags') })).toContainText(`#${ja('events:presetTags.familyWelcome')}`);

  // The manager finds it in the list, joins and votes.
  const manager = await openAs(browser, ACCOUNTS.acmeManager);
  await manager.goto('/events');
  await manager.getByRole('link', { name }).click();
  await expect(manager.getByRole('heading', { name, level: 1 })).toBeVisible();
  await manager.getByRole('button', { name: ja('events:detail.join'), exact: true }).click();
  await expect(manager.getByRole('button', { name: ja('events:detail.leave') })).toBeVisible();
  const saturday = manager.getByRole('checkbox', { name: /土曜日/ });
  await expect(saturday).toBeEnabled();
  // The box follows the server's answer, so it is clicked and then awaited rather than check()ed.
  await saturday.click();
  await expect(saturday).toBeChecked();
  await expect(manager.getByText('1票')).toBeVisible();

  // The author publishes it externally (after confirming).
  await author.reload();
  await author.getByRole('button', { name: ja('events:organiser.publish') }).click();
  await confirmDialog(author, ja('events:organiser.publishTitle'));
  await expect(author.getByRole('button', { name: ja('events:organiser.unpublish') })).toBeVisible();

  // Someone without an account opens the shared page and joins as a guest.
  const guest = await (await browser.newContext()).newPage();
  await guest.goto(`/shared_events/${eventId}`);
  await expect(guest.getByRole('heading', { name, level: 1 })).toBeVisible();
  await guest.getByLabel(ja('events:shared.nickname')).fill('ゲスト花子');
  await guest.getByRole('button', { name: ja('events:shared.join'), exact: true }).click();
  await expect(guest.getByText('ゲスト花子として参加しています')).toBeVisible();

  await guest.getByLabel(ja('events:messages.chatLabel')).fill('ゲストです。よろしくお願いします！');
  await guest.getByRole('button', { name: ja('events:messages.send') }).click();
  const message = guest.getByRole('listitem', { name: 'ゲスト花子さんのメッセージ' });
  await expect(message).toContainText('ゲストです。よろしくお願いします！');
  // The author's open page shows it without a reload (the event's change stream).
  await expect(author.getByRole('listitem', { name: 'ゲスト花子さんのメッセージ' })).toContainText('ゲストです。よろしくお願いします！');
  await message.getByRole('button', { name: ja('common:reactions.add') }).click();
  await guest.keyboard.press('Enter');
  await expect(message.getByRole('button', { name: /^👍 1/ })).toHaveAttribute('aria-pressed', 'true');

  // After a reload the browser still knows the guest.
  await guest.reload();
  await expect(guest.getByText('ゲスト花子として参加しています')).toBeVisible();
  await expect(guest.getByRole('listitem', { name: 'ゲスト花子さんのメッセージ' }).getByRole('button', { name: /^👍 1/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // The author cancels; everyone sees "cancelled by organiser".
  await author.getByRole('button', { name: ja('events:organiser.cancel') }).click();
  await confirmDialog(author, ja('events:organiser.cancelTitle'));
  const cancelled = ja('events:status.cancelled');
  await expect(author.getByText(cancelled)).toBeVisible();
  await manager.reload();
  await expect(manager.getByText(cancelled)).toBeVisible();
  await guest.reload();
  await expect(guest.getByText(cancelled)).toBeVisible();
});
