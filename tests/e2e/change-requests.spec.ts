// Issue 20 point 4, organisation change requests: the admin makes a fresh organisation with its own manager; the
// manager asks for more seats from their organisation area, the admin approves it in the queue (the dialog shows the
// before -> after), the organisation has the new seat count and the manager sees "approved"; a second request is
// withdrawn after confirming; axe on the pages in Japanese and English, the manager's page at 320 px. Nothing seeded is
// touched: the organisation and its manager are this spec's own.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { type AuthEmulator, authEmulator, signInWithPassword } from './emulator-rest';
import { inviteAndAccept } from './org-helpers';
import { ACCOUNTS, DEMO_PASSWORD, type Language, submitLogin, text, unique } from './portal-helpers';

const PASSWORD = 'change-requests-1234';

test.use({ locale: 'ja-JP' });
test.setTimeout(300_000);

let emulator: AuthEmulator;
test.beforeAll(async ({ request }) => {
  emulator = await authEmulator(request);
});

async function bearer(request: APIRequestContext, email: string, password: string) {
  return { authorization: `Bearer ${await signInWithPassword(request, emulator, email, password)}` };
}

/** A fresh organisation (10 seats, business) and its manager, made by the admin through the API. */
async function freshOrganization(request: APIRequestContext) {
  const admin = await bearer(request, ACCOUNTS.admin, DEMO_PASSWORD);
  const suffix = unique();
  const identifier = `e2e-cr-${suffix}`;
  const name = `変更依頼 ${suffix}`;
  const created = await request.post('/api/organizations', {
    headers: admin,
    data: { organization: { name, identifier, plan: 'business', number_of_members: 10 } },
  });
  expect(created.status()).toBe(201);
  const organizationId = Number((await created.json()).data.id);
  const email = `cr-manager-${suffix}@example.com`;
  const memberId = await inviteAndAccept(request, { headers: admin, organizationId, email, name: 'CR Manager', password: PASSWORD });
  const promoted = await request.put(`/api/organizations/${organizationId}/members/${memberId}`, {
    headers: admin,
    data: { organization_member: { role: 'manager' } },
  });
  expect(promoted.ok()).toBe(true);
  return { admin, organizationId, identifier, name, email };
}

