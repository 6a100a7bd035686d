// The widgets (issue 8), built with preact and served by the server, on the demo intranet page of a second origin
// (http://localhost:E2E_DEMO_PORT, registered for acme by the demo seed): one sign-in signs in every widget, joining,
// chatting (seen live in the portal), coins and a survey from the intranet, host CSS that stays out, elements that are
// removed and added back, a page of an unregistered origin, token handover, hostile text, language, 320 px.
// The tests share one server and database (fresh for each run, tests/e2e/serve.ts) and run in file order: the member
// joins the demo event and answers the demo survey once, in their own tests (the 320 px test, before them, sees both
// unanswered); every test opens a new browser context (no sign-in carries over).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { authEmulator, signInWithPassword } from './emulator-rest';
import { ACCOUNTS, addButtonName, DEMO_PASSWORD, signIn, text } from './portal-helpers';

const DEMO = `http://localhost:${process.env.E2E_DEMO_PORT ?? 8081}/`;
const ja = (key: string) => text('ja', key);
const en = (key: string) => text('en', key);
/** A translation up to its first interpolation ("...({{origin}})..." -> "..."). */
const lead = (value: string) => value.split('{{')[0]!;

const MEMBER_NAME = '佐藤 花子';
const WIDGETS = ['event-widget', 'shared-event-widget', 'guild-widget', 'coin-widget', 'survey-widget', 'walking-widget'] as const;
const KIWI_EVENTS = [
  'kiwi-signed-in',
  'kiwi-signed-out',
  'kiwi-event-joined',
  'kiwi-message-sent',
  'kiwi-coins-sent',
  'kiwi-survey-answered',
];

type HostEvent = { type: string; target: string; detail: Record<string, unknown> | null; bubbles: boolean; composed: boolean };

test.use({ locale: 'ja-JP' });

/** The demo page, recording every kiwi-* DOM event the widgets dispatch (as the page's own log does). */
async function openDemo(page: Page, url = DEMO) {
  await page.addInitScript((names) => {
    const recorded: unknown[] = [];
    Object.assign(window, { kiwiEvents: recorded });
    for (const name of names) {
      document.addEventListener(name, (event) => {
        const { detail, bubbles, composed, target } = event as CustomEvent;
        recorded.push({ type: name, target: (target as Element).id, detail, bubbles, composed });
      });
    }
  }, KIWI_EVENTS);
  // A script from any text would open a dialog or set a global.
  page.on('dialog', (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
  await page.goto(url);
}

const hostEvents = (page: Page, type?: string) =>
  page.evaluate(
    (wanted) => ((window as unknown as { kiwiEvents: HostEvent[] }).kiwiEvents ?? []).filter((event) => !wanted || event.type === wanted),
    type,
  );

const widget = (page: Page, id: (typeof WIDGETS)[number]) => page.locator(`#${id}`);
const signInForm = (root: Locator, language: 'ja' | 'en' = 'ja') =>
  root.getByRole('form', { name: text(language, 'widgets:signIn.title') });
const signedInHeader = (root: Locator) => root.getByText(ja('widgets:signedInAs').replace('{{name}}', MEMBER_NAME));

/** The focused element: the page's element holding it, and the `part` of the focused element in its shadow root. */
const focusedPart = (page: Page) =>
  page.evaluate(() => ({
    host: document.activeElement?.id ?? null,
    part: document.activeElement?.shadowRoot?.activeElement?.getAttribute('part') ?? null,
  }));

async function signInWithin(root: Locator, email: string = ACCOUNTS.acmeMember) {
  const form = signInForm(root);
  await form.getByLabel(ja('widgets:signIn.email')).fill(email);
  await form.getByLabel(ja('widgets:signIn.password')).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: ja('widgets:signIn.submit'), exact: true }).click();
}

/** The demo page with member@acme.example signed in (through the coin widget's form). */
async function openSignedIn(page: Page) {
  await openDemo(page);
  await signInWithin(widget(page, 'coin-widget'));
  for (const id of WIDGETS) await expect(signedInHeader(widget(page, id))).toBeVisible();
}

