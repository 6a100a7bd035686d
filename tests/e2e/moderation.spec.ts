// Issue 19, violation reports: a member reports a guild message and an event message (the manager's, posted for this
// spec) from the portal; the manager finds both in the queue with their evidence, resolves the guild one (it leaves the
// member's open guild page at once) and ignores the event one; axe on the queue and the detail, the queue at phone
// width. And a guild message reported from the demo intranet page (the guild chat widget). Only new posts are
// reported, so the seeded content and the other specs' data stay as they were.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { type AuthEmulator, authEmulator } from './emulator-rest';
import { ACCOUNTS, DEMO_PASSWORD, ja, openSignedIn, unique } from './portal-helpers';
import { managerApi } from './rewards-helpers';

const GUILD = 'ランニング部';
const EVENT = '朝ヨガ';
const DEMO = `http://localhost:${process.env.E2E_DEMO_PORT ?? 8081}/`;
/** The Report button's accessible name ("{{name}}さんの投稿を通報") after the name. */
const REPORT_POST = new RegExp(`${ja('report:actionFor').split('}}')[1]}$`);

test.use({ locale: 'ja-JP' });
// Several people in several browsers: longer than one page's test.
test.setTimeout(420_000);

let emulator: AuthEmulator;
test.beforeAll(async ({ request }) => {
  emulator = await authEmulator(request);
});

/** The manager posts `body` in the demo guild and in the demo event (both theirs); their ids for the spec. */
async function managerPosts(request: APIRequestContext, guildBody: string, eventBody: string) {
  const { headers, acmeId } = await managerApi(request, emulator);
  const guilds = await (await request.get(`/api/organizations/${acmeId}/guilds`, { headers })).json();
  const guild = guilds.data.find((item: { attributes: { name: string } }) => item.attributes.name === GUILD);
  const events = await (await request.get(`/api/organizations/${acmeId}/events`, { headers, params: { per: 100 } })).json();
  const event = events.data.find((item: { attributes: { name: string } }) => item.attributes.name === EVENT);
  expect(guild && event).toBeTruthy();
  const posted = await request.post(`/api/guilds/${guild.id}/messages`, { headers, data: { guild_message: { body: guildBody } } });
  expect(posted.status()).toBe(201);
  const said = await request.post(`/api/organizations/${acmeId}/events/${event.id}/messages`, {
    headers,
    data: { event_message: { body: eventBody } },
  });
  expect(said.status()).toBe(201);
  return { guildId: String(guild.id), eventId: String(event.id) };
}

const openAs = (browser: Browser, email: string) => openSignedIn(browser, email, { locale: 'ja-JP' });

