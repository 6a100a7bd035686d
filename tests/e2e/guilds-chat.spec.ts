// Guild chat as two people see it at once (issue 5): a message, a reaction and a pin sent in one browser appear in the
// other without a reload; hostile text stays text; a member of another organisation cannot open the guild.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { ACCOUNTS, ja, openSignedIn, text } from './portal-helpers';

const GUILD = 'ランニング部';

const openAs = (browser: Browser, email: string) => openSignedIn(browser, email);

async function openGuild(page: Page): Promise<string> {
  await page.goto('/guilds');
  await page.getByRole('link', { name: GUILD }).click();
  await expect(page.getByRole('heading', { name: GUILD, level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: ja('guilds:chat.live.live') })).toBeVisible();
  return new URL(page.url()).pathname;
}

const log = (page: Page) => page.getByRole('log', { name: ja('guilds:chat.messages') });
const messageBy = (page: Page, body: string) => log(page).getByRole('listitem').filter({ hasText: body });

async function send(page: Page, body: string) {
  await page.getByRole('textbox', { name: ja('guilds:chat.newMessage'), exact: true }).fill(body);
  await page.getByRole('button', { name: ja('guilds:chat.send') }).click();
}

test('a message, a reaction and a pin reach the other member without reload', async ({ browser }) => {
  const member = await openAs(browser, ACCOUNTS.acmeMember);
  const manager = await openAs(browser, ACCOUNTS.acmeManager);
  const path = await openGuild(member);
  expect(await openGuild(manager)).toBe(path);

  const body = `走ったよ 🏃 ${Date.now()}`;
  await send(member, body);
  await expect(messageBy(member, body)).toBeVisible();
  await expect(messageBy(manager, body)).toBeVisible();

  // The manager reacts with the picker, by keyboard.
  const message = messageBy(manager, body);
  await message.getByRole('button', { name: text('ja', 'common:reactions.add') }).click();
  await manager.keyboard.press('ArrowRight');
  await manager.keyboard.press('Enter');
  const chip = messageBy(member, body).getByRole('button', { name: /^👏 1/ });
  await expect(chip).toBeVisible();
  await expect(chip).toHaveAttribute('aria-pressed', 'false');
  await expect(messageBy(manager, body).getByRole('button', { name: /^👏 1/ })).toHaveAttribute('aria-pressed', 'true');

  // The member toggles the same reaction: 2 in both browsers.
  await chip.click();
  await expect(messageBy(manager, body).getByRole('button', { name: /^👏 2/ })).toBeVisible();

  // The manager pins it: it shows on top for the member.
  await messageBy(manager, body)
    .getByRole('button', { name: ja('guilds:chat.pin'), exact: true })
    .click();
  const pinned = member.getByRole('region', { name: ja('guilds:chat.pinnedMessage') });
  await expect(pinned).toContainText(body);

  // A pinned message cannot be deleted (SPEC §4): its author is offered no delete button that could only fail (issue 21).
  const deleteButton = messageBy(member, body).getByRole('button', { name: ja('guilds:chat.deleteMessage') });
  await expect(deleteButton).toHaveCount(0);
  await expect(messageBy(member, body).getByRole('button', { name: ja('guilds:chat.editMessage') })).toBeVisible();

  // Unpinned by the manager: it leaves the top of the member's page, and its author may delete it again.
  await manager
    .getByRole('region', { name: ja('guilds:chat.pinnedMessage') })
    .getByRole('button', { name: ja('guilds:chat.unpin') })
    .click();
  await expect(pinned).toHaveCount(0);
  await expect(deleteButton).toBeVisible();
});