test('signing in inside one widget signs in all of them; tokens stay out of the DOM and the events', async ({ page }) => {
  // The widgets share one session: one GET /api/user per sign-in, whatever the number of widgets.
  const userCalls: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/user') userCalls.push(request.url());
  });
  await openDemo(page);
  for (const id of WIDGETS.filter((id) => id !== 'shared-event-widget')) await expect(signInForm(widget(page, id))).toBeVisible();

  // Validation and Firebase errors as the portal shows them.
  const coins = widget(page, 'coin-widget');
  await signInForm(coins)
    .getByRole('button', { name: ja('widgets:signIn.submit'), exact: true })
    .click();
  await expect(signInForm(coins).getByText(ja('validation:required')).first()).toBeVisible();
  await signInForm(coins).getByLabel(ja('widgets:signIn.email')).fill(ACCOUNTS.acmeMember);
  await signInForm(coins).getByLabel(ja('widgets:signIn.password')).fill('wrong-password');
  await signInForm(coins)
    .getByRole('button', { name: ja('widgets:signIn.submit'), exact: true })
    .click();
  await expect(coins.getByRole('alert').filter({ hasText: /パスワード|メールアドレス/ })).toBeVisible();

  await signInWithin(coins);
  for (const id of WIDGETS) await expect(signedInHeader(widget(page, id))).toBeVisible();
  await expect(widget(page, 'coin-widget').getByRole('heading', { name: ja('coins:send.title') })).toBeVisible();
  // The form's button is gone: focus moved to the widget's content, not to the page's <body>.
  await expect.poll(() => focusedPart(page)).toEqual({ host: 'coin-widget', part: 'content' });
  await expect(widget(page, 'survey-widget').getByRole('button', { name: ja('surveys:answer.submit') })).toBeVisible();

  // One kiwi-signed-in per widget: it bubbles out of the shadow root, names the user and the organisation, no token.
  await expect.poll(async () => (await hostEvents(page, 'kiwi-signed-in')).length).toBe(WIDGETS.length);
  const signedIn = await hostEvents(page, 'kiwi-signed-in');
  expect(new Set(signedIn.map((event) => event.target))).toEqual(new Set(WIDGETS));
  for (const event of signedIn) {
    expect(event).toMatchObject({ bubbles: true, composed: true });
    expect(Object.keys(event.detail ?? {}).sort()).toEqual(['organizationId', 'userId']);
  }
  expect(userCalls).toHaveLength(1);

  // The ID token (in the widgets' Firebase storage) is in no attribute, no shadow root and no event.
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('firebase:authUser:') && name.endsWith(':kiwi-widgets'));
    return key ? (JSON.parse(localStorage.getItem(key)!) as { stsTokenManager: { accessToken: string } }).stsTokenManager.accessToken : '';
  });
  expect(token.length).toBeGreaterThan(20);
  const dom = await page.evaluate(() => {
    const parts: string[] = [document.documentElement.outerHTML];
    const walk = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll('*')) {
        for (const name of element.getAttributeNames()) parts.push(element.getAttribute(name) ?? '');
        if (element.shadowRoot) {
          parts.push(element.shadowRoot.innerHTML);
          walk(element.shadowRoot);
        }
      }
    };
    walk(document);
    return parts.join('\n');
  });
  expect(dom).not.toContain(token);
  expect(JSON.stringify(await hostEvents(page))).not.toContain(token);

  // The session persists on this origin: a reload is signed in without the form.
  await page.reload();
  for (const id of WIDGETS) await expect(signedInHeader(widget(page, id))).toBeVisible();
  expect(userCalls).toHaveLength(2);

  // Signing out in one widget signs out all of them.
  await widget(page, 'guild-widget')
    .getByRole('button', { name: ja('widgets:signOut') })
    .click();
  for (const id of WIDGETS.filter((id) => id !== 'shared-event-widget')) await expect(signInForm(widget(page, id))).toBeVisible();
  await expect.poll(() => focusedPart(page)).toEqual({ host: 'guild-widget', part: 'content' });
  await expect.poll(async () => (await hostEvents(page, 'kiwi-signed-out')).length).toBe(WIDGETS.length);
});

