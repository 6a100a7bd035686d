// The manager's side: a Slack webhook pointing at a local receiver gets the test message and the coin message's
// Block Kit; a scheduled grant is listed as pending and can be cancelled after confirmation.
import { expect, test } from '@playwright/test';
import { startFakeSlack, type FakeSlack } from '../../slack-app/src/testing/fake-slack';
import { ACCOUNTS, ja, selectPerson, signIn } from './portal-helpers';

let slack: FakeSlack;
test.beforeAll(async () => {
  slack = await startFakeSlack();
});
test.afterAll(async () => {
  await slack.close();
});

test('the manager sets the Slack webhook, sends a test message and schedules then cancels a grant', async ({ page }) => {
  await signIn(page, ACCOUNTS.acmeManager);
  await expect(page).toHaveURL(/\/org\/acme/);
  await page.goto('/org/acme/external_services');
  await expect(page.getByRole('heading', { name: ja('coins:externalServices.title') })).toBeVisible();
  await expect(page.getByText(ja('coins:externalServices.notSet'))).toBeVisible();
  await expect(page.getByText(ja('coins:externalServices.noDeliveries'))).toBeVisible();

  // The e2e server runs in development mode, where a local receiver is an acceptable webhook.
  await page.getByLabel(ja('coins:externalServices.url')).fill(`${slack.url}/services/T1/B1/e2e`);
  await page.getByRole('button', { name: ja('coins:externalServices.save'), exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: ja('coins:externalServices.saved') })).toBeVisible();
  await expect(page.getByText(ja('coins:externalServices.notSet'))).toBeHidden();
  await page.getByRole('button', { name: ja('coins:externalServices.testMessage') }).click();
  await expect(page.getByRole('status').filter({ hasText: ja('coins:externalServices.testQueued') })).toBeVisible();
  await expect.poll(() => slack.webhookPosts().length, { timeout: 15_000 }).toBeGreaterThan(0);
  expect((slack.webhookPosts()[0]!.json as { text: string }).text).toBe(ja('slack:testMessage.text'));

  await page.goto('/org/acme/kiwi_coin_transfers');
  await expect(page.getByRole('heading', { name: ja('coins:transfers.title') })).toBeVisible();
  await expect(page.getByTestId('organization-coin-balance')).toBeVisible();
  await page.getByRole('button', { name: ja('coins:transfers.grant.open') }).click();
  const dialog = page.getByRole('dialog', { name: ja('coins:transfers.grant.title') });
  await selectPerson(dialog.getByLabel(ja('coins:transfers.grant.member'), { exact: true }), '佐藤 花子');
  await dialog.getByLabel(ja('coins:transfers.grant.amount')).fill('25');
  await dialog.getByLabel(ja('coins:transfers.grant.description')).fill('来月の感謝ボーナス');
  await dialog.getByLabel(ja('coins:transfers.grant.transferredAt')).fill('2099-01-01T09:00');
  await dialog.getByRole('button', { name: ja('coins:transfers.grant.submit') }).click();
  await expect(page.getByRole('status').filter({ hasText: ja('coins:transfers.grant.scheduled') })).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: '来月の感謝ボーナス' });
  await expect(row).toContainText(ja('coins:transfers.statuses.pending'));
  await row.getByRole('button', { name: ja('coins:transfers.cancel') }).click();
  const confirm = page.getByRole('dialog', { name: ja('coins:transfers.cancelTitle') });
  await confirm.getByRole('button', { name: ja('coins:transfers.cancel') }).click();
  await expect(row).toContainText(ja('coins:transfers.statuses.canceled'));
});

test('the manager registers an embed origin for the widgets, which CORS then allows, and removes it again', async ({ page }) => {
  await signIn(page, ACCOUNTS.acmeManager);
  await expect(page).toHaveURL(/\/org\/acme/);
  await page.goto('/org/acme/external_services');
  const section = page.getByRole('region', { name: ja('coins:externalServices.embedOrigins.title') });
  // The demo seed registers the widgets demo page (tests/e2e/serve.ts serves it on E2E_DEMO_PORT, default 8081).
  await expect(section.getByRole('list', { name: ja('coins:externalServices.embedOrigins.listLabel') })).toContainText(
    `http://localhost:${process.env.E2E_DEMO_PORT ?? '8081'}`,
  );

  const field = section.getByLabel(ja('coins:externalServices.embedOrigins.newOrigin'));
  await field.fill('https://intranet.example.com/portal');
  await field.press('Enter');
  await expect(section.getByText(ja('validation:invalidOrigin'))).toBeVisible();

  const origin = 'https://intranet.example.com';
  const health = () => page.request.get('/api/health', { headers: { origin } });
  expect((await health()).status()).toBe(403);
  await field.fill('HTTPS://Intranet.Example.com/');
  await field.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: ja('coins:externalServices.embedOrigins.added') })).toBeVisible();
  await expect(section.getByText(origin, { exact: true })).toBeVisible();
  await expect(field).toHaveValue('');
  const allowed = await health();
  expect(allowed.status()).toBe(200);
  expect(allowed.headers()['access-control-allow-origin']).toBe(origin);

  await section.getByRole('button', { name: `${ja('coins:externalServices.embedOrigins.remove')}: ${origin}` }).click();
  const confirm = page.getByRole('dialog', { name: ja('coins:externalServices.embedOrigins.removeTitle').replace('{{origin}}', origin) });
  await confirm.getByRole('button', { name: ja('coins:externalServices.embedOrigins.remove') }).click();
  await expect(section.getByText(origin, { exact: true })).toBeHidden();
  expect((await health()).status()).toBe(403);
});
