// Issue 3 story: the acme manager invites a member, the mail reaches the SMTP sink, the invitee accepts in a fresh
// browser and lands on /; then the manager imports members from a CSV file and finds them in the list.
import { expect, test } from '@playwright/test';
import { invitationLink, waitForMail } from './org-helpers';
import { ACCOUNTS, ja, signIn } from './portal-helpers';

test('a manager invites a member who accepts in a fresh browser and lands on /', async ({ page, browser }) => {
  const email = `invitee-${Date.now()}@example.com`;
  await signIn(page, ACCOUNTS.acmeManager);
  await expect(page).toHaveURL('/org/acme');
  await page.goto('/org/acme/members');
  await expect(page.getByRole('heading', { name: ja('organization:members.title') })).toBeVisible();

  await page.getByRole('button', { name: ja('organization:members.invite') }).click();
  const dialog = page.getByRole('dialog', { name: ja('organization:members.form.inviteTitle') });
  await dialog.getByLabel(ja('organization:members.form.email')).fill(email);
  await dialog.getByLabel(ja('organization:members.form.name')).fill('招待 花子');
  await dialog.getByRole('button', { name: ja('organization:members.form.submitInvite') }).click();
  await expect(dialog).toBeHidden();
  await page.getByLabel(ja('organization:members.search')).fill(email);
  await page.getByRole('button', { name: ja('organization:members.searchButton') }).click();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(row.getByText(ja('organization:members.invitationPending'))).toBeVisible();

  const mail = await waitForMail(email);
  expect(mail.subject).toContain('ACME株式会社');
  const link = invitationLink(mail);

  // The invitee opens the link in a browser of their own.
  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(new URL(link).pathname + new URL(link).search);
  await expect(invitee.getByRole('heading', { name: ja('organization:invitation.title') })).toBeVisible();
  await invitee.getByLabel(ja('organization:invitation.name'), { exact: true }).fill('招待 花子');
  await invitee.getByLabel(ja('organization:invitation.password'), { exact: true }).fill('invitee-password-1');
  await invitee.getByLabel(ja('organization:invitation.passwordConfirm')).fill('invitee-password-1');
  await invitee.getByRole('button', { name: ja('organization:invitation.submit') }).click();
  await expect(invitee).toHaveURL(/\/$/);
  await expect(invitee.getByRole('button', { name: ja('portal:layout.logout') })).toBeVisible();
  await context.close();

  // The same link does not work twice.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText(ja('organization:invitation.invalid'))).toBeVisible();
});

test('a manager imports members from a CSV file and sees them in the list', async ({ page }) => {
  const stamp = Date.now();
  const csv = `メールアドレス,氏名,権限,所属,職種,グループ\nimport-a-${stamp}@example.com,取込 一郎,member,営業部,エンジニア,本社>営業部\nimport-b-${stamp}@example.com,取込 二郎,manager,"総務部,人事部",,本社>総務部\n`;
  await signIn(page, ACCOUNTS.acmeManager);
  await expect(page).toHaveURL('/org/acme');
  await page.goto('/org/acme/members');
  await page.getByRole('button', { name: ja('organization:members.importCsv') }).click();
  await page.getByLabel(ja('organization:csv.file')).setInputFiles({ name: 'members.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  // The preview shows the first rows before anything is sent.
  await expect(page.getByRole('cell', { name: `import-a-${stamp}@example.com` })).toBeVisible();
  await page.getByRole('button', { name: ja('organization:csv.submit'), exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '2' }).first()).toBeVisible();

  await page.getByLabel(ja('organization:members.search')).fill(`import-`);
  await page.getByRole('button', { name: ja('organization:members.searchButton') }).click();
  const list = page.getByRole('table', { name: ja('organization:members.title') });
  await expect(list.getByRole('row').filter({ hasText: `import-a-${stamp}@example.com` })).toContainText('取込 一郎');
  await expect(list.getByRole('row').filter({ hasText: `import-b-${stamp}@example.com` })).toContainText(
    ja('organization:members.role.manager'),
  );

  // A bad file changes nothing and lists its problems by row and column.
  await page
    .getByLabel(ja('organization:csv.file'))
    .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('email,role\nnot-an-email,owner\n') });
  await page.getByRole('button', { name: ja('organization:csv.submit'), exact: true }).click();
  // The alert above the table (the table of problems is captioned with the same words).
  await expect(page.locator('.alert', { hasText: ja('organization:csv.failed') })).toBeVisible();
  await expect(
    page
      .getByRole('alert')
      .getByRole('row')
      .filter({ hasText: ja('organization:csv.columns.role') }),
  ).toContainText('2');

  // A file with 250 bad rows: the first 200 problems are listed, and a line says how many more there are.
  const many = `email\n${Array.from({ length: 250 }, (_, index) => `bad-${index}`).join('\n')}\n`;
  await page.getByLabel(ja('organization:csv.file')).setInputFiles({ name: 'many.csv', mimeType: 'text/csv', buffer: Buffer.from(many) });
  await page.getByRole('button', { name: ja('organization:csv.submit'), exact: true }).click();
  await expect(page.getByText(ja('organization:csv.moreErrors').replace('{{count}}', '50').replace('{{shown}}', '200'))).toBeVisible();
  await expect(page.getByRole('alert').getByRole('row')).toHaveCount(201);
});
