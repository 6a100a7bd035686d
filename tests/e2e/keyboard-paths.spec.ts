// Issue 21 point 9: the main paths with the keyboard alone (Tab, Shift+Tab, Enter, Space, typing), every focused control
// showing a visible focus ring: signing in, sending coins, joining an event, posting in a guild, answering a survey.
// The spec makes its own members, event, guild and survey (specs share one server and run alphabetically), so no
// seeded state is used up.
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { type AuthEmulator, authEmulator } from './emulator-rest';
import { ACCOUNTS, addButtonName, ja, unique } from './portal-helpers';
import { apiHeaders, newAcmeMember } from './rewards-helpers';

test.setTimeout(180_000);

const PASSWORD = 'keyboard-1234';
const ANSWERS = 15;
let emulator: AuthEmulator;

test.beforeAll(async ({ request }) => {
  emulator = await authEmulator(request);
});

/**
 * The focused element draws a ring a person can see: an outline or a box shadow at least 2 px wide, in a colour that is
 * not transparent. (The browser's default ring counts too; `outline: none` with nothing else does not.)
 */
async function expectVisibleFocus(page: Page, { outsideAllowed = false } = {}) {
  const ring = await page.evaluate((outside) => {
    let element = document.activeElement;
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    // Past the page's last control Tab goes to the browser's own controls, then comes back to the first one.
    if (!element || element === document.body) return { ok: outside, what: 'nothing on the page' };
    const style = getComputedStyle(element);
    const outline =
      style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2 && !/rgba\(.*, 0\)$/.test(style.outlineColor);
    const shadow = style.boxShadow !== 'none' && !/rgba\(0, 0, 0, 0\)/.test(style.boxShadow);
    const what = `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
    return { ok: outline || shadow, what: `${what} outline ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}` };
  }, outsideAllowed);
  expect(ring.ok, `focus ring on ${ring.what}`).toBe(true);
}

/** Presses Tab (checking each focus ring on the way) until `target` has the focus. */
async function tabTo(page: Page, target: Locator, { max = 80, backwards = false } = {}) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    await expectVisibleFocus(page, { outsideAllowed: true });
    if (await target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement))) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Keyboard sign-in on /login: Tab to each field, type, Enter submits. */
async function signInWithKeyboard(page: Page, email: string, password: string) {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: ja('portal:login.title') })).toBeVisible();
  await tabTo(page, page.getByLabel(ja('portal:login.email')));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel(ja('portal:login.password')));
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/login/);
}

async function acmeId(request: APIRequestContext) {
  const manager = await apiHeaders(request, emulator, ACCOUNTS.acmeManager);
  const user = await (await request.get('/api/user', { headers: manager })).json();
  return { manager, organizationId: Number(user.included.find((item: { type: string }) => item.type === 'organizations').id) };
}

async function freshMember(request: APIRequestContext, name: string) {
  return newAcmeMember(request, emulator, { prefix: 'keyboard', name, password: PASSWORD });
}

test('sign in and send coins with the keyboard', async ({ page, request }) => {
  const { manager, organizationId } = await acmeId(request);
  const sender = await freshMember(request, `キーボード 送る ${unique()}`);
  const recipientName = `キーボード 受取 ${unique()}`;
  await freshMember(request, recipientName);
  const granted = await request.post(`/api/organizations/${organizationId}/kiwi_coin_transfers`, {
    headers: manager,
    data: { kiwi_coin_transfer: { organization_member_id: sender.memberId, amount: 50 } },
  });
  expect(granted.ok(), await granted.text()).toBe(true);

  await signInWithKeyboard(page, sender.email, PASSWORD);
  await page.goto('/send_coins');
  const search = page.getByLabel(ja('coins:send.search'));
  await tabTo(page, search);
  await page.keyboard.type(recipientName);
  await tabTo(page, page.getByRole('button', { name: addButtonName(ja('coins:send.add'), recipientName) }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByLabel(ja('coins:send.amount').replace('{{name}}', recipientName)));
  await page.keyboard.type('7');
  await tabTo(page, page.getByLabel(ja('coins:send.message'), { exact: true }));
  await page.keyboard.type('キーボードだけで送りました');
  await tabTo(page, page.getByRole('button', { name: ja('coins:send.submit') }));
  await page.keyboard.press('Enter');
  // The confirmation (recipients and amounts) is answered from the keyboard too.
  const confirm = page.getByRole('dialog');
  await expect(confirm).toBeVisible();
  await tabTo(page, confirm.getByRole('button', { name: ja('coins:send.submit') }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: ja('coins:send.sent') })).toBeVisible();
});

test('join an event with the keyboard', async ({ page, request }) => {
  const { organizationId } = await acmeId(request);
  const author = await freshMember(request, `キーボード 主催 ${unique()}`);
  const joiner = await freshMember(request, `キーボード 参加 ${unique()}`);
  const start = new Date(Date.now() + 7 * 24 * 3600 * 1000);
  const created = await request.post(`/api/organizations/${organizationId}/events`, {
    headers: author.headers,
    data: {
      event: {
        name: `キーボードの会 ${unique()}`,
        started_at: start.toISOString(),
        ended_at: new Date(start.getTime() + 3600 * 1000).toISOString(),
      },
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const eventId = (await created.json()).data.id as string;

  await signInWithKeyboard(page, joiner.email, PASSWORD);
  await page.goto(`/events/${eventId}`);
  await tabTo(page, page.getByRole('button', { name: ja('events:detail.join'), exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(ja('events:detail.joined'))).toBeVisible();
});

test('post in a guild with the keyboard', async ({ page, request }) => {
  const { organizationId } = await acmeId(request);
  const member = await freshMember(request, `キーボード ギルド ${unique()}`);
  const created = await request.post(`/api/organizations/${organizationId}/guilds`, {
    headers: member.headers,
    data: { guild: { name: `キーボード部 ${unique()}` } },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const guildId = (await created.json()).data.id as string;
  const body = `キーボードから ${unique()}`;

  await signInWithKeyboard(page, member.email, PASSWORD);
  await page.goto(`/guilds/${guildId}`);
  await tabTo(page, page.getByRole('textbox', { name: ja('guilds:chat.newMessage') }));
  await page.keyboard.type(body);
  await tabTo(page, page.getByRole('button', { name: ja('guilds:chat.send'), exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(body, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: ja('guilds:chat.newMessage') })).toHaveValue('');
});

test('answer a survey with the keyboard', async ({ page, request }) => {
  const { organizationId } = await acmeId(request);
  const admin = await apiHeaders(request, emulator, ACCOUNTS.admin);
  const title = `キーボード調査 ${unique()}`;
  const created = await request.post('/api/well_being_surveys', {
    headers: admin,
    data: {
      well_being_survey: {
        title,
        expired_at: new Date(Date.now() + 10 * 24 * 3600 * 1000).toISOString(),
        organization_ids: [organizationId],
      },
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const member = await freshMember(request, `キーボード 回答 ${unique()}`);

  await signInWithKeyboard(page, member.email, PASSWORD);
  await page.goto('/org/acme/well_being_surveys');
  await tabTo(page, page.getByRole('link', { name: `${ja('surveys:list.answer')}: ${title}` }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // Each statement is a radio group: Tab enters it, an arrow key chooses (and moves) the answer.
  const questions = page.locator('fieldset.kiwi-survey__question');
  await expect(questions).toHaveCount(ANSWERS);
  for (let index = 0; index < ANSWERS; index += 1) {
    await tabTo(page, questions.nth(index));
    await page.keyboard.press('ArrowRight');
    await expectVisibleFocus(page);
  }
  await tabTo(page, page.getByRole('button', { name: ja('surveys:answer.submit') }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(ja('surveys:answer.thanks'))).toBeVisible();
});
