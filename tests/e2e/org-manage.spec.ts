// Issue 3: groups and news under /org/acme, and the platform admin's organisation list, through the portal.
import { expect, test } from '@playwright/test';
import { ACCOUNTS, ja, signIn } from './portal-helpers';

test('a manager builds a group with a member, then deletes it after confirming', async ({ page }) => {
  const name = `チーム ${Date.now()}`;
  await signIn(page, ACCOUNTS.acmeManager);
  await expect(page).toHaveURL('/org/acme');
  await page.goto('/org/acme/groups');
  await page.getByRole('button', { name: ja('organization:groups.create') }).click();
  const dialog = page.getByRole('dialog', { name: ja('organization:groups.createTitle') });
  await dialog.getByLabel(ja('organization:groups.name')).fill(name);
  await dialog.getByRole('checkbox', { name: '佐藤 花子' }).check();
  await dialog.getByRole('button', { name: ja('organization:common.save') }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('1');

  await row.getByRole('button', { name: `${ja('organization:common.delete')}: ${name}` }).click();
  const confirmation = page.getByRole('dialog', { name: ja('organization:groups.deleteTitle') });
  await confirmation.getByRole('button', { name: ja('organization:common.delete') }).click();
  await expect(row).toBeHidden();
});

test('a manager saves news as a draft, then publishes it; once sent its publication date is locked', async ({ page }) => {
  const title = `お知らせ ${Date.now()}`;
  await signIn(page, ACCOUNTS.acmeManager);
  await expect(page).toHaveURL('/org/acme');
  await page.goto('/org/acme/news');
  await page.getByRole('button', { name: ja('organization:news.create') }).click();
  const dialog = page.getByRole('dialog', { name: ja('organization:news.createTitle') });
  await dialog.getByLabel(ja('organization:news.titleField')).fill(title);
  await dialog.getByLabel(ja('organization:news.body')).fill('今週は歩数チャレンジです');
  // Issue 21: saving no longer publishes at once; a new news is a draft unless scheduled or published now.
  await expect(dialog.getByRole('radio', { name: ja('organization:news.draft') })).toBeChecked();
  await dialog.getByRole('button', { name: ja('organization:common.save') }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText(ja('organization:news.draftBadge'));

  await row.getByRole('button', { name: `${ja('organization:common.edit')}: ${title}` }).click();
  const publish = page.getByRole('dialog', { name: ja('organization:news.editTitle') });
  await publish.getByRole('radio', { name: ja('organization:news.publishNow') }).check();
  await publish.getByRole('button', { name: ja('organization:common.save') }).click();
  await expect(publish).toBeHidden();
  await expect(row).toContainText(ja('organization:news.sent'));

  await row.getByRole('button', { name: `${ja('organization:common.edit')}: ${title}` }).click();
  const edit = page.getByRole('dialog', { name: ja('organization:news.editTitle') });
  await expect(edit.getByLabel(ja('organization:news.publishedAt'))).toBeDisabled();
  await expect(edit.getByText(ja('organization:news.publishedAtLocked'))).toBeVisible();
});

test('the platform admin creates an organisation and archives it after confirming', async ({ page }) => {
  const identifier = `e2e-${Date.now()}`;
  await signIn(page, ACCOUNTS.admin);
  await expect(page).toHaveURL('/_admin');
  await page.goto('/_admin/org');
  await page.getByRole('button', { name: ja('organization:admin.create') }).click();
  const dialog = page.getByRole('dialog', { name: ja('organization:admin.create') });
  await dialog.getByLabel(ja('organization:admin.name')).fill('E2E 株式会社');
  await dialog.getByLabel(ja('organization:admin.identifier')).fill(identifier);
  await dialog.getByRole('button', { name: ja('organization:common.save') }).click();
  await expect(dialog).toBeHidden();

  await page.getByLabel(ja('organization:admin.search')).fill(identifier);
  await page.getByRole('button', { name: ja('organization:members.searchButton') }).click();
  const row = page.getByRole('row').filter({ hasText: identifier });
  await row.getByRole('button', { name: `${ja('organization:admin.archive')}: E2E 株式会社` }).click();
  await page
    .getByRole('dialog', { name: ja('organization:admin.archiveTitle') })
    .getByRole('button', { name: ja('organization:admin.archive') })
    .click();
  await expect(row).toContainText(ja('organization:admin.archived'));
});
