// Issue 20 point 3, the platform admin's organisations at /_admin/org: an organisation with a member is archived
// (confirmed) and deleted after its identifier is typed; the member can no longer sign in; the other organisations
// stay as they were. Then the page in English at 360 px: cards, the plan / period / seats dialog with its warning,
// unarchive. Every story creates its own organisation and people; the demo admin's language is put back.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type AuthEmulator, authEmulator } from './emulator-rest';
import { inviteAndAccept } from './org-helpers';
import { ACCOUNTS, type Language, signIn, submitLogin, text, unique } from './portal-helpers';
import { apiHeaders, expectAccessible, translate } from './rewards-helpers';

const PASSWORD = 'member-password-1';

let emulator: AuthEmulator;
test.beforeAll(async ({ request }) => {
  emulator = await authEmulator(request);
});

/** A new organisation (by the admin, through the API) with one member who accepted their invitation. */
async function organizationWithMember(request: APIRequestContext, admin: Record<string, string>) {
  const identifier = `e2e-org-${unique()}`;
  const name = `消える組織 ${identifier}`;
  const created = await request.post('/api/organizations', {
    headers: admin,
    data: { organization: { name, identifier, plan: 'business', number_of_members: 5 } },
  });
  expect(created.status()).toBe(201);
  const id = String((await created.json()).data.id);
  const email = `e2e-org-member-${unique()}@example.com`;
  await inviteAndAccept(request, { headers: admin, organizationId: id, email, name: '組織 メンバー', password: PASSWORD });
  return { id, identifier, name, email };
}

/** The admin list's figures of the organisations whose name or identifier matches `q`. */
async function listed(request: APIRequestContext, admin: Record<string, string>, q: string) {
  const response = await request.get(`/api/organizations?q[name]=${encodeURIComponent(q)}`, { headers: admin });
  return (await response.json()).data as { id: string; attributes: Record<string, unknown> }[];
}

async function openList(page: Page, language: Language, identifier: string) {
  await page.goto('/_admin/org');
  await expect(page.getByRole('heading', { name: text(language, 'organization:admin.title'), level: 1 })).toBeVisible();
  await page.getByLabel(text(language, 'organization:admin.search')).fill(identifier);
  await page.getByRole('button', { name: text(language, 'organization:members.searchButton') }).click();
  const row = page.getByRole('row').filter({ hasText: identifier });
  await expect(row).toHaveCount(1);
  return row;
}

const action = (language: Language, key: string, name: string) => `${text(language, key)}: ${name}`;

test('the admin archives an organisation, deletes it by typing its identifier, and its member cannot sign in', async ({
  page,
  browser,
  request,
}) => {
  const admin = await apiHeaders(request, emulator, ACCOUNTS.admin);
  const org = await organizationWithMember(request, admin);
  const globexBefore = await listed(request, admin, 'globex');
  const acmeBefore = await listed(request, admin, 'acme');

  await signIn(page, ACCOUNTS.admin);
  await expect(page).not.toHaveURL(/\/login/);
  const row = await openList(page, 'ja', org.identifier);
  await expect(row).toContainText(translate('ja', 'admin-organizations:seatsFigure', { used: 1, seats: 5 }));

  // Archive, confirmed.
  await row.getByRole('button', { name: action('ja', 'organization:admin.archive', org.name) }).click();
  const archiveDialog = page.getByRole('dialog', { name: text('ja', 'organization:admin.archiveTitle') });
  await archiveDialog.getByRole('button', { name: text('ja', 'organization:admin.archive') }).click();
  await expect(page.getByRole('status').filter({ hasText: text('ja', 'organization:admin.archivedDone') })).toBeVisible();
  await expect(row).toContainText(text('ja', 'organization:admin.archived'));

  // Delete: the dialog says what goes, and the button waits for the exact identifier.
  await row.getByRole('button', { name: action('ja', 'admin-organizations:actions.delete', org.name) }).click();
  const dialog = page.getByRole('dialog', { name: translate('ja', 'admin-organizations:delete.title', { name: org.name }) });
  await expect(dialog).toContainText(translate('ja', 'admin-organizations:delete.body', { members: 1 }));
  const confirm = dialog.getByRole('button', { name: text('ja', 'admin-organizations:delete.confirm') });
  const typed = dialog.getByLabel(translate('ja', 'admin-organizations:delete.typeLabel', { identifier: org.identifier }));
  await expect(confirm).toBeDisabled();
  await typed.fill(org.identifier.toUpperCase());
  await expect(confirm).toBeDisabled();
  await typed.fill(org.identifier);
  await expect(confirm).toBeEnabled();
  await expectAccessible(page);
  await confirm.click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: translate('ja', 'admin-organizations:delete.done', { identifier: org.identifier, members: 1, users: 1 }) }),
  ).toBeVisible();
  await expect(page.getByText(text('ja', 'organization:admin.empty'))).toBeVisible();
  expect(await listed(request, admin, org.identifier)).toEqual([]);

  // The member's account is gone: the sign-in form refuses them (the outbox deletes the identity account after commit).
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await expect
    .poll(
      async () =>
        (
          await request.post(`${emulator.url}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${emulator.apiKey}`, {
            data: { email: org.email, password: PASSWORD, returnSecureToken: true },
          })
        ).status(),
      { timeout: 20_000 },
    )
    .toBe(400);
  await member.goto('/login');
  await submitLogin(member, org.email, PASSWORD);
  await expect(member.getByRole('alert')).toBeVisible();
  await expect(member).toHaveURL(/\/login/);
  await memberContext.close();

  // The other organisations are as they were.
  expect(await listed(request, admin, 'globex')).toEqual(globexBefore);
  expect(await listed(request, admin, 'acme')).toEqual(acmeBefore);
});