async function openAs(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'ja-JP' });
  const page = await context.newPage();
  await page.goto('/login');
  await submitLogin(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

async function expectAccessible(page: Page) {
  // The page content: the drawer is the layout's, tested by its own spec.
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`)).toEqual([]);
}

const fill = (template: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((result, [key, value]) => result.replaceAll(`{{${key}}}`, String(value)), template);

test('a manager asks for more seats, the admin approves, the organisation has them; another request is withdrawn', async ({
  browser,
  request,
}) => {
  const t = (key: string) => text('ja', `change-requests:${key}`);
  const org = await freshOrganization(request);

  // The manager asks for 25 seats.
  const manager = await openAs(browser, org.email, PASSWORD);
  await manager.goto(`/org/${org.identifier}/change_requests`);
  await expect(manager.getByRole('heading', { name: t('title'), level: 1 })).toBeVisible();
  await expect(manager.getByTestId('current-seats')).toHaveText(fill(t('seatsValue'), { count: 10 }));
  await manager.getByLabel(t('form.reason')).fill('新しい部署が加わります');
  await manager.getByRole('button', { name: t('form.submit') }).click();
  await expect(manager.getByText(text('ja', 'errors:changeRequest.noChange'))).toBeVisible();
  await manager.getByRole('radio', { name: t('form.numberSeats') }).check();
  await manager.getByLabel(t('form.numberOfMembers')).fill('25');
  await manager.getByRole('button', { name: t('form.submit') }).click();
  const asked = manager.getByTestId('change-request-row').first();
  await expect(asked.getByTestId('change-request-status')).toHaveText(t('status.pending'));
  await expect(manager.getByText(t('form.pendingNotice'))).toBeVisible();
  await expectAccessible(manager);

  // The admin approves it from the queue; the dialog shows the before -> after.
  const admin = await openAs(browser, ACCOUNTS.admin, DEMO_PASSWORD);
  await admin.goto('/_admin/change_requests');
  await expect(admin.getByRole('heading', { name: t('queue.title'), level: 1 })).toBeVisible();
  const row = admin.getByTestId('change-request-row').filter({ hasText: org.name });
  await expect(row.getByTestId('change-request-status')).toHaveText(t('status.pending'));
  await expectAccessible(admin);
  await row.getByRole('button', { name: `${t('queue.approve')}: ${org.name}` }).click();
  const dialog = admin.getByRole('dialog', { name: fill(t('queue.approveTitle'), { name: org.name }) });
  const seatsLine = fill(t('changeFromTo.seats'), { from: fill(t('seatsValue'), { count: 10 }), to: fill(t('seatsValue'), { count: 25 }) });
  await expect(dialog.getByTestId('decision-changes')).toHaveText(seatsLine);
  await expectAccessible(admin);
  await dialog.getByRole('button', { name: t('queue.approve') }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('change-request-status')).toHaveText(t('status.approved'));
  // The queue narrows to this organisation (in the address, so it can be linked).
  await row.getByRole('button', { name: `${t('queue.onlyThis')}: ${org.name}` }).click();
  await expect(admin).toHaveURL(new RegExp(`organization_id=${org.organizationId}`));
  await expect(admin.getByTestId('change-request-row')).toHaveCount(1);
  await expect(admin.getByText(fill(t('queue.organizationFilter'), { name: org.name }))).toBeVisible();

  const organization = await (await request.get(`/api/organizations/${org.organizationId}`, { headers: org.admin })).json();
  expect(organization.data.attributes).toMatchObject({ 'number-of-members': 25, plan: 'business', name: org.name });

  // The manager sees it approved and the new seat count.
  await manager.reload();
  await expect(manager.getByTestId('change-request-row').first().getByTestId('change-request-status')).toHaveText(t('status.approved'));
  await expect(manager.getByTestId('current-seats')).toHaveText(fill(t('seatsValue'), { count: 25 }));

  // A second request (the plan), withdrawn after confirming: the row stays, as withdrawn.
  await manager.getByLabel(t('form.plan')).selectOption('consumer');
  await manager.getByLabel(t('form.reason')).fill('試してみたい');
  await manager.getByRole('button', { name: t('form.submit') }).click();
  const second = manager.getByTestId('change-request-row').first();
  await expect(second.getByTestId('change-request-status')).toHaveText(t('status.pending'));
  await second.getByRole('button', { name: new RegExp(`^${t('withdraw')}:`) }).click();
  await manager
    .getByRole('dialog', { name: t('withdrawTitle') })
    .getByRole('button', { name: t('withdraw') })
    .click();
  await expect(second.getByTestId('change-request-status')).toHaveText(t('status.withdrawn'));
  await expect(manager.getByTestId('change-request-row')).toHaveCount(2);
  await expect(manager.getByTestId('current-plan')).toHaveText(t('plans.business'));
  await admin.context().close();
  await manager.context().close();
});

test('the pages in English pass axe; the manager page fits 320 px', async ({ browser, request }) => {
  const language: Language = 'en';
  const t = (key: string) => text(language, `change-requests:${key}`);
  const org = await freshOrganization(request);
  const own = await bearer(request, org.email, PASSWORD);
  const { data } = await (await request.get('/api/user', { headers: own })).json();
  expect((await request.put(`/api/users/${data.id}`, { headers: own, data: { user: { language } } })).ok()).toBe(true);
  const asked = await request.post('/api/organization_change_requests', {
    headers: own,
    data: { organization_change_request: { organization_id: org.organizationId, name: `${org.name} Holdings`, reason: 'Rebranding' } },
  });
  expect(asked.status()).toBe(201);

  const manager = await openAs(browser, org.email, PASSWORD);
  await manager.setViewportSize({ width: 320, height: 800 });
  await manager.goto(`/org/${org.identifier}/change_requests`);
  await expect(manager.getByRole('heading', { name: t('title'), level: 1 })).toBeVisible();
  await expect(manager.getByTestId('change-request-status').first()).toHaveText(t('status.pending'));
  const sideways = await manager.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(sideways).toBeLessThanOrEqual(0);
  await expectAccessible(manager);

  // The admin's reject dialog, in English: the note is required.
  const adminOwn = org.admin;
  const adminUser = (await (await request.get('/api/user', { headers: adminOwn })).json()).data;
  expect((await request.put(`/api/users/${adminUser.id}`, { headers: adminOwn, data: { user: { language } } })).ok()).toBe(true);
  try {
    const admin = await openAs(browser, ACCOUNTS.admin, DEMO_PASSWORD);
    await admin.goto('/_admin/change_requests');
    await expect(admin.getByRole('heading', { name: t('queue.title'), level: 1 })).toBeVisible();
    const row = admin.getByTestId('change-request-row').filter({ hasText: org.name }).first();
    await row.getByRole('button', { name: `${t('queue.reject')}: ${org.name}` }).click();
    const dialog = admin.getByRole('dialog', { name: fill(t('queue.rejectTitle'), { name: org.name }) });
    await dialog.getByRole('button', { name: t('queue.reject') }).click();
    await expect(dialog.getByText(text(language, 'validation:required'))).toBeVisible();
    await expectAccessible(admin);
    await dialog.getByLabel(t('queue.noteRequired')).fill('Please keep the registered name');
    await dialog.getByRole('button', { name: t('queue.reject') }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId('change-request-status')).toHaveText(t('status.rejected'));
    await admin.context().close();
  } finally {
    // The demo admin goes back to Japanese for the specs after this one.
    await request.put(`/api/users/${adminUser.id}`, { headers: adminOwn, data: { user: { language: 'ja' } } });
  }

  await manager.reload();
  await expect(manager.getByTestId('change-request-status').first()).toHaveText(t('status.rejected'));
  await expect(manager.getByText('Please keep the registered name')).toBeVisible();
  await expectAccessible(manager);
  await manager.context().close();
});
