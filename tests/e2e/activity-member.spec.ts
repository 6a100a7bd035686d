import { expect, test } from '@playwright/test';
import { formatDay, formatMonth } from '../../shared/src/i18n/format';
import { ACCOUNTS, ja, mainMenu, signIn } from './portal-helpers';

/** Yesterday in the browser's calendar (what the date input holds). */
function yesterday(): string {
  const date = new Date(Date.now() - 24 * 3600_000);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

test('a member logs a day on My activity and sees its points and coins', async ({ page }) => {
  await signIn(page, ACCOUNTS.acmeMember);
  await mainMenu(page)
    .getByRole('link', { name: ja('activity:menu.myActivity') })
    .click();
  await expect(page).toHaveURL('/activity');
  await expect(page.getByRole('heading', { level: 1, name: ja('activity:my.title') })).toBeVisible();
  await expect(page.getByText(ja('activity:my.membership.active'))).toBeVisible();

  // An empty figure is refused before anything is sent.
  const day = yesterday();
  const shownDay = formatDay(day, 'ja');
  await page.getByLabel(ja('activity:my.form.day')).fill(day);
  await page.getByRole('button', { name: ja('activity:my.form.submit') }).click();
  await expect(page.getByText(ja('validation:required')).first()).toBeVisible();

  await page.getByLabel(ja('activity:my.form.steps')).fill('8000');
  await page.getByLabel(ja('activity:my.form.workoutMinutes')).fill('30');
  await page.getByLabel(ja('activity:my.form.calories')).fill('320');
  await page.getByLabel(ja('activity:my.form.distance')).fill('5.6');
  await page.getByRole('button', { name: ja('activity:my.form.submit') }).click();

  // 8,000 steps and 30 minutes: the daily maximum of 12 points, paid as 12 coins because the day is over.
  await expect(page.getByRole('status').filter({ hasText: `${shownDay}を保存しました: 12ポイント、12コイン獲得` })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(`^${shownDay.replace(/[()]/g, '\\$&')}`) });
  await expect(row.getByRole('cell')).toHaveText([
    '8,000',
    '30分',
    '320kcal',
    '5.6km',
    '12pt',
    '12コイン',
    '手入力',
    ja('activity:my.table.edit'),
  ]);
  await expect(page.getByRole('table', { name: `${formatMonth(day.slice(0, 7), 'ja')}の日別ポイント` })).toBeVisible();

  // Correcting the day replaces its figures; the coins of a finished day were paid once.
  await row.getByRole('button', { name: `${shownDay}を編集` }).click();
  await expect(page.getByLabel(ja('activity:my.form.steps'))).toHaveValue('8000');
  await page.getByLabel(ja('activity:my.form.steps')).fill('3000');
  await page.getByLabel(ja('activity:my.form.workoutMinutes')).fill('0');
  await page.getByRole('button', { name: ja('activity:my.form.submit') }).click();
  await expect(page.getByRole('status').filter({ hasText: `${shownDay}を保存しました: 3ポイント` })).toBeVisible();
  await expect(row.getByRole('cell').nth(4)).toHaveText('3pt');
  await expect(row.getByRole('cell').nth(5)).toHaveText('12コイン');
});

test('a day in the future is refused with a translated message', async ({ page }) => {
  await signIn(page, ACCOUNTS.acmeMember);
  // Wait for the landing page: a navigation while the sign-in is still settling would land on /login.
  await expect(page).toHaveURL('/');
  await page.goto('/activity');
  const future = new Date(Date.now() + 3 * 24 * 3600_000);
  const day = `${future.getFullYear()}-${String(future.getMonth() + 1).padStart(2, '0')}-${String(future.getDate()).padStart(2, '0')}`;
  await page.getByLabel(ja('activity:my.form.day')).fill(day);
  for (const [label, value] of [
    ['steps', '1000'],
    ['workoutMinutes', '0'],
    ['calories', '0'],
    ['distance', '0'],
  ] as const) {
    await page.getByLabel(ja(`activity:my.form.${label}`)).fill(value);
  }
  await page.getByRole('button', { name: ja('activity:my.form.submit') }).click();
  await expect(page.getByText(ja('errors:activity.futureDay'))).toBeVisible();
});
