// The well-being survey story (issue #7): the admin creates a survey for acme and globex, an acme member answers it on
// the sidebar-less page and sees the result, a second answer is refused with the spec's message, and acme's manager
// sees the aggregate only once 5 members answered (the others are seeded through the API).
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { WELL_BEING_QUESTION_IDS } from '../../shared/src/domain/well-being';
import { authEmulator, signInWithPassword, signUp } from './emulator-rest';
import { ACCOUNTS, DEMO_PASSWORD, ja, mainMenu, signIn } from './portal-helpers';

test.describe.configure({ mode: 'serial' });

const TITLE = `E2E ウェルビーイング ${Date.now().toString(36)}`;
const QUESTIONS = WELL_BEING_QUESTION_IDS.length;

/** `YYYY-MM-DDTHH:mm` ten days ahead in the browser's local time, as a datetime-local input takes it. */
function deadlineInput(): string {
  const date = new Date(Date.now() + 10 * 24 * 3600 * 1000);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** Signs in and waits until the portal has left /login, so the next navigation is not lost to the sign-in in flight. */
async function signInAs(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/login/);
}

async function tokenOf(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  return signInWithPassword(request, await authEmulator(request), email, password);
}

async function api<T = any>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(`/api${path}`, { method, headers: { authorization: `Bearer ${token}` }, data });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

async function acmeSurveyId(request: APIRequestContext, token: string): Promise<string> {
  const list = await api(request, token, 'GET', '/well_being_surveys?per=100');
  const survey = list.data.find((item: any) => item.attributes.title === TITLE);
  expect(survey, 'the acme survey exists').toBeTruthy();
  return survey.id as string;
}

/** Picks `value` on every statement's 0-10 scale. */
async function answerAll(page: Page, value: string) {
  const questions = page.locator('fieldset.kiwi-survey__question');
  await expect(questions).toHaveCount(QUESTIONS);
  for (let index = 0; index < QUESTIONS; index += 1) {
    await questions.nth(index).getByRole('radio', { name: value, exact: true }).check();
  }
}

test('admin creates one survey for acme and globex', async ({ page }) => {
  await signInAs(page, ACCOUNTS.admin);
  await page.goto('/_admin/well_being_surveys');
  await expect(page.getByRole('heading', { level: 1, name: ja('surveys:admin.title') })).toBeVisible();

  // Nothing chosen yet: the form says what is missing instead of sending.
  await page.getByRole('button', { name: ja('surveys:admin.create.submit') }).click();
  await expect(page.getByText(ja('errors:survey.organizationsRequired'))).toBeVisible();

  await page.getByLabel(ja('surveys:admin.create.name')).fill(TITLE);
  await page.getByLabel(ja('surveys:admin.create.expiredAt')).fill(deadlineInput());
  await page.getByRole('checkbox', { name: /\(acme\)/ }).check();
  await page.getByRole('checkbox', { name: /\(globex\)/ }).check();
  await page.getByRole('button', { name: ja('surveys:admin.create.submit') }).click();
  await expect(page.getByText('2 組織にアンケートを作成しました')).toBeVisible();

  const rows = page.getByRole('row').filter({ hasText: TITLE });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'ACME株式会社' })).toContainText('0 /');
  await expect(rows.filter({ hasText: 'Globex' })).toBeVisible();
});