test('in English at 360 px: cards, plan and seats with the below-members warning, unarchive, axe', async ({ page, request }) => {
  const admin = await apiHeaders(request, emulator, ACCOUNTS.admin);
  const adminId = String((await (await request.get('/api/user', { headers: admin })).json()).data.id);
  const setLanguage = async (language: Language) =>
    expect((await request.put(`/api/users/${adminId}`, { headers: admin, data: { user: { language } } })).ok()).toBe(true);
  const org = await organizationWithMember(request, admin);
  await setLanguage('en');
  try {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, ACCOUNTS.admin);
    await expect(page).not.toHaveURL(/\/login/);
    const row = await openList(page, 'en', org.identifier);
    // A card: each value labelled by its column, nothing wider than the screen.
    await expect(
      row.getByRole('cell').filter({ hasText: translate('en', 'admin-organizations:seatsFigure', { used: 1, seats: 5 }) }),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await expectAccessible(page);

    // Plan period that ends before it starts: refused at the field.
    await row.getByRole('button', { name: action('en', 'admin-organizations:actions.contract', org.name) }).click();
    const dialog = page.getByRole('dialog', { name: translate('en', 'admin-organizations:contract.title', { name: org.name }) });
    await dialog.getByLabel(text('en', 'admin-organizations:contract.plan'), { exact: true }).fill('enterprise');
    await dialog.getByLabel(text('en', 'admin-organizations:contract.planStartedAt'), { exact: true }).fill('2026-04-01');
    await dialog.getByLabel(text('en', 'admin-organizations:contract.planEndedAt'), { exact: true }).fill('2026-03-31');
    await dialog.getByRole('button', { name: text('en', 'organization:common.save') }).click();
    await expect(dialog.getByText(text('en', 'validation:endAfterStart'))).toBeVisible();
    await dialog.getByLabel(text('en', 'admin-organizations:contract.planEndedAt'), { exact: true }).fill('2027-03-31');

    // Fewer seats than the one in use: a warning first, then saved on purpose.
    await dialog.getByLabel(text('en', 'admin-organizations:contract.seats'), { exact: true }).fill('0');
    await dialog.getByRole('button', { name: text('en', 'organization:common.save') }).click();
    await expect(
      dialog.getByRole('alert').filter({ hasText: translate('en', 'admin-organizations:contract.belowWarning', { seats: 0, used: 1 }) }),
    ).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: text('en', 'admin-organizations:contract.keepAnyway') }).click();
    await expect(page.getByRole('status').filter({ hasText: text('en', 'admin-organizations:contract.saved') })).toBeVisible();
    await expect(row).toContainText(translate('en', 'admin-organizations:seatsFigure', { used: 1, seats: 0 }));
    await expect(row).toContainText('enterprise');
    const [saved] = await listed(request, admin, org.identifier);
    expect(saved?.attributes).toMatchObject({
      plan: 'enterprise',
      'plan-started-at': '2026-04-01',
      'plan-ended-at': '2027-03-31',
      'number-of-members': 0,
    });

    // Archive, then unarchive, each confirmed.
    await row.getByRole('button', { name: action('en', 'organization:admin.archive', org.name) }).click();
    await page
      .getByRole('dialog', { name: text('en', 'organization:admin.archiveTitle') })
      .getByRole('button', { name: text('en', 'organization:admin.archive') })
      .click();
    await expect(row).toContainText(text('en', 'organization:admin.archived'));
    await row.getByRole('button', { name: action('en', 'admin-organizations:actions.unarchive', org.name) }).click();
    const unarchive = page.getByRole('dialog', { name: text('en', 'admin-organizations:unarchive.title') });
    await expectAccessible(page);
    await unarchive.getByRole('button', { name: text('en', 'admin-organizations:actions.unarchive') }).click();
    await expect(page.getByRole('status').filter({ hasText: text('en', 'admin-organizations:unarchive.done') })).toBeVisible();
    await expect(row).toContainText(text('en', 'admin-organizations:active'));
  } finally {
    await setLanguage('ja');
  }
});