test('from 320 px wide nothing overflows, signed out and signed in', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 900 });
  const overflowing = () =>
    page.evaluate(() => {
      const wide: string[] = [];
      if (document.documentElement.scrollWidth > document.documentElement.clientWidth)
        wide.push(`page ${document.documentElement.scrollWidth}`);
      for (const host of document.querySelectorAll('kiwi-events, kiwi-guild-chat, kiwi-coin-message, kiwi-survey, kiwi-walking-event')) {
        const root = host.shadowRoot?.querySelector('.kiwi-root');
        if (root && root.scrollWidth > root.clientWidth) wide.push(`${host.id} ${root.scrollWidth} > ${root.clientWidth}`);
      }
      return wide;
    });
  await openDemo(page);
  await expect(signInForm(widget(page, 'coin-widget'))).toBeVisible();
  await expect(widget(page, 'shared-event-widget').getByRole('heading', { name: ja('events:shared.joinTitle') })).toBeVisible();
  expect(await overflowing()).toEqual([]);
  await signInWithin(widget(page, 'coin-widget'));
  for (const id of WIDGETS) await expect(signedInHeader(widget(page, id))).toBeVisible();
  await expect(
    widget(page, 'guild-widget')
      .getByRole('status')
      .filter({ hasText: ja('guilds:chat.live.live') }),
  ).toBeVisible();
  // The survey's title (its 0-10 scales too, as this test runs before the survey is answered below).
  await expect(widget(page, 'survey-widget').getByRole('heading', { level: 1 })).toBeVisible();
  // The walking event's rankings (their tables scroll inside their own region).
  await expect(widget(page, 'walking-widget').getByRole('table', { name: ja('walking:tabs.personalRanking') })).toBeVisible();
  expect(await overflowing()).toEqual([]);
});

test('a shared event shows without sign-in; a member joins an event from the intranet', async ({ page }) => {
  // Issue 21: the members-only event widget's probe no longer logs a 404 on every load of the page.
  const notFound: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) notFound.push(response.url());
  });
  await openDemo(page);
  const shared = widget(page, 'shared-event-widget');
  await expect(shared.getByRole('heading', { name: ja('events:shared.joinTitle') })).toBeVisible();
  await expect(shared.getByRole('button', { name: ja('widgets:signIn.memberSignIn') })).toBeVisible();
  await expect(
    signInForm(widget(page, 'event-widget')).getByRole('button', { name: ja('widgets:signIn.submit'), exact: true }),
  ).toBeVisible();
  expect(notFound).toEqual([]);

  await signInWithin(widget(page, 'event-widget'));
  const event = widget(page, 'event-widget');
  await expect(signedInHeader(event)).toBeVisible();
  const eventId = (await event.getAttribute('event-id'))!;
  await event.getByRole('button', { name: ja('events:detail.join'), exact: true }).click();
  await expect(event.getByRole('button', { name: ja('events:detail.leave') })).toBeVisible();
  await expect
    .poll(() => hostEvents(page, 'kiwi-event-joined'))
    .toEqual([{ type: 'kiwi-event-joined', target: 'event-widget', detail: { eventId }, bubbles: true, composed: true }]);

  // The confirmation dialog opens inside the widget's shadow root, styled; cancelling keeps the member joined.
  await event.getByRole('button', { name: ja('events:detail.leave') }).click();
  const dialog = event.getByRole('dialog', { name: ja('events:detail.leaveTitle') });
  await expect(dialog).toBeVisible();
  expect(
    await page.evaluate(() => ({
      inShadow: Boolean(document.getElementById('event-widget')!.shadowRoot!.querySelector('dialog[open]')),
      inDocument: document.querySelectorAll('dialog').length,
    })),
  ).toEqual({ inShadow: true, inDocument: 0 });
  expect(await dialog.evaluate((element) => getComputedStyle(element).borderRadius)).toBe('8px');
  await dialog.getByRole('button', { name: ja('common:actions.cancel') }).click();
  await expect(dialog).toBeHidden();
  await expect(event.getByRole('button', { name: ja('events:detail.leave') })).toBeVisible();
});