test('an acme member answers on the sidebar-less page, sees the result, and a second answer is refused', async ({ page, context }) => {
  await signInAs(page, ACCOUNTS.acmeMember);
  await page.goto('/org/acme/well_being_surveys');
  const row = page.getByRole('row').filter({ hasText: TITLE });
  await expect(row).toContainText(ja('surveys:status.notAnswered'));
  await row.getByRole('link', { name: `${ja('surveys:list.answer')}: ${TITLE}` }).click();

  await expect(page).toHaveURL(/\/org\/acme\/well_being_surveys\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(mainMenu(page)).toHaveCount(0);

  // A second tab opens the same form before the first one is sent.
  const second = await context.newPage();
  await second.goto(page.url());
  await expect(second.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();

  // All statements are required: an early submit names how many are left and sends nothing.
  await page.getByRole('button', { name: ja('surveys:answer.submit') }).click();
  await expect(page.getByRole('alert')).toContainText('残り 15 問');
  await answerAll(page, '8');
  // Keyboard: the arrow key moves the last statement's choice from 8 to 9.
  const last = page.locator('fieldset.kiwi-survey__question').last();
  await last.getByRole('radio', { name: '8', exact: true }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(last.getByRole('radio', { name: '9', exact: true })).toBeChecked();
  await expect(page.getByText(`15 問中 15 問回答`)).toBeVisible();
  await page.getByRole('button', { name: ja('surveys:answer.submit') }).click();
  await expect(page.getByText(ja('surveys:answer.thanks'))).toBeVisible();

  await page.getByRole('button', { name: ja('surveys:answer.viewResult') }).click();
  await expect(page).toHaveURL(/\/well_being_surveys\/\d+\/result$/);
  await expect(mainMenu(page)).toHaveCount(0);
  const table = page.getByRole('table', { name: ja('surveys:result.yourScores') });
  await expect(table.getByRole('row', { name: new RegExp(ja('surveys:dimensions.physical')) })).toContainText('80');
  // Open survey: the organisation average is published only after the deadline (issue 22: no differencing).
  await expect(page.getByText(ja('surveys:result.atDeadline'))).toBeVisible();

  // The second tab sends too and is refused with the spec's message.
  await answerAll(second, '3');
  await second.getByRole('button', { name: ja('surveys:answer.submit') }).click();
  await expect(second.getByRole('alert')).toHaveText(ja('errors:survey.alreadyAnswered'));
});

/** The managers' organisation section of the result page. */
const organizationResult = (page: Page) => page.getByRole('region', { name: ja('surveys:result.organization.title') });

test('the acme manager sees no average while the survey is open, even with 5 answers, and reminds the others once a day', async ({
  page,
  request,
}) => {
  const managerToken = await tokenOf(request, ACCOUNTS.acmeManager);
  const surveyId = await acmeSurveyId(request, managerToken);
  const acme = await api(request, managerToken, 'GET', '/organizations/acme');

  await signInAs(page, ACCOUNTS.acmeManager);
  await page.goto(`/org/acme/well_being_surveys/${surveyId}/result`);
  await expect(page.getByRole('heading', { level: 2, name: ja('surveys:result.organization.title') })).toBeVisible();
  // Open survey: averages are published only after the deadline (issue 22: a moving figure would give answers away).
  await expect(organizationResult(page).getByText(ja('surveys:result.atDeadline'))).toBeVisible();
  await expect(page.getByRole('heading', { name: ja('surveys:result.organization.byGroup') })).toHaveCount(0);

  // Four more members join acme and answer through the API: 5 answers in all.
  const emulator = await authEmulator(request);
  for (let index = 0; index < 4; index += 1) {
    const email = `survey-${Date.now().toString(36)}-${index}@acme.example`;
    await signUp(request, emulator, email, DEMO_PASSWORD);
    await api(request, managerToken, 'POST', `/organizations/${acme.data.id}/members`, {
      organization_member: { email, name: `回答者 ${index + 1}` },
    });
    const token = await signInWithPassword(request, emulator, email, DEMO_PASSWORD);
    const answers = Object.fromEntries(WELL_BEING_QUESTION_IDS.map((id) => [id, 6]));
    await api(request, token, 'POST', `/well_being_surveys/${surveyId}/answers`, { well_being_survey_answer: { answers } });
  }

  // Five answers, still open: no average and no group yet (they come after the deadline; unit tests cover them).
  await page.reload();
  await expect(organizationResult(page).getByText(ja('surveys:result.atDeadline'))).toBeVisible();
  await expect(page.getByRole('heading', { name: ja('surveys:result.organization.byGroup') })).toHaveCount(0);
  await expect(page.getByRole('table', { name: ja('surveys:result.organization.byDimension') })).toHaveCount(0);

  // The reminder reaches the members who have not answered; a second one the same day is refused.
  await page.getByRole('button', { name: ja('surveys:result.reminder.send') }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'リマインドを送りました' })).toBeVisible();
  await page.getByRole('button', { name: ja('surveys:result.reminder.send') }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('alert')).toContainText('24時間以内に送信済みです');
});

test('an organisation that cannot get the survey is listed, and only it stays selected for the resubmit', async ({ page, request }) => {
  const adminToken = await tokenOf(request, ACCOUNTS.admin);
  const identifier = `closed-${Date.now().toString(36)}`;
  const created = await api(request, adminToken, 'POST', '/organizations', { organization: { name: 'Initech', identifier } });
  await api(request, adminToken, 'PUT', `/organizations/${created.data.id}/archive`);

  await signInAs(page, ACCOUNTS.admin);
  await page.goto('/_admin/well_being_surveys');
  await page.getByLabel(ja('surveys:admin.create.name')).fill(`${TITLE} (2)`);
  await page.getByLabel(ja('surveys:admin.create.expiredAt')).fill(deadlineInput());
  await page.getByRole('checkbox', { name: /\(globex\)/ }).check();
  await page.getByRole('checkbox', { name: new RegExp(`\\(${identifier}\\)`) }).check();
  await page.getByRole('button', { name: ja('surveys:admin.create.submit') }).click();

  const alert = page.getByRole('alert').filter({ hasText: ja('surveys:admin.create.failedTitle') });
  await expect(alert).toContainText(`組織ID: ${created.data.id}`);
  await expect(alert).toContainText(ja('errors:pleaseResubmit'));
  await expect(alert.getByRole('listitem')).toHaveText([`Initech (ID ${created.data.id})`]);
  // Globex got its survey; only the failed organisation stays ticked for the resubmit.
  await expect(page.getByRole('row').filter({ hasText: `${TITLE} (2)` })).toHaveCount(1);
  await expect(page.getByRole('checkbox', { name: /\(globex\)/ })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: new RegExp(`\\(${identifier}\\)`) })).toBeChecked();
  await expect(page.getByRole('button', { name: ja('surveys:admin.create.resubmit') })).toBeVisible();
});
