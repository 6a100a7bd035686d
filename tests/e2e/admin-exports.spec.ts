// Issue 20 point 7, exports: the platform admin asks for acme's score export in Shift_JIS on /_admin/exports, confirms,
// sees it queued with its progress bar and then done, downloads it with their token, and the file decodes as CP932 with
// acme's members and nobody else's; axe in ja and en, no sideways scroll at 320 px. Only its own export row is created
// (the admin's language is put back to ja).
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { authEmulator, signInWithPassword } from './emulator-rest';
import { ACCOUNTS, DEMO_PASSWORD, ja, signIn, text } from './portal-helpers';

const en = (key: string) => text('en', key);

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`)).toEqual([]);
}

test.afterAll(async ({ request }) => {
  // The admin's stored language back to ja, whatever happened (other specs sign in as the admin in Japanese).
  const token = await signInWithPassword(request, await authEmulator(request), ACCOUNTS.admin, DEMO_PASSWORD);
  const headers = { authorization: `Bearer ${token}` };
  const user = await (await request.get('/api/user', { headers })).json();
  await request.put(`/api/users/${user.data.id}`, { headers, data: { user: { language: 'ja' } } });
});

test('the admin exports acme’s scores in Shift_JIS, follows its progress and downloads a file of acme’s members', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ACCOUNTS.admin);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/_admin/exports');
  await expect(page.getByRole('heading', { name: ja('admin-exports:title'), level: 1 })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel(ja('admin-exports:form.kind')).selectOption({ label: ja('admin-exports:kinds.score') });
  await page.getByLabel(ja('admin-exports:form.organization')).selectOption({ label: 'ACME株式会社' });
  // acme's groups load for the group filter; all groups here.
  await expect(page.getByLabel(ja('admin-exports:form.group'))).toHaveValue('');
  await page.getByLabel(ja('admin-exports:encodings.shift_jis')).check();
  await page.getByRole('button', { name: ja('admin-exports:form.submit') }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('ACME株式会社');
  const posted = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/api/exports'));
  await dialog.getByRole('button', { name: ja('admin-exports:confirm.ok') }).click();
  const created = await (await posted).json();
  expect(created.data.attributes).toMatchObject({ kind: 'score', encoding: 'shift_jis', status: 'queued', 'rows-done': 0 });
  const id = created.data.id as string;

  const row = page.getByTestId(`export-${id}`);
  await expect(row).toBeVisible();
  // Queued or writing: a progress bar with its rows; the list is read again until it is done.
  const first = await row.getAttribute('data-status');
  if (first === 'queued' || first === 'running') {
    await expect(row.getByRole('progressbar', { name: ja('admin-exports:progressLabel').replace('{{id}}', id) })).toBeVisible();
  }
  await expect(row).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(row).toContainText(ja('admin-exports:status.done'));
  await expectAccessible(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: ja('admin-exports:list.download') }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^スコア_acme_\d{4}-\d{2}_\d{4}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path())!);
  const rows = parse(new TextDecoder('shift_jis', { fatal: true }).decode(bytes)) as string[][];
  expect(rows[0]).toEqual(['組織ID', '組織名', 'メンバー番号', '氏名', 'メールアドレス', '年月', '健康ポイント', '活動日数']);
  const body = rows.slice(1);
  expect(body.length).toBeGreaterThan(0);
  expect(body.every((cells) => cells[0] === 'acme' && cells[1] === 'ACME株式会社')).toBe(true);
  expect(body.map((cells) => cells[4])).toContain(ACCOUNTS.acmeMember);
  expect(body.map((cells) => cells[4])).not.toContain(ACCOUNTS.globexMember);

  // English: the same page, its strings and axe.
  await page.getByLabel(ja('common:language.label')).selectOption('en');
  await expect(page.getByRole('heading', { name: en('admin-exports:title'), level: 1 })).toBeVisible();
  await expect(row).toContainText(en('admin-exports:status.done'));
  await expectAccessible(page);
  await page.getByLabel(en('common:language.label')).selectOption('ja');
  await expect(page.getByRole('heading', { name: ja('admin-exports:title'), level: 1 })).toBeVisible();

  await page.setViewportSize({ width: 320, height: 720 });
  await expect(page.getByRole('button', { name: ja('admin-exports:form.submit') })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});
