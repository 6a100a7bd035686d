// The member home (issue 15): a member lands on a home with their balance, the organisation's news and the survey
// waiting for them, and answers it from there; the member menu reaches the survey list; nothing scrolls sideways at
// 360 px (ja and en); the admin without a membership goes to /_admin; the manager finds the way to their area.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { WELL_BEING_QUESTION_IDS } from '../../shared/src/domain/well-being';
import { authEmulator, signInWithPassword } from './emulator-rest';
import { ACCOUNTS, DEMO_PASSWORD, ja, mainMenu, signIn, text } from './portal-helpers';

test.describe.configure({ mode: 'serial' });

// The demo seed's: acme's sent news (server/src/modules/organizations/seed.ts), its open survey (surveys/seed.ts) and
// the platform's app information (home/seed.ts); the scheduled ones must not show.
const NEWS_TITLE = 'Kiwi の利用を始めました';
const SCHEDULED_NEWS_TITLE = '来月のウォーキングイベント';
const APP_INFORMATION_TITLE = 'Kiwi へようこそ';
const SCHEDULED_APP_INFORMATION_TITLE = '新機能「クエスト」のお知らせ';
// The seeded survey stays unanswered for the widgets spec (it answers that one): this spec answers a survey of its own.
const SURVEY_TITLE = `ホームから回答するサーベイ ${Date.now()}`;

async function signInAs(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/login/);
}

const homeHeading = (page: Page, language: 'ja' | 'en' = 'ja') =>
  page.getByRole('heading', { level: 1, name: text(language, 'home:title') });
const card = (page: Page, key: string, language: 'ja' | 'en' = 'ja') =>
  page.getByRole('region', { name: text(language, key), exact: true });

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

async function expectAxeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a member lands on the home: balance, news (unread until opened) and the survey waiting, answered from there', async ({
  page,
  request,
}) => {
  await signInAs(page, ACCOUNTS.acmeMember);
  await expect(page).toHaveURL('/');
  await expect(homeHeading(page)).toBeVisible();

  // The balance is the one the send-coins page shows (the API's figure, formatted).
  const emulator = await authEmulator(request);
  const token = await signInWithPassword(request, emulator, ACCOUNTS.acmeMember, DEMO_PASSWORD);
  const user = await (await request.get('/api/user', { headers: { authorization: `Bearer ${token}` } })).json();
  const acme = user.included.find((item: { type: string }) => item.type === 'organizations');
  const adminToken = await signInWithPassword(request, emulator, ACCOUNTS.admin, DEMO_PASSWORD);
  const created = await request.post('/api/well_being_surveys', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: {
      well_being_survey: {
        title: SURVEY_TITLE,
        expired_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        organization_ids: [Number(acme.id)],
      },
    },
  });
  expect(created.status()).toBe(201);
  await page.reload();
  const feed = await request.get('/api/user/kiwi_coin_transfers', { headers: { authorization: `Bearer ${token}` } });
  const balance = (await feed.json()).meta.balance as number;
  await expect(page.getByTestId('home-coin-balance')).toHaveText(`${balance.toLocaleString('ja-JP')} コイン`);

  const notices = card(page, 'home:news.title');
  const news = notices.getByRole('button', { name: new RegExp(NEWS_TITLE) });
  await expect(news).toContainText(ja('home:news.unread'));
  await expect(notices.getByRole('button', { name: new RegExp(APP_INFORMATION_TITLE) })).toBeVisible();
  await expect(notices).not.toContainText(SCHEDULED_NEWS_TITLE);
  await expect(notices).not.toContainText(SCHEDULED_APP_INFORMATION_TITLE);
  await expectAxeClean(page);

  // Opening shows the text and marks it read, for good.
  await news.click();
  await expect(news).toHaveAttribute('aria-expanded', 'true');
  await expect(notices.getByText('今日から Kiwi で歩数とワークアウトを記録できます', { exact: false })).toBeVisible();
  await expect(news).not.toContainText(ja('home:news.unread'));
  await page.reload();
  await expect(notices.getByRole('button', { name: new RegExp(NEWS_TITLE) })).not.toContainText(ja('home:news.unread'));

  const surveys = card(page, 'home:surveys.title');
  await surveys.getByRole('link', { name: `${ja('home:surveys.answer')}: ${SURVEY_TITLE}` }).click();
  await expect(page).toHaveURL(/\/org\/acme\/well_being_surveys\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: SURVEY_TITLE })).toBeVisible();
  const questions = page.locator('fieldset.kiwi-survey__question');
  await expect(questions).toHaveCount(WELL_BEING_QUESTION_IDS.length);
  for (let index = 0; index < WELL_BEING_QUESTION_IDS.length; index += 1) {
    await questions.nth(index).getByRole('radio', { name: '7', exact: true }).check();
  }
  await page.getByRole('button', { name: ja('surveys:answer.submit') }).click();
  await expect(page.getByText(ja('surveys:answer.thanks'))).toBeVisible();

  // Back home the survey is no longer waiting.
  await page.goto('/');
  await expect(homeHeading(page)).toBeVisible();
  await expect(card(page, 'home:surveys.title')).not.toContainText(SURVEY_TITLE);
});

