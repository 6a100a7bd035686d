// Issue 16, cancellation: a member leaves Kiwi at /user/cancellation (password again, what is lost, the confirmation
// dialog), lands on the signed-out done page, cannot sign in any more, and their guild post shows "former member".
// The last manager of an organisation is refused. Every story uses people of its own (invited through the API), so no
// demo account changes.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type AuthEmulator, authEmulator, signInWithPassword } from './emulator-rest';
import { waitForMail } from './org-helpers';
import { ACCOUNTS, DEMO_PASSWORD, ja, submitLogin, text, unique } from './portal-helpers';

const PASSWORD = 'leaving-password-1';

let emulator: AuthEmulator;
test.beforeAll(async ({ request }) => {
  emulator = await authEmulator(request);
});

type Person = { email: string; name: string };

async function call<T = any>(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data?: unknown) {
  const response = await request.fetch(`/api${path}`, { method, headers: { authorization: `Bearer ${token}` }, data });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** The caller of `token` invites a new person into `organizationId`; they accept with PASSWORD. */
async function invitePerson(request: APIRequestContext, token: string, organizationId: string, role: 'member' | 'manager') {
  const person: Person = { email: `leave-${unique()}@example.com`, name: `退会 ${unique()}` };
  await call(request, token, 'POST', `/organizations/${organizationId}/members`, { organization_member: { ...person, role } });
  const invitation = /\/user\/invitation\?token=([A-Za-z0-9_-]+)/.exec((await waitForMail(person.email)).text)?.[1];
  const accepted = await request.post('/api/user/accept_invitation', {
    data: { user: { token: invitation, name: person.name, password: PASSWORD } },
  });
  expect(accepted.ok()).toBe(true);
  return person;
}

async function signInAs(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await submitLogin(page, email, password);
  // A member lands on home, a manager on their organisation.
  await expect(page).not.toHaveURL(/\/login/);
}

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`)).toEqual([]);
}

const fill = (line: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)), line);

test('a member leaves Kiwi: the account is closed, sign-in fails, and their guild post shows "former member"', async ({
  page,
  browser,
  request,
}) => {
  const managerToken = await signInWithPassword(request, emulator, ACCOUNTS.acmeManager, DEMO_PASSWORD);
  const me = await call(request, managerToken, 'GET', '/user');
  const acme = me.included.find((item: { type: string }) => item.type === 'organizations');
  const leaver = await invitePerson(request, managerToken, acme.id, 'member');
  const leaverToken = await signInWithPassword(request, emulator, leaver.email, PASSWORD);
  const guildName = `Leavers ${unique()}`;
  const guild = await call(request, leaverToken, 'POST', `/organizations/${acme.id}/guilds`, { guild: { name: guildName } });
  const guildPath = `/guilds/${guild.data.id}`;

  // They post in their guild.
  await signInAs(page, leaver.email);
  await page.goto(guildPath);
  const body = `またね ${unique()}`;
  await page.getByRole('textbox', { name: ja('guilds:chat.newMessage'), exact: true }).fill(body);
  await page.getByRole('button', { name: ja('guilds:chat.send') }).click();
  const log = page.getByRole('log', { name: ja('guilds:chat.messages') });
  await expect(log.getByRole('listitem').filter({ hasText: body })).toContainText(leaver.name);

  // From the profile's small link at the bottom to the cancellation page, which says what will be lost.
  await page.goto('/user/profile');
  await page.getByRole('link', { name: ja('cancellation:profileLink'), exact: true }).click();
  await expect(page).toHaveURL('/user/cancellation');
  await expect(page.getByRole('heading', { name: ja('cancellation:title'), level: 1 })).toBeVisible();
  const summary = page.getByTestId('cancellation-summary');
  await expect(summary).toContainText(fill(ja('cancellation:summary.coins'), { balance: 0 }));
  await expect(summary).toContainText(guildName);
  await expect(summary).toContainText(ja('cancellation:summary.noPendingGrants'));
  await expectAccessible(page);

  // A wrong password is refused by the identity provider, nothing happens.
  await page.getByLabel(ja('cancellation:password.label')).fill('not-my-password');
  await page.getByRole('button', { name: ja('cancellation:submit') }).click();
  const refusedPassword = [ja('errors:identity.wrong-password'), ja('errors:identity.invalid-credential')];
  await expect(page.getByRole('alert').filter({ hasText: new RegExp(refusedPassword.join('|')) })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The right one, then the shared confirmation dialog.
  await page.getByLabel(ja('cancellation:password.label')).fill(PASSWORD);
  await page.getByRole('button', { name: ja('cancellation:submit') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(ja('cancellation:confirm.body'));
  await expectAccessible(page);
  await dialog.getByRole('button', { name: ja('cancellation:confirm.ok') }).click();

  // Signed out, on the done page.
  await expect(page).toHaveURL('/user/cancellation/done');
  await expect(page.getByRole('heading', { name: ja('cancellation:done.title'), level: 1 })).toBeVisible();
  await expect(page.getByText(ja('cancellation:done.body'))).toBeVisible();
  await expectAccessible(page);

  // No way back in.
  await page.getByRole('link', { name: ja('cancellation:done.toLogin') }).click();
  await submitLogin(page, leaver.email, PASSWORD);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  // A colleague still reads the thread, the post attributed to a former member.
  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  await signInAs(colleague, ACCOUNTS.acmeManager, DEMO_PASSWORD);
  await colleague.goto(guildPath);
  const post = colleague
    .getByRole('log', { name: ja('guilds:chat.messages') })
    .getByRole('listitem')
    .filter({ hasText: body });
  await expect(post).toContainText(ja('cancellation:formerMember'));
  await expect(post).not.toContainText(leaver.name);
  await colleagueContext.close();
});

test('the last manager of an organisation is refused, in Japanese and English, and fits 360 px', async ({ page, request }) => {
  const adminToken = await signInWithPassword(request, emulator, ACCOUNTS.admin, DEMO_PASSWORD);
  const identifier = `solo-${unique()}`;
  const organization = await call(request, adminToken, 'POST', '/organizations', {
    organization: { name: `Solo ${identifier}`, identifier },
  });
  const boss = await invitePerson(request, adminToken, organization.data.id, 'manager');

  await page.setViewportSize({ width: 360, height: 740 });
  await signInAs(page, boss.email);
  await page.goto('/user/cancellation');
  await expect(page.getByRole('alert').filter({ hasText: `Solo ${identifier}` })).toHaveText(
    fill(ja('cancellation:summary.lastManager'), { organizations: `Solo ${identifier}` }),
  );
  await expect(page.getByRole('button', { name: ja('cancellation:submit') })).toBeDisabled();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expectAccessible(page);

  // The server refuses it too, with a fresh sign-in, in both languages.
  const bossToken = await signInWithPassword(request, emulator, boss.email, PASSWORD);
  for (const language of ['ja', 'en'] as const) {
    const refused = await request.post('/api/user/cancellation', {
      headers: { authorization: `Bearer ${bossToken}`, 'accept-language': language },
      data: { cancellation: { confirm: true } },
    });
    expect(refused.status()).toBe(409);
    const [error] = (await refused.json()).errors;
    expect(error.code).toBe('cancellation.lastManager');
    expect(error.detail).toBe(fill(text(language, 'errors:cancellation.lastManager'), { organizations: `Solo ${identifier}` }));
  }
  // Still there: they sign in again.
  expect(await signInWithPassword(request, emulator, boss.email, PASSWORD)).toBeTruthy();
});