async function portalGuildPage(browser: Browser, guildId: string): Promise<{ context: BrowserContext; portal: Page }> {
  const context = await browser.newContext({ locale: 'ja-JP' });
  const portal = await context.newPage();
  await signIn(portal, ACCOUNTS.acmeManager);
  await expect(portal).toHaveURL(/\/org\//);
  await portal.goto(`/guilds/${guildId}`);
  await expect(portal.getByRole('status').filter({ hasText: ja('guilds:chat.live.live') })).toBeVisible();
  return { context, portal };
}

test('a guild message sent in the widget appears on the portal guild page without reload; hostile text stays text', async ({
  page,
  browser,
}) => {
  await openSignedIn(page);
  const guild = widget(page, 'guild-widget');
  const guildId = (await guild.getAttribute('guild-id'))!;
  await expect(guild.getByRole('status').filter({ hasText: ja('guilds:chat.live.live') })).toBeVisible();
  const { context, portal } = await portalGuildPage(browser, guildId);

  const body = `イントラネットから 🏃 ${Date.now()} <img src=x onerror="window.kiwiXss=1"><script>window.kiwiXss=2</script>`;
  await guild.getByRole('textbox', { name: ja('guilds:chat.newMessage'), exact: true }).fill(body);
  await guild.getByRole('button', { name: ja('guilds:chat.send') }).click();
  const log = guild.getByRole('log', { name: ja('guilds:chat.messages') });
  await expect(log.getByRole('listitem').filter({ hasText: body })).toBeVisible();
  await expect(
    portal
      .getByRole('log', { name: ja('guilds:chat.messages') })
      .getByRole('listitem')
      .filter({ hasText: body }),
  ).toBeVisible();

  // The emoji picker opens inside the shadow root, within the viewport; the reaction reaches the portal live.
  const mine = log.getByRole('listitem').filter({ hasText: body });
  await mine.getByRole('button', { name: ja('common:reactions.add') }).click();
  const picker = guild.getByRole('dialog', { name: ja('common:reactions.add') });
  await expect(picker).toBeVisible();
  const box = (await picker.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(
    await page.evaluate(() => Boolean(document.getElementById('guild-widget')!.shadowRoot!.querySelector('.kiwi-emoji-picker__popover'))),
  ).toBe(true);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(picker).toBeHidden();
  await expect(mine.getByRole('button', { name: /^👏 1/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(
    portal
      .getByRole('log', { name: ja('guilds:chat.messages') })
      .getByRole('listitem')
      .filter({ hasText: body })
      .getByRole('button', { name: /^👏 1/ }),
  ).toBeVisible();

  // At the top of the chat log there is no room above a message inside the log (it clips): the picker opens below its
  // trigger, inside the log, as floating-ui places it in the portal.
  await log.evaluate((element) => element.scrollTo({ top: 0 }));
  await log
    .getByRole('listitem')
    .first()
    .getByRole('button', { name: ja('common:reactions.add') })
    .click();
  await expect(picker).toBeVisible();
  await expect
    .poll(async () => {
      const [box, logBox] = [(await picker.boundingBox())!, (await log.boundingBox())!];
      return box.y >= logBox.y && box.y + box.height <= logBox.y + logBox.height;
    })
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();

  await expect.poll(async () => (await hostEvents(page, 'kiwi-message-sent')).length).toBe(1);
  const [sent] = await hostEvents(page, 'kiwi-message-sent');
  expect(sent!.detail).toEqual({ guildId, messageId: expect.stringMatching(/^\d+$/) });
  // Neither the widget nor the portal ran the text.
  expect(await page.evaluate(() => (window as unknown as { kiwiXss?: number }).kiwiXss)).toBeUndefined();
  expect(await portal.evaluate(() => (window as unknown as { kiwiXss?: number }).kiwiXss)).toBeUndefined();
  expect(await guild.locator('img[src="x"]').count()).toBe(0);
  await context.close();
});

test('coins are sent from the coin widget, and the host page hears how many to whom', async ({ page }) => {
  await openSignedIn(page);
  const coins = widget(page, 'coin-widget');
  await coins.getByLabel(ja('coins:send.search')).fill('山田');
  await coins.getByRole('button', { name: addButtonName(ja('coins:send.add'), '山田 太郎') }).click();
  await coins.getByLabel(ja('coins:send.amount').replace('{{name}}', '山田 太郎')).fill('3');
  await coins.getByLabel(ja('coins:send.message'), { exact: true }).fill('{name}さん、ウィジェットからありがとう！');
  // The recipient row wraps at 320 px inside the widget too.
  await page.setViewportSize({ width: 320, height: 720 });
  const row = coins.locator('.kiwi-coins__recipient');
  expect(await row.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
  await coins.getByRole('button', { name: ja('coins:send.submit') }).click();
  // Confirmed in the shared dialog (inside the widget's shadow root) before anything is sent.
  const dialog = coins.getByRole('dialog');
  await expect(dialog).toContainText('山田 太郎');
  expect(await hostEvents(page, 'kiwi-coins-sent')).toHaveLength(0);
  await dialog.getByRole('button', { name: ja('coins:send.submit') }).click();
  await expect(coins.getByRole('status').filter({ hasText: ja('coins:send.sent') })).toBeVisible();
  await expect(coins.getByTestId('coin-feed')).toContainText('山田 太郎さん、ウィジェットからありがとう！');
  await expect.poll(async () => (await hostEvents(page, 'kiwi-coins-sent')).length).toBe(1);
  const [sent] = await hostEvents(page, 'kiwi-coins-sent');
  expect(sent!.detail).toEqual({ amount: 3, receiverIds: [expect.stringMatching(/^\d+$/)] });
});

test('a survey is answered in the survey widget', async ({ page }) => {
  await openSignedIn(page);
  const survey = widget(page, 'survey-widget');
  const surveyId = (await survey.getAttribute('survey-id'))!;
  const questions = survey.locator('fieldset.kiwi-survey__question');
  await expect(questions).toHaveCount(15);
  for (let index = 0; index < 15; index += 1) await questions.nth(index).getByRole('radio', { name: '7', exact: true }).check();
  await survey.getByRole('button', { name: ja('surveys:answer.submit') }).click();
  await expect(survey.getByText(ja('surveys:answer.thanks'))).toBeVisible();
  await expect
    .poll(() => hostEvents(page, 'kiwi-survey-answered'))
    .toEqual([{ type: 'kiwi-survey-answered', target: 'survey-widget', detail: { surveyId }, bubbles: true, composed: true }]);
});

test("the host page's CSS does not reach the widget text, and the widgets add no CSS to the page", async ({ page }) => {
  await openDemo(page);
  const headStyles = await page.evaluate(() => document.head.querySelectorAll('style, link[rel="stylesheet"]').length);
  await page.addStyleTag({
    content:
      '* { color: red !important; font-family: serif !important; line-height: 4 !important; } :root { --color-text: red; --color-primary: red; --kiwi-text: initial; }',
  });
  const title = signInForm(widget(page, 'guild-widget')).getByRole('heading', { name: ja('widgets:signIn.title') });
  await expect(title).toBeVisible();
  const style = await title.evaluate((element) => {
    const computed = getComputedStyle(element);
    return { color: computed.color, font: computed.fontFamily, lineHeight: computed.lineHeight };
  });
  expect(style.color).toBe('rgb(31, 42, 31)');
  expect(style.font).not.toBe('serif');
  expect(style.lineHeight).not.toBe('4');
  // The same rule does reach the page's own text and the host element itself.
  expect(await page.locator('#news-title').evaluate((element) => getComputedStyle(element).color)).toBe('rgb(255, 0, 0)');
  // Internal tokens stay ours (the page's --color-primary is red) and the public theming ones work.
  const guildButton = signInForm(widget(page, 'guild-widget')).getByRole('button', { name: ja('widgets:signIn.submit'), exact: true });
  // The button's sheet may be adopted a moment after the form shows (it comes with the form's chunk): poll.
  await expect.poll(() => guildButton.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(46, 125, 50)');
  const coinButton = signInForm(widget(page, 'coin-widget')).getByRole('button', { name: ja('widgets:signIn.submit'), exact: true });
  await expect.poll(() => coinButton.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(31, 58, 95)');
  // Nothing of ours in the page's head or document sheets; the styles live in the shadow roots.
  expect(await page.evaluate(() => document.head.querySelectorAll('style, link[rel="stylesheet"]').length)).toBe(headStyles + 1);
  expect(await page.evaluate(() => document.adoptedStyleSheets.length)).toBe(0);
  expect(await page.evaluate(() => document.querySelector('#coin-widget')!.shadowRoot!.adoptedStyleSheets.length)).toBeGreaterThan(3);
  expect(await page.evaluate(() => document.querySelectorAll('.kiwi-root, .kiwi-button').length)).toBe(0);
});

test('removing an element ends its live stream; adding it back shows it again', async ({ page }) => {
  await openSignedIn(page);
  const guild = widget(page, 'guild-widget');
  await expect(guild.getByRole('status').filter({ hasText: ja('guilds:chat.live.live') })).toBeVisible();
  const guildStream = /\/api\/guilds\/\d+\/stream/;
  const aborted = page.waitForEvent('requestfailed', (request) => guildStream.test(request.url()));
  await page.evaluate(() => {
    const element = document.getElementById('guild-widget')!;
    (window as unknown as { removed: Element }).removed = element;
    element.remove();
  });
  expect((await aborted).failure()?.errorText).toMatch(/ABORTED/);
  await expect(guild).toHaveCount(0);

  const reopened = page.waitForRequest((request) => guildStream.test(request.url()));
  await page.evaluate(() => document.getElementById('guild')!.append((window as unknown as { removed: Element }).removed));
  await reopened;
  await expect(signedInHeader(guild)).toBeVisible();
  await expect(guild.getByRole('status').filter({ hasText: ja('guilds:chat.live.live') })).toBeVisible();

  // Moved around many times (removed and added back in the same task, or a task later): one live stream stays open.
  const streams = new Set<object>();
  page.on('request', (request) => {
    if (guildStream.test(request.url())) streams.add(request);
  });
  const ended = (request: object) => streams.delete(request);
  page.on('requestfailed', ended);
  page.on('requestfinished', ended);
  await page.evaluate(async () => {
    const element = document.getElementById('guild-widget')!;
    const nextTask = () => new Promise((resolve) => setTimeout(resolve));
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let round = 0; round < 6; round += 1) {
      element.remove();
      if (round % 2) await nextTask();
      document.getElementById(round % 3 ? 'guild' : 'coins')!.append(element);
      await (round % 2 ? nextFrame() : nextTask());
    }
  });
  await expect(guild.getByRole('status').filter({ hasText: ja('guilds:chat.live.live') })).toBeVisible();
  await expect.poll(() => streams.size).toBe(1);

  // A new element made by the page works as well.
  await page.evaluate(() => {
    const element = document.createElement('kiwi-coin-message');
    element.id = 'late-coins';
    element.setAttribute('organization', 'acme');
    document.getElementById('coins')!.append(element);
  });
  await expect(page.locator('#late-coins').getByRole('heading', { name: ja('coins:send.title') })).toBeVisible();
});

test('a page of an origin nobody registered gets CORS refusals and a clear widget error', async ({ page, request }) => {
  const html = await (await request.get(DEMO)).text();
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  try {
    const refused: string[] = [];
    page.on('requestfailed', (failed) => {
      if (failed.url().includes('/api/')) refused.push(failed.url());
    });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await openDemo(page, `${origin}/`);
    const unreachable = lead(ja('widgets:error.unreachable'));
    for (const id of WIDGETS) {
      const alert = widget(page, id).getByRole('alert');
      await expect(alert).toContainText(unreachable);
      await expect(alert).toContainText(origin);
      await expect(widget(page, id).getByRole('button', { name: ja('widgets:retry') })).toBeVisible();
    }
    expect(refused.some((url) => url.includes('/api/client_config'))).toBe(true);
    expect(warnings.join('\n')).toContain('embed origin');
    // The API itself refuses the origin.
    const direct = await request.get('/api/client_config', { headers: { Origin: origin } });
    expect(direct.status()).toBe(403);
    expect(direct.headers()['access-control-allow-origin']).toBeUndefined();
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

/** An unsigned token of the emulator's project that expired an hour ago (the emulator does not check signatures). */
function expiredToken(projectId: string): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return [
    encode({ alg: 'none', typ: 'JWT' }),
    encode({
      iss: `https://securetoken.google.com/${projectId}`,
      aud: projectId,
      auth_time: now - 7200,
      user_id: 'demo-acme-member',
      sub: 'demo-acme-member',
      iat: now - 7200,
      exp: now - 3600,
      email: ACCOUNTS.acmeMember,
      firebase: { identities: {}, sign_in_provider: 'password' },
    }),
    '',
  ].join('.');
}

test('a token handed over by the host signs in every widget; an expired one signs them out cleanly', async ({ page, request }) => {
  const emulator = await authEmulator(request);
  await openDemo(page);
  await expect(signInForm(widget(page, 'coin-widget'))).toBeVisible();
  const token = await signInWithPassword(request, emulator, ACCOUNTS.acmeMember, DEMO_PASSWORD);
  await page.evaluate((value) => {
    (document.getElementById('survey-widget') as HTMLElement & { idToken: string }).idToken = value;
  }, token);
  for (const id of WIDGETS) await expect(signedInHeader(widget(page, id))).toBeVisible();
  // The host owns a session it handed over: no widget offers a sign-out its next token refresh would undo.
  for (const id of WIDGETS) await expect(widget(page, id).getByRole('button', { name: ja('widgets:signOut') })).toHaveCount(0);
  // Write-only and never reflected: no attribute, nothing to read back.
  expect(
    await page.evaluate(() => {
      const element = document.getElementById('survey-widget') as HTMLElement & { idToken: unknown };
      return { attributes: element.getAttributeNames(), read: element.idToken };
    }),
  ).toEqual({ attributes: ['id', 'organization', 'survey-id'], read: null });

  await page.evaluate((value) => {
    (document.getElementById('coin-widget') as HTMLElement & { idToken: string }).idToken = value;
  }, expiredToken(emulator.projectId));
  for (const id of WIDGETS.filter((id) => id !== 'shared-event-widget')) {
    await expect(signInForm(widget(page, id))).toBeVisible();
    await expect(signInForm(widget(page, id)).getByRole('alert')).toHaveText(ja('widgets:problem.expired'));
  }
  await expect
    .poll(async () => (await hostEvents(page, 'kiwi-signed-out')).map((event) => event.detail))
    .toContainEqual({ reason: 'expired' });

  // A widget sign-in of this origin (the form, which offers sign-out), then the host's token again: the host's wins.
  await signInWithin(widget(page, 'coin-widget'));
  await expect(widget(page, 'guild-widget').getByRole('button', { name: ja('widgets:signOut') })).toBeVisible();
  const handOver = (value: string | null) =>
    page.evaluate((idToken) => {
      (document.getElementById('guild-widget') as HTMLElement & { idToken: string | null }).idToken = idToken;
    }, value);
  await handOver(token);
  await expect(widget(page, 'guild-widget').getByRole('button', { name: ja('widgets:signOut') })).toHaveCount(0);
  await expect(signedInHeader(widget(page, 'guild-widget'))).toBeVisible();
  // The host signs out (null): the widget sign-in takes over instead of signing the widgets out.
  const signedOutBefore = (await hostEvents(page, 'kiwi-signed-out')).length;
  await handOver(null);
  for (const id of WIDGETS) {
    await expect(signedInHeader(widget(page, id))).toBeVisible();
    await expect(widget(page, id).getByRole('button', { name: ja('widgets:signOut') })).toBeVisible();
  }
  expect(await hostEvents(page, 'kiwi-signed-out')).toHaveLength(signedOutBefore);
});

test('properties and a token the page set before kiwi.js defined the elements are taken over', async ({ page, request }) => {
  const emulator = await authEmulator(request);
  const token = await signInWithPassword(request, emulator, ACCOUNTS.acmeMember, DEMO_PASSWORD);
  const demo = await (await request.get(DEMO)).text();
  const sharedEventId = /id="shared-event-widget" organization="acme" event-id="(\d+)"/.exec(demo)![1]!;
  // kiwi.js is a module script (deferred): the page's own scripts may set properties on an element before it is defined.
  // Here on the event widget as soon as the parser adds it: another event, English, and the page's ID token.
  await page.addInitScript(
    ({ eventId, idToken }) => {
      const observer = new MutationObserver(() => {
        const element = document.getElementById('event-widget');
        if (!element) return;
        observer.disconnect();
        Object.assign(window, { kiwiDefinedEarly: Boolean(customElements.get('kiwi-events')) });
        Object.assign(element, { eventId, locale: 'en', idToken });
      });
      observer.observe(document, { childList: true, subtree: true });
    },
    { eventId: sharedEventId, idToken: token },
  );
  await openDemo(page);
  const early = widget(page, 'event-widget');
  // The token signed in every widget; the early one shows the other event, in English.
  await expect(early.getByText(en('widgets:signedInAs').replace('{{name}}', MEMBER_NAME))).toBeVisible();
  for (const id of WIDGETS.filter((id) => id !== 'event-widget')) await expect(signedInHeader(widget(page, id))).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { kiwiDefinedEarly: boolean }).kiwiDefinedEarly)).toBe(false);
  const name = (await widget(page, 'shared-event-widget').getByRole('heading', { level: 1 }).innerText()).trim();
  await expect(early.getByRole('heading', { level: 1, name })).toBeVisible();
  expect(
    await page.evaluate(() => {
      const element = document.getElementById('event-widget') as HTMLElement & { eventId: unknown; locale: unknown; idToken: unknown };
      return {
        eventId: element.eventId,
        locale: element.locale,
        idToken: element.idToken,
        attributes: element.getAttributeNames().sort(),
        eventIdAttribute: element.getAttribute('event-id'),
        own: ['eventId', 'locale', 'idToken'].filter((key) => Object.hasOwn(element, key)),
      };
    }),
  ).toEqual({
    eventId: sharedEventId,
    locale: 'en',
    idToken: null,
    attributes: ['event-id', 'id', 'locale', 'organization'],
    eventIdAttribute: sharedEventId,
    own: [],
  });
});

test('attributes re-render: locale, organisation, ids; a removed event-id lists the events, which open inside the widget', async ({
  page,
}) => {
  await openSignedIn(page);
  // The page's language menu sets (and removes) the locale attribute of every widget.
  await page.locator('#kiwi-locale').selectOption('en');
  await expect(widget(page, 'coin-widget').getByRole('heading', { name: en('coins:send.title') })).toBeVisible();
  await expect(widget(page, 'guild-widget').getByRole('button', { name: en('widgets:signOut') })).toBeVisible();
  await page.locator('#kiwi-locale').selectOption('');
  await expect(widget(page, 'coin-widget').getByRole('heading', { name: ja('coins:send.title') })).toBeVisible();

  // Another organisation: not a member. An unknown guild: the API's error. No guild at all: the missing attribute.
  await page.evaluate(() => document.getElementById('coin-widget')!.setAttribute('organization', 'globex'));
  await expect(widget(page, 'coin-widget').getByRole('alert')).toHaveText(
    ja('widgets:error.notMember').replace('{{organization}}', 'globex'),
  );
  await page.evaluate(() => document.getElementById('guild-widget')!.setAttribute('guild-id', '999999'));
  await expect(widget(page, 'guild-widget').getByRole('alert')).toBeVisible();
  await expect(widget(page, 'guild-widget').getByRole('alert')).not.toBeEmpty();
  await page.evaluate(() => document.getElementById('guild-widget')!.removeAttribute('guild-id'));
  await expect(widget(page, 'guild-widget').getByRole('alert')).toHaveText(
    ja('widgets:error.missingAttribute').replace('{{attribute}}', 'guild-id'),
  );
  await page.evaluate(() => document.getElementById('survey-widget')!.setAttribute('survey-id', 'abc'));
  await expect(widget(page, 'survey-widget').getByRole('alert')).not.toBeEmpty();

  // Without event-id: the list; an event opens inside the widget and Back returns to the list.
  const events = widget(page, 'event-widget');
  await page.evaluate(() => document.getElementById('event-widget')!.removeAttribute('event-id'));
  await expect(events.getByRole('heading', { name: ja('events:list.title'), level: 1 })).toBeVisible();
  const first = events.locator('.kiwi-event-card__name a').first();
  const name = (await first.innerText()).trim();
  const popups: string[] = [];
  page.context().on('page', (opened) => popups.push(opened.url()));
  await first.click();
  await expect(events.getByRole('heading', { name, level: 1 })).toBeVisible();
  await events.getByRole('button', { name: ja('events:detail.backToList') }).click();
  await expect(events.getByRole('heading', { name: ja('events:list.title'), level: 1 })).toBeVisible();
  expect(popups).toEqual([]);
});
