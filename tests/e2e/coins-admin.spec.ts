// The platform admin's side of /_admin/kiwi_coin_transfers: every organisation's grants, a scheduled grant to another
// organisation (pending, cancellable after confirmation), filters, and the CSV export.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ACCOUNTS, ja, selectPerson, signIn } from './portal-helpers';

test('the admin lists grants across organisations, schedules and cancels one, filters and downloads CSV', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await expect(page).not.toHaveURL(/\/login/);
  const firstList = page.waitForResponse(
    (response) => response.url().includes('/api/kiwi_coin_transfers') && response.request().method() === 'GET',
  );
  await page.goto('/_admin/kiwi_coin_transfers');
  await expect(page.getByRole('heading', { name: ja('coins:transfers.adminTitle') })).toBeVisible();
  // The seed's demo balances of both organisations are listed with their organisation's name.
  const table = page.getByRole('table', { name: ja('coins:transfers.adminTitle') });
  await expect(table.getByRole('row').filter({ hasText: 'ACME株式会社' }).first()).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Globex' }).first()).toBeVisible();
  const listed = (await (await firstList).json()) as { data: { attributes: Record<string, unknown> }[] };
  const globexId = String(listed.data.find((t) => t.attributes['organization-name'] === 'Globex')!.attributes['organization-id']);

  await page.getByRole('button', { name: ja('coins:transfers.grant.open') }).click();
  const dialog = page.getByRole('dialog', { name: ja('coins:transfers.grant.title') });
  await dialog.getByLabel(ja('coins:transfers.grant.organization'), { exact: true }).selectOption({ label: 'Globex' });
  await dialog.getByLabel(ja('coins:transfers.grant.amount')).fill('40');
  await dialog.getByLabel(ja('coins:transfers.grant.description')).fill('E2E 管理者の予約付与');
  await dialog.getByLabel(ja('coins:transfers.grant.transferredAt')).fill('2099-01-01T09:00');
  await dialog.getByRole('button', { name: ja('coins:transfers.grant.submit') }).click();
  await expect(page.getByRole('status').filter({ hasText: ja('coins:transfers.grant.scheduled') })).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: 'E2E 管理者の予約付与' });
  await expect(row).toContainText('Globex');
  await expect(row).toContainText(ja('coins:transfers.statuses.pending'));

  // Filters: pending grants of Globex only.
  const filters = page.getByRole('form', { name: ja('coins:transfers.filters') });
  await filters.getByLabel(ja('coins:transfers.status')).selectOption({ label: ja('coins:transfers.statuses.pending') });
  await filters.getByLabel(ja('coins:transfers.organizationId')).fill(globexId);
  await filters.getByRole('button', { name: ja('coins:transfers.apply') }).click();
  await expect(table.getByRole('row').filter({ hasText: 'ACME株式会社' })).toHaveCount(0);
  await expect(row).toBeVisible();

  const downloading = page.waitForEvent('download');
  await filters.getByRole('button', { name: ja('coins:transfers.downloadCsv') }).click();
  const csv = await readFile((await (await downloading).path())!, 'utf8');
  expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
    'id,organization,kind,status,sender,recipient,amount,description,message,transferred_at,canceled_at,cancel_reason',
  );
  expect(csv).toContain('E2E 管理者の予約付与');
  expect(csv).not.toContain('ACME株式会社');

  await row.getByRole('button', { name: ja('coins:transfers.cancel') }).click();
  const confirm = page.getByRole('dialog', { name: ja('coins:transfers.cancelTitle') });
  await confirm.getByRole('button', { name: ja('coins:transfers.cancel') }).click();
  await expect(page.getByRole('status').filter({ hasText: ja('coins:transfers.canceled') })).toBeVisible();
  // The list was filtered to pending: the cancelled grant leaves it.
  await expect(row).toHaveCount(0);
  // Among the canceled ones it shows why, translated from the stored reason code.
  await filters.getByLabel(ja('coins:transfers.status')).selectOption({ label: ja('coins:transfers.statuses.canceled') });
  await filters.getByRole('button', { name: ja('coins:transfers.apply') }).click();
  await expect(row).toContainText(ja('coins:transfers.cancelReasons.manual'));
});

test("a manager sees the admin's scheduled grant to their organisation but cannot cancel it", async ({ browser }) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, ACCOUNTS.admin);
  await expect(admin).not.toHaveURL(/\/login/);
  await admin.goto('/_admin/kiwi_coin_transfers');
  await admin.getByRole('button', { name: ja('coins:transfers.grant.open') }).click();
  const dialog = admin.getByRole('dialog', { name: ja('coins:transfers.grant.title') });
  await dialog.getByLabel(ja('coins:transfers.grant.organization'), { exact: true }).selectOption({ label: 'ACME株式会社' });
  await selectPerson(dialog.getByLabel(ja('coins:transfers.grant.memberOptional')), '佐藤 花子');
  await dialog.getByLabel(ja('coins:transfers.grant.amount')).fill('60');
  await dialog.getByLabel(ja('coins:transfers.grant.description')).fill('E2E プラットフォームからの予約');
  await dialog.getByLabel(ja('coins:transfers.grant.transferredAt')).fill('2099-02-01T09:00');
  await dialog.getByRole('button', { name: ja('coins:transfers.grant.submit') }).click();
  await expect(admin.getByRole('status').filter({ hasText: ja('coins:transfers.grant.scheduled') })).toBeVisible();
  await adminContext.close();

  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await signIn(manager, ACCOUNTS.acmeManager);
  await expect(manager).toHaveURL(/\/org\/acme/);
  await manager.goto('/org/acme/kiwi_coin_transfers');
  const row = manager.getByRole('row').filter({ hasText: 'E2E プラットフォームからの予約' });
  await expect(row).toContainText(ja('coins:transfers.statuses.pending'));
  await expect(row).toContainText('佐藤 花子');
  await expect(row.getByRole('button', { name: ja('coins:transfers.cancel') })).toHaveCount(0);
  await managerContext.close();
});