test('HTML and javascript: links in messages are shown as text and run nothing', async ({ browser }) => {
  const member = await openAs(browser, ACCOUNTS.acmeMember);
  const manager = await openAs(browser, ACCOUNTS.acmeManager);
  await openGuild(member);
  await openGuild(manager);
  const hostile = [
    '<script>window.__kiwiXss = 1</script>',
    '<img src=x onerror="window.__kiwiXss = 2">',
    '[click](javascript:window.__kiwiXss=3) javascript:window.__kiwiXss=3',
  ];
  for (const body of hostile) await send(member, body);
  await send(member, 'safe https://kiwi.example/runs ok');

  for (const page of [member, manager]) {
    for (const body of hostile) await expect(messageBy(page, body).first()).toBeVisible();
    const link = messageBy(page, 'safe https://kiwi.example/runs').getByRole('link', { name: 'https://kiwi.example/runs' });
    await expect(link).toHaveAttribute('href', 'https://kiwi.example/runs');
    await expect(link).toHaveAttribute('rel', /noopener/);
    expect(await log(page).locator('a[href^="javascript:"]').count()).toBe(0);
    expect(await log(page).locator('script, img[src="x"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __kiwiXss?: number }).__kiwiXss)).toBeUndefined();
  }
});

test('a member of another organisation cannot open the guild', async ({ browser }) => {
  const member = await openAs(browser, ACCOUNTS.acmeMember);
  const path = await openGuild(member);
  const outsider = await openAs(browser, ACCOUNTS.globexMember);
  await outsider.goto(path);
  await expect(outsider.getByRole('alert').filter({ hasText: text('en', 'errors:resource.notFound') })).toBeVisible();
  await expect(outsider.getByRole('log')).toHaveCount(0);
  await expect(outsider.getByText(GUILD)).toHaveCount(0);
  // Nor is it in their guild list.
  await outsider.goto('/guilds');
  await expect(outsider.getByRole('link', { name: 'Book club' })).toBeVisible();
  await expect(outsider.getByRole('link', { name: GUILD })).toHaveCount(0);
});

test('older messages load when the top of the chat scrolls into view', async ({ browser }) => {
  const member = await openAs(browser, ACCOUNTS.acmeMember);
  await openGuild(member);
  // More than one page (30) of newer messages pushes the seeded welcome message out of the first page.
  for (let index = 0; index < 31; index += 1) await send(member, `page filler ${index}`);
  await expect(messageBy(member, 'page filler 30')).toBeVisible();
  await expect(log(member).getByText(ja('guilds:chat.sending'))).toHaveCount(0);
  await member.reload();
  await expect(messageBy(member, 'page filler 30')).toBeVisible();
  const welcome = messageBy(member, 'ようこそ！');
  await expect(welcome).toHaveCount(0);
  await log(member).evaluate((element) => {
    element.scrollTop = 0;
  });
  await expect(welcome).toBeVisible();
  // The reader's place is kept: the newest message did not jump into view.
  await expect(messageBy(member, 'page filler 30')).not.toBeInViewport();
});

test('a manager creates a private guild with tags and invites a member, who accepts', async ({ browser }) => {
  const manager = await openAs(browser, ACCOUNTS.acmeManager);
  await manager.goto('/guilds');
  await manager.getByRole('button', { name: ja('guilds:list.create') }).click();
  await expect(manager.getByRole('heading', { name: ja('guilds:form.createTitle') })).toBeVisible();
  const name = `読書会 ${Date.now()}`;
  await manager.getByLabel(ja('guilds:form.name')).fill(name);
  await manager.getByLabel(ja('guilds:form.tags')).fill('本, 読書、本');
  await manager.getByRole('radio', { name: new RegExp(ja('guilds:publicRange.private')) }).check();
  await manager.getByRole('button', { name: ja('guilds:form.create'), exact: true }).click();
  // Duplicate tags are refused with the translated message, before anything is sent.
  await expect(manager.getByLabel(ja('guilds:form.tags'))).toHaveAttribute('aria-invalid', 'true');
  await expect(manager.getByText(ja('validation:duplicateTags').replace('{{tags}}', '本'))).toBeVisible();
  await manager.getByLabel(ja('guilds:form.tags')).fill('本, 読書');
  await manager.getByRole('button', { name: ja('guilds:form.create'), exact: true }).click();
  await expect(manager.getByRole('heading', { name, level: 1 })).toBeVisible();
  const path = new URL(manager.url()).pathname;

  // Invite member@acme.example (佐藤 花子) from the members panel.
  await manager.getByLabel(ja('guilds:members.invite')).fill('佐藤');
  await manager.getByRole('button', { name: /佐藤 花子/ }).click();
  await expect(manager.getByRole('heading', { name: ja('guilds:members.invited') })).toBeVisible();

  const member = await openAs(browser, ACCOUNTS.acmeMember);
  await member.goto(path);
  await expect(member.getByText(ja('guilds:chat.invited'))).toBeVisible();
  await expect(member.getByRole('log')).toHaveCount(0);
  await member.getByRole('button', { name: ja('guilds:chat.accept') }).click();
  await expect(member.getByRole('log', { name: ja('guilds:chat.messages') })).toBeVisible();
  await expect(member.getByRole('textbox', { name: ja('guilds:chat.newMessage'), exact: true })).toBeVisible();
});

test('a message with an image reaches the other member and opens in the image viewer', async ({ browser }) => {
  const member = await openAs(browser, ACCOUNTS.acmeMember);
  const manager = await openAs(browser, ACCOUNTS.acmeManager);
  await openGuild(member);
  await openGuild(manager);
  // A 1x1 PNG.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  await member.getByLabel(ja('guilds:chat.image'), { exact: true }).setInputFiles({ name: 'run.png', mimeType: 'image/png', buffer: png });
  // Uploaded: the composer previews it.
  await expect(member.locator('.kiwi-guild__composer img[src^="/api/images/"]')).toBeVisible();
  const body = `写真 ${Date.now()}`;
  await send(member, body);
  const received = messageBy(manager, body);
  const open = received.getByRole('button', { name: /1/ }).filter({ has: manager.locator('img[src^="/api/images/"]') });
  await expect(member.locator('.kiwi-guild__composer img[src^="/api/images/"]')).toHaveCount(0);
  await expect(open).toBeVisible();
  await open.click();
  await expect(manager.getByRole('dialog')).toBeVisible();
  await expect(manager.getByRole('dialog').locator('img[src^="/api/images/"]').first()).toBeVisible();
});