async function expectAccessible(page: Page) {
  // The page content: the organisation drawer's own colours are not this (see walking-events.spec.ts).
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`)).toEqual([]);
}

/** Reports the post in `item` through its Report button and dialog; returns the dialog (still open, thanking). */
async function report(page: Page, item: Locator, category: string, reason: string) {
  const button = item.getByRole('button', { name: REPORT_POST });
  await button.click();
  const dialog = page.getByRole('dialog', { name: ja('report:title') });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: ja(`report:categories.${category}`) }).check();
  await dialog.getByLabel(ja('report:reason')).fill(reason);
  await expect(dialog.getByText(`${[...reason].length} / 500`)).toBeVisible();
  await dialog.getByRole('button', { name: ja('report:send') }).click();
  await expect(dialog.getByRole('status')).toHaveText(ja('report:sent'));
  await dialog.getByRole('button', { name: ja('report:close') }).click();
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
  return button;
}

test('a member reports a guild and an event message; the manager resolves one and ignores the other', async ({ browser, request }) => {
  const guildBody = `通報テスト（ギルド） ${unique()}`;
  const eventBody = `通報テスト（イベント） ${unique()}`;
  const { guildId, eventId } = await managerPosts(request, guildBody, eventBody);

  // The member has the guild open (it stays open in this page) and reports the manager's message.
  const member = await openAs(browser, ACCOUNTS.acmeMember);
  await member.goto(`/guilds/${guildId}`);
  await expect(member.getByRole('status').filter({ hasText: ja('guilds:chat.live.live') })).toBeVisible();
  const log = member.getByRole('log', { name: ja('guilds:chat.messages') });
  const guildPost = log.getByRole('listitem').filter({ hasText: guildBody });
  const reportButton = await report(member, guildPost, 'harassment', '攻撃的な書き込みです');

  // A second report of the same post is refused with the coded message; Escape closes the dialog.
  await reportButton.click();
  const again = member.getByRole('dialog', { name: ja('report:title') });
  await again.getByRole('radio', { name: ja('report:categories.spam') }).check();
  await again.getByRole('button', { name: ja('report:send') }).click();
  await expect(again.getByRole('alert')).toHaveText(ja('errors:violationReport.duplicate'));
  await member.keyboard.press('Escape');
  await expect(again).toBeHidden();

  // One's own message offers no Report action.
  const own = `自分の投稿 ${unique()}`;
  await member.getByRole('textbox', { name: ja('guilds:chat.newMessage'), exact: true }).fill(own);
  await member.getByRole('button', { name: ja('guilds:chat.send') }).click();
  const ownPost = log.getByRole('listitem').filter({ hasText: own });
  await expect(ownPost.getByRole('button', { name: ja('guilds:chat.editMessage') })).toBeVisible();
  await expect(ownPost.getByRole('button', { name: new RegExp(ja('report:action')) })).toHaveCount(0);

  // The event message, from the event page in another tab of the same member.
  const eventPage = await member.context().newPage();
  await eventPage.goto(`/events/${eventId}`);
  const eventPost = eventPage.getByRole('listitem').filter({ hasText: eventBody });
  await report(eventPage, eventPost, 'spam', '宣伝です');

  // The manager's queue: both posts, newest first, with their reporters; axe.
  const manager = await openAs(browser, ACCOUNTS.acmeManager);
  await manager.goto('/org/acme/violation_reports');
  await expect(manager.getByRole('heading', { name: ja('moderation:title'), level: 1 })).toBeVisible();
  const rows = manager.getByTestId('violation-report-row');
  await expect(rows.filter({ hasText: guildBody })).toBeVisible();
  await expect(rows.filter({ hasText: eventBody })).toBeVisible();
  await expect(rows.first()).toContainText(eventBody);
  await expect(rows.filter({ hasText: guildBody })).toContainText(ja('moderation:types.GuildMessage'));
  await expect(manager.getByRole('tab', { name: new RegExp(`^${ja('moderation:status.pending')}`) })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expectAccessible(manager);

  // The guild report's detail: the evidence, the reporter's reason; axe. Resolving deletes the post.
  await rows.filter({ hasText: guildBody }).getByRole('link').click();
  await expect(manager).toHaveURL(/\/org\/acme\/violation_reports\/\d+$/);
  await expect(manager.getByTestId('report-evidence')).toContainText(guildBody);
  await expect(manager.getByRole('cell', { name: '攻撃的な書き込みです' })).toBeVisible();
  await expect(manager.getByRole('cell', { name: ja('moderation:categories.harassment') })).toBeVisible();
  await expectAccessible(manager);
  await manager.getByRole('button', { name: ja('moderation:resolve') }).click();
  const resolveDialog = manager.getByRole('dialog', { name: ja('moderation:resolveTitle') });
  await expect(resolveDialog).toContainText(ja('moderation:resolveBody'));
  await resolveDialog.getByRole('button', { name: ja('moderation:resolve') }).click();
  await expect(manager.getByTestId('report-status')).toHaveText(ja('moderation:status.resolved'));
  await expect(manager.getByTestId('report-action-log')).toContainText(ja('moderation:detail.actions.resolve'));
  // The evidence outlives the post.
  await expect(manager.getByTestId('report-evidence')).toContainText(guildBody);

  // Gone from the member's open guild page, without a reload (the guild's live stream).
  await expect(guildPost).toHaveCount(0);
  await expect(ownPost).toBeVisible();

  // The event report is ignored: the post stays.
  await manager.goto('/org/acme/violation_reports');
  await manager.getByTestId('violation-report-row').filter({ hasText: eventBody }).getByRole('link').click();
  await manager.getByRole('button', { name: ja('moderation:ignore'), exact: true }).click();
  const ignoreDialog = manager.getByRole('dialog', { name: ja('moderation:ignoreTitle') });
  await ignoreDialog.getByRole('button', { name: ja('moderation:ignore'), exact: true }).click();
  await expect(manager.getByTestId('report-status')).toHaveText(ja('moderation:status.ignored'));
  await eventPage.reload();
  await expect(eventPage.getByRole('listitem').filter({ hasText: eventBody })).toBeVisible();

  // The decided ones under their tabs; at phone width nothing scrolls sideways.
  await manager.setViewportSize({ width: 360, height: 740 });
  await manager.goto('/org/acme/violation_reports?status=resolved');
  await expect(manager.getByTestId('violation-report-row').filter({ hasText: guildBody })).toBeVisible();
  await manager.getByRole('tab', { name: new RegExp(`^${ja('moderation:status.ignored')}`) }).click();
  await expect(manager.getByTestId('violation-report-row').filter({ hasText: eventBody })).toBeVisible();
  expect(await manager.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expectAccessible(manager);
});

test('a guild message is reported from the demo intranet page (the guild chat widget)', async ({ page, request }) => {
  const body = `ウィジェットから通報 ${unique()}`;
  const { guildId } = await managerPosts(request, body, `ウィジェット用イベント投稿 ${unique()}`);
  await page.goto(DEMO);
  const coin = page.locator('#coin-widget');
  const form = coin.getByRole('form', { name: ja('widgets:signIn.title') });
  await form.getByLabel(ja('widgets:signIn.email')).fill(ACCOUNTS.acmeMember);
  await form.getByLabel(ja('widgets:signIn.password')).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: ja('widgets:signIn.submit'), exact: true }).click();
  const guild = page.locator('#guild-widget');
  expect(await guild.getAttribute('guild-id')).toBe(guildId);
  await expect(guild.getByRole('status').filter({ hasText: ja('guilds:chat.live.live') })).toBeVisible();
  const post = guild
    .getByRole('log', { name: ja('guilds:chat.messages') })
    .getByRole('listitem')
    .filter({ hasText: body });
  await expect(post).toBeVisible();
  await post.getByRole('button', { name: REPORT_POST }).click();
  const dialog = guild.getByRole('dialog', { name: ja('report:title') });
  await expect(dialog).toBeVisible();
  // No category chosen: the dialog says so and sends nothing.
  await dialog.getByRole('button', { name: ja('report:send') }).click();
  await expect(dialog.getByRole('alert')).toHaveText(ja('report:chooseCategory'));
  await dialog.getByRole('radio', { name: ja('report:categories.inappropriate') }).check();
  await dialog.getByRole('button', { name: ja('report:send') }).click();
  await expect(dialog.getByRole('status')).toHaveText(ja('report:sent'));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Focus is back on the Report button it came from.
  await expect(post.getByRole('button', { name: REPORT_POST })).toBeFocused();

  // The manager sees it in the queue; a second report of the same post is refused with the translated message.
  const { headers, acmeId } = await managerApi(request, emulator);
  const queue = await (await request.get(`/api/organizations/${acmeId}/violation_reports`, { headers })).json();
  expect(queue.data.some((row: { attributes: { excerpt: string | null } }) => row.attributes.excerpt?.includes(body))).toBe(true);
  await post.getByRole('button', { name: REPORT_POST }).click();
  await dialog.getByRole('radio', { name: ja('report:categories.spam') }).check();
  await dialog.getByRole('button', { name: ja('report:send') }).click();
  await expect(dialog.getByRole('alert')).toHaveText(ja('errors:violationReport.duplicate'));
});
