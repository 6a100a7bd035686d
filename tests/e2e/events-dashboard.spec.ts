// The events list with its tag filter and past tab, and the events half of the communication dashboard, on the demo
// events of the seed (issue 4).
import { expect, test } from '@playwright/test';
import { ACCOUNTS, ja, signIn } from './portal-helpers';

test('the events list filters by tag and shows past events with their retrospection', async ({ page }) => {
  await signIn(page, ACCOUNTS.acmeMember);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/events');
  await expect(page.getByRole('link', { name: '朝ヨガ' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'オンライン勉強会: 睡眠と健康' })).toBeVisible();

  await page.getByRole('combobox', { name: ja('events:list.tagFilter') }).selectOption('準備不要');
  await expect(page.getByRole('link', { name: '朝ヨガ' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'オンライン勉強会: 睡眠と健康' })).toHaveCount(0);

  await page.getByRole('combobox', { name: ja('events:list.tagFilter') }).selectOption('');
  await page.getByRole('button', { name: ja('events:list.past') }).click();
  await page.getByRole('link', { name: '春のウォーキング大会' }).click();
  await expect(page.getByText(ja('events:status.finished'))).toBeVisible();
  await expect(page.getByRole('heading', { name: ja('events:messages.retrospectionTitle') })).toBeVisible();
  await expect(page.getByText('ご参加ありがとうございました。全員完歩です！')).toBeVisible();
  // No sidebar on the event page (spec §2).
  await expect(page.getByRole('navigation', { name: ja('portal:layout.mainMenu') })).toHaveCount(0);
});

test('the manager sees the events summary, the participation rate and every event', async ({ page }) => {
  await signIn(page, ACCOUNTS.acmeManager);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/org/acme/events');
  await expect(page.getByRole('heading', { name: ja('events:communication.title'), level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: ja('events:communication.summaryChart') })).toBeVisible();
  await expect(page.getByRole('table', { name: ja('events:communication.rateChart') })).toBeVisible();
  await expect(page.getByRole('link', { name: '春のウォーキング大会' })).toBeVisible();

  await page.getByLabel(ja('events:communication.type')).selectOption('weekly');
  await expect(page.getByRole('table', { name: ja('events:communication.summaryChart') })).toBeVisible();

  // A start after the end says so, and no chart waits for ever.
  await page.getByLabel(ja('events:communication.from'), { exact: true }).fill('2099-01-01');
  await expect(page.getByText(ja('validation:endAfterStart'))).toBeVisible();
  await expect(page.getByRole('table', { name: ja('events:communication.summaryChart') })).toHaveCount(0);
  const section = page.getByRole('region', { name: ja('events:communication.eventsTitle') });
  await expect(section.getByText(ja('events:loading'))).toHaveCount(0);
});