test('the member menu reaches the organisation’s survey list', async ({ page }) => {
  await signInAs(page, ACCOUNTS.acmeMember);
  await mainMenu(page)
    .getByRole('link', { name: ja('home:menu.wellBeingSurveys') })
    .click();
  await expect(page).toHaveURL('/org/acme/well_being_surveys');
  await expect(page.getByRole('heading', { level: 1, name: ja('surveys:list.title') })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: SURVEY_TITLE })).toBeVisible();
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('nothing scrolls sideways, in Japanese', async ({ page }) => {
    await signInAs(page, ACCOUNTS.acmeMember);
    await expect(homeHeading(page)).toBeVisible();
    await expect(page.getByTestId('home-coin-balance')).toBeVisible();
    // Open the longest text too.
    await card(page, 'home:news.title').getByRole('button').first().click();
    await expectNoSidewaysScroll(page);
    await expectAxeClean(page);
  });

  test('nothing scrolls sideways, in English (the globex member)', async ({ page }) => {
    await signInAs(page, ACCOUNTS.globexMember);
    await expect(homeHeading(page, 'en')).toBeVisible();
    await expect(card(page, 'home:surveys.title', 'en').getByRole('link', { name: /^Answer: / })).toBeVisible();
    await expect(
      card(page, 'home:firstSteps.title', 'en').getByRole('link', { name: text('en', 'home:firstSteps.nickname') }),
    ).toHaveAttribute('href', '/user/profile');
    await expectNoSidewaysScroll(page);
    await expectAxeClean(page);
  });
});

test('a home that cannot load says so, and loads on retry', async ({ page }) => {
  // Failing until the page says so (react-query tries a few times first), then answering again.
  let failing = true;
  await page.route('**/api/home', async (route) => {
    if (failing) {
      await route.fulfill({
        status: 500,
        contentType: 'application/vnd.api+json',
        body: JSON.stringify({ errors: [{ status: '500', code: 'server.unexpected' }] }),
      });
    } else await route.continue();
  });
  await signInAs(page, ACCOUNTS.acmeMember);
  const alert = page.getByRole('alert').filter({ hasText: ja('home:loadFailed') });
  await expect(alert).toBeVisible({ timeout: 20_000 });
  failing = false;
  await alert.getByRole('button', { name: ja('home:retry') }).click();
  await expect(page.getByTestId('home-coin-balance')).toBeVisible();
  await expect(alert).toHaveCount(0);
});

test('the admin without a membership who opens / goes to /_admin', async ({ page }) => {
  await signInAs(page, ACCOUNTS.admin);
  await page.goto('/');
  await expect(page).toHaveURL('/_admin');
});

test('the manager sees the member home with a link to their organisation area', async ({ page }) => {
  await signInAs(page, ACCOUNTS.acmeManager);
  await expect(page).toHaveURL('/org/acme');
  await page.goto('/');
  await expect(homeHeading(page)).toBeVisible();
  const link = page.getByRole('link', { name: 'ACME株式会社 の管理画面へ' });
  await expect(link).toHaveAttribute('href', '/org/acme');
  await link.click();
  await expect(page).toHaveURL('/org/acme');
});
