// Issue 20 point 8, the staff action log: the acme demo manager makes a fresh member (invited for this spec) a manager;
// the platform admin finds that action on /_admin/staff_actions filtered by organisation and kind, with the role's
// before and after; the filters live in the URL; axe in ja and en; cards without sideways scroll at 320 px. Only data of
// its own is changed: the fresh member, removed again at the end (the admin's language is put back to ja).
import { expect, type Page, test } from '@playwright/test';
import { type AuthEmulator, authEmulator } from './emulator-rest';
import { ACCOUNTS, type Language, signIn, text } from './portal-helpers';
import { apiHeaders, expectAccessible, newAcmeMember, translate } from './rewards-helpers';

const PASSWORD = 'staff-actions-password-1';

let emulator: AuthEmulator;
test.beforeAll(async ({ request }) => {
  emulator = await authEmulator(request);
});

const heading = (page: Page, language: Language) => page.getByRole('heading', { name: text(language, 'staff-actions:title'), level: 1 });

test('the admin finds a manager’s role change with its before and after, in ja and en', async ({ page, request }) => {
  const name = `ログ確認 ${Date.now().toString(36)}`;
  const fresh = await newAcmeMember(request, emulator, { prefix: 'staff-actions', name, password: PASSWORD });
  const manager = await apiHeaders(request, emulator, ACCOUNTS.acmeManager);
  const me = await (await request.get('/api/user', { headers: manager })).json();
  const acme = me.included.find((item: { type: string }) => item.type === 'organizations') as {
    id: string;
    attributes: { name: string; identifier: string };
  };
  const changed = await request.put(`/api/organizations/${acme.id}/members/${fresh.memberId}`, {
    headers: manager,
    data: { organization_member: { role: 'manager' } },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  const admin = await apiHeaders(request, emulator, ACCOUNTS.admin);
  const adminId = (await (await request.get('/api/user', { headers: admin })).json()).data.id as string;

  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, ACCOUNTS.admin);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/_admin/staff_actions');
    await expect(heading(page, 'ja')).toBeVisible();

    const filters = page.getByRole('form', { name: text('ja', 'staff-actions:filters.title') });
    await filters
      .getByLabel(text('ja', 'staff-actions:filters.organization'))
      .selectOption({ label: `${acme.attributes.name} (${acme.attributes.identifier})` });
    await filters
      .getByLabel(text('ja', 'staff-actions:filters.kind'))
      .selectOption({ label: text('ja', 'staff-actions:kinds.organizations.members.update') });
    await filters.getByRole('button', { name: text('ja', 'staff-actions:filters.apply') }).click();
    await expect(page).toHaveURL(new RegExp(`organization_id=${acme.id}.*kind=organizations.members.update`));

    const table = page.getByRole('table', { name: text('ja', 'staff-actions:table.caption') });
    const row = table.getByRole('row').filter({ hasText: `#${fresh.memberId}` });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(ACCOUNTS.acmeManager);
    await expect(row).toContainText(text('ja', 'staff-actions:role.manager'));
    await expect(row).toContainText(text('ja', 'staff-actions:kinds.organizations.members.update'));
    await expect(row).toContainText(`${acme.attributes.name} (${acme.attributes.identifier})`);
    await expect(row.getByRole('term')).toHaveText([text('ja', 'staff-actions:fields.role')]);
    await expect(row.getByRole('definition')).toHaveText([translate('ja', 'staff-actions:change', { before: 'member', after: 'manager' })]);
    await expect(row).toContainText(translate('ja', 'staff-actions:status.success', { code: 200 }));
    await expectAccessible(page);

    // The actor's name opens every action of theirs.
    await row.getByRole('link', { name: new RegExp(ACCOUNTS.acmeManager) }).click();
    await expect(page).toHaveURL(/\?actor=\d+$/);
    await expect(table.getByRole('row').filter({ hasText: `#${fresh.memberId}` })).toHaveCount(1);
    await page.goBack();

    // The URL keeps the filters: a reload shows the same view with the form filled in.
    await page.reload();
    await expect(table.getByRole('row').filter({ hasText: `#${fresh.memberId}` })).toHaveCount(1);
    await expect(filters.getByLabel(text('ja', 'staff-actions:filters.kind'))).toHaveValue('organizations.members.update');

    // A filter nothing matches shows the empty state.
    await filters.getByLabel(text('ja', 'staff-actions:filters.actor')).fill('no-such-actor-anywhere');
    await filters.getByRole('button', { name: text('ja', 'staff-actions:filters.apply') }).click();
    await expect(page.getByText(text('ja', 'staff-actions:empty'))).toBeVisible();

    // Phones: the same action as a card, nothing scrolls sideways.
    await page.goBack();
    await page.setViewportSize({ width: 320, height: 720 });
    await expect(table.getByRole('row').filter({ hasText: `#${fresh.memberId}` })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

    // English: the admin's stored language, then the same view.
    const saved = await request.put(`/api/users/${adminId}`, { headers: admin, data: { user: { language: 'en' } } });
    expect(saved.status()).toBe(200);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    await expect(heading(page, 'en')).toBeVisible();
    const english = page
      .getByRole('table', { name: text('en', 'staff-actions:table.caption') })
      .getByRole('row')
      .filter({ hasText: `#${fresh.memberId}` });
    await expect(english).toContainText(text('en', 'staff-actions:kinds.organizations.members.update'));
    await expect(english.getByRole('term')).toHaveText([text('en', 'staff-actions:fields.role')]);
    await expect(english).toContainText(translate('en', 'staff-actions:status.success', { code: 200 }));
    await expectAccessible(page);
  } finally {
    await request.put(`/api/users/${adminId}`, { headers: admin, data: { user: { language: 'ja' } } });
    await request.delete(`/api/organizations/${acme.id}/members/${fresh.memberId}`, { headers: manager });
  }
});
