// Issue 21 point 5: date, time and month pickers in the page's language, whatever the browser's. Chromium draws its
// native date inputs in the browser's language, so the portal's date fields are text fields read in any usual spelling
// with a calendar (or a year of months) drawn in the page's language (shared/src/ui/date-input.tsx). Here a member whose
// account is in English uses a Japanese browser, and a Japanese manager picks a month, with the keyboard alone, at a
// phone's width and on a laptop, with axe on the open calendar.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { type AuthEmulator, authEmulator } from './emulator-rest';
import { ACCOUNTS, ja, submitLogin, text } from './portal-helpers';
import { newAcmeMember } from './rewards-helpers';

const PASSWORD = 'date-fields-1234';
const en = (key: string) => text('en', key);
let emulator: AuthEmulator;

test.beforeAll(async ({ request }) => {
  emulator = await authEmulator(request);
});

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The open calendar lies within the viewport (nothing to scroll sideways for on a phone). */
async function expectWithinViewport(page: Page, dialog: ReturnType<Page['getByRole']>) {
  const box = await dialog.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const viewport of [
  { width: 320, height: 640 },
  { width: 1280, height: 800 },
]) {
  test(`an English account in a Japanese browser picks its birthday from an English calendar by keyboard (${viewport.width} px)`, async ({
    browser,
    request,
  }) => {
    const { email, headers } = await newAcmeMember(request, emulator, { prefix: 'date-fields', name: 'Date Fields', password: PASSWORD });
    const me = await (await request.get('/api/user', { headers })).json();
    expect((await request.put(`/api/users/${me.data.id}`, { headers, data: { user: { language: 'en' } } })).ok()).toBe(true);

    const context = await browser.newContext({ locale: 'ja-JP', viewport });
    const page = await context.newPage();
    await page.goto('/login');
    await submitLogin(page, email, PASSWORD, 'ja');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.goto('/user/profile');

    // Typed in a usual spelling, kept in one: the field shows it as it will be saved once left.
    const birthday = page.getByLabel(en('profile:details.birthday'));
    await expect(birthday).toHaveAttribute('placeholder', text('en', 'date-picker:dayPlaceholder'));
    await birthday.fill('1985/5/5');
    await page.keyboard.press('Tab');
    await expect(birthday).toHaveValue('1985-05-05');

    // The Tab above reached the calendar button; Enter opens the calendar on the chosen day, in English.
    const open = page.getByRole('button', { name: text('en', 'date-picker:openCalendar') });
    await expect(open).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: text('en', 'date-calendar:calendarDialog') });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('grid')).toHaveAttribute('aria-label', 'May 1985');
    await expect(dialog.locator('.rdp-weekday').first()).toHaveText('Su');
    await expect(page.locator(':focus')).toHaveAttribute('aria-label', 'Sun, May 5, 1985, selected');
    await expectWithinViewport(page, dialog);
    await expectAccessible(page);

    // Arrow keys move through the days; Enter picks one and returns to the button.
    await page.keyboard.press('ArrowRight');
    await expect(page.locator(':focus')).toHaveAttribute('aria-label', 'Mon, May 6, 1985');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(birthday).toHaveValue('1985-05-06');
    await expect(open).toBeFocused();

    // Escape closes it without picking.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(birthday).toHaveValue('1985-05-06');

    await page.getByRole('button', { name: en('profile:details.save') }).click();
    await expect(page.getByText(en('profile:details.saved'))).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(en('profile:details.birthday'))).toHaveValue('1985-05-06');
    await context.close();
  });
}

test('a Japanese manager picks a month from a year of Japanese months with the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/login');
  await submitLogin(page, ACCOUNTS.acmeManager);
  await expect(page).toHaveURL('/org/acme');
  await expect(page.getByRole('heading', { level: 1, name: ja('activity:dashboard.title') })).toBeVisible();

  const month = page.locator('.month-picker .kiwi-date-input__day');
  const shown = await month.inputValue();
  const [year, number] = shown.split('-').map(Number) as [number, number];
  const previous = number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;

  const open = page.getByRole('button', { name: text('ja', 'date-picker:openCalendar') });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: text('ja', 'date-calendar:monthsDialog') });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: text('ja', 'date-calendar:year') })).toHaveValue(String(year));
  await expect(page.locator(':focus')).toHaveText(`${number}月`);
  await expect(page.locator(':focus')).toHaveAttribute('aria-pressed', 'true');
  // The months after this one are not offered.
  if (number < 12) await expect(dialog.getByRole('button', { name: `${number + 1}月`, exact: true })).toBeDisabled();
  await expectWithinViewport(page, dialog);
  await expectAccessible(page);

  if (number === 1) {
    await dialog.getByRole('button', { name: text('ja', 'date-calendar:previousYear') }).click();
    await dialog.getByRole('button', { name: '12月', exact: true }).focus();
  } else {
    await page.keyboard.press('ArrowLeft');
  }
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(month).toHaveValue(previous);
  await expect(open).toBeFocused();
});
