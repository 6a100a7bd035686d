// Issue 16 point 1: consumer self sign-up. A consumer-plan organisation of its own (made through the admin API, so no
// demo data changes); the admin reads and rotates its join code on the members page; a person signs up on a phone in
// Japanese, is sent to the confirmation page when signing in too early, opens the mailed link and signs in; in English
// on a laptop, a retired link shows "expired", the resend form mails a new one that works. axe on every page.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { mailboxPort } from './mailbox';
import { authEmulator, signInWithPassword } from './emulator-rest';
import { ACCOUNTS, DEMO_PASSWORD, type Language, signIn, submitLogin, text, unique } from './portal-helpers';

const PASSWORD = 'signup-password-1';
const PHONE = { width: 360, height: 740 };
const LAPTOP = { width: 1280, height: 800 };
type Mail = { to: string[]; subject: string; text: string };

/** A consumer-plan organisation made by the demo admin; its identifier, id and current join code. */
async function consumerOrganization(request: APIRequestContext) {
  const emulator = await authEmulator(request);
  const headers = { authorization: `Bearer ${await signInWithPassword(request, emulator, ACCOUNTS.admin, DEMO_PASSWORD)}` };
  const identifier = `consumer-${unique()}`;
  const created = await request.post('/api/organizations', {
    headers,
    data: { organization: { name: `Consumer ${identifier}`, identifier, plan: 'consumer', number_of_members: null } },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).data.id as string;
  const joinCode = async () =>
    (await (await request.get(`/api/organizations/${id}/join_code`, { headers })).json()).data.attributes.code as string;
  return { identifier, id, joinCode };
}

/** Every mail the sink holds for `to`, once there are at least `count`. */
async function mailsTo(to: string, count = 1): Promise<Mail[]> {
  const port = mailboxPort(Number(process.env.E2E_PORT ?? 8090));
  let mails: Mail[] = [];
  await expect
    .poll(
      async () => {
        mails = (await (await fetch(`http://127.0.0.1:${port}/mails?to=${encodeURIComponent(to)}`)).json()) as Mail[];
        return mails.length;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return mails;
}
const confirmationPath = (mail: Mail) => {
  const link = /https?:\/\/\S+(\/user\/confirmation\?confirmation_token=[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`no confirmation link in ${mail.text}`);
  return link;
};

async function expectAccessible(page: Page, selector?: string) {
  const builder = new AxeBuilder({ page });
  const { violations } = await (selector ? builder.include(selector) : builder).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`)).toEqual([]);
}
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}
const t = (language: Language, key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((line, [name, value]) => line.replaceAll(`{{${name}}}`, String(value)), text(language, key));

async function fillSignUp(page: Page, language: Language, fields: { joinCode: string; email: string; name: string; nickname: string }) {
  await expect(page.getByRole('heading', { name: t(language, 'signup:title'), level: 1 })).toBeVisible();
  await page.getByLabel(t(language, 'signup:joinCodeLabel')).fill(fields.joinCode);
  await page.getByLabel(t(language, 'signup:email')).fill(fields.email);
  await page.getByLabel(t(language, 'signup:password'), { exact: true }).fill(PASSWORD);
  await page.getByLabel(t(language, 'signup:passwordConfirmation')).fill(PASSWORD);
  await page.getByLabel(t(language, 'signup:name'), { exact: true }).fill(fields.name);
  await page.getByLabel(t(language, 'signup:nickname')).fill(fields.nickname);
}

/** A browser whose device language is `language` (the portal remembers it under kiwi.language before anyone signs in). */
async function newContext(browser: Browser, language: Language, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((chosen) => localStorage.setItem('kiwi.language', chosen), language);
  return context;
}

test('the admin rotates the join code; a person signs up on a phone, is asked to confirm, confirms and signs in', async ({
  page,
  browser,
  request,
}) => {
  const organization = await consumerOrganization(request);
  const first = await organization.joinCode();

  // The join code panel on the members page (an admin passes the manager guard of any organisation).
  await page.setViewportSize(LAPTOP);
  await signIn(page, ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/_admin/);
  await page.goto(`/org/${organization.identifier}/members`);
  const panel = page.getByRole('region', { name: t('ja', 'signup:joinCode.title') });
  await expect(panel.getByText(first, { exact: true })).toBeVisible();
  // The panel itself (the admin's drawer in a manager area is not this page's).
  await expectAccessible(page, '.join-code');
  await panel.getByRole('button', { name: t('ja', 'signup:joinCode.rotate') }).click();
  const dialog = page.getByRole('dialog', { name: t('ja', 'signup:joinCode.rotateTitle') });
  await expect(dialog.getByText(first)).toBeVisible();
  await dialog.getByRole('button', { name: t('ja', 'signup:joinCode.rotateOk') }).click();
  await expect(page.getByText(t('ja', 'signup:joinCode.rotated'))).toBeVisible();
  await expect(panel.getByText(first, { exact: true })).toBeHidden();
  const code = await organization.joinCode();
  expect(code).not.toBe(first);
  await expect(panel.getByText(code, { exact: true })).toBeVisible();

  const phone = await newContext(browser, 'ja', PHONE);
  const person = await phone.newPage();
  const email = `signup-${unique()}@example.com`;
  await person.goto('/login');
  await person.getByRole('link', { name: t('ja', 'signup:loginLink') }).click();
  await expect(person).toHaveURL('/user/sign_up');
  await expectAccessible(person);
  await expectNoSidewaysScroll(person);

  // The old code is refused under its field; the new one, typed loosely, lets them in.
  await fillSignUp(person, 'ja', { joinCode: first, email, name: '登録 花子', nickname: `hana${unique()}` });
  await person.getByRole('button', { name: t('ja', 'signup:submit') }).click();
  await expect(person.getByText(t('ja', 'errors:signup.joinCodeInvalid'))).toBeVisible();
  await expect(person.getByLabel(t('ja', 'signup:joinCodeLabel'))).toHaveAttribute('aria-invalid', 'true');
  await person.getByLabel(t('ja', 'signup:joinCodeLabel')).fill(code.toLowerCase().replaceAll('-', ' '));
  await person.getByRole('button', { name: t('ja', 'signup:submit') }).click();
  await expect(person.getByText(t('ja', 'signup:sent', { email, hours: 24 }))).toBeVisible();
  await expectAccessible(person);

  // Signing in before opening the link: the confirmation page says why and offers a new link.
  await person.goto('/login');
  await submitLogin(person, email, PASSWORD);
  await expect(person).toHaveURL('/user/confirmation?unconfirmed');
  await expect(person.getByText(t('ja', 'errors:auth.unconfirmed'))).toBeVisible();
  await expect(person.getByRole('button', { name: t('ja', 'signup:confirmation.resend') })).toBeVisible();
  await expectAccessible(person);
  await expectNoSidewaysScroll(person);

  const [mail] = await mailsTo(email);
  expect(mail!.subject).toContain(`Consumer ${organization.identifier}`);
  await person.goto(confirmationPath(mail!));
  await expect(person.getByText(t('ja', 'signup:confirmation.done'))).toBeVisible();
  await expectAccessible(person);
  // Keyboard only: the sign-in link, then the form.
  await person.getByRole('link', { name: t('ja', 'signup:confirmation.signIn') }).focus();
  await person.keyboard.press('Enter');
  await expect(person).toHaveURL('/login');
  await submitLogin(person, email, PASSWORD);
  await expect(person).toHaveURL(/\/$/);
  await phone.close();
});

test('a retired link shows "expired"; the resend form mails a new link that confirms (English, laptop, keyboard)', async ({
  browser,
  request,
}) => {
  const organization = await consumerOrganization(request);
  const code = await organization.joinCode();
  const laptop = await newContext(browser, 'en', LAPTOP);
  const page = await laptop.newPage();
  const email = `signup-${unique()}@example.com`;

  await page.goto('/user/sign_up');
  await fillSignUp(page, 'en', { joinCode: code, email, name: 'Sign Up', nickname: `nick${unique()}` });
  await page.keyboard.press('Enter');
  await expect(page.getByText(t('en', 'signup:sent', { email, hours: 24 }))).toBeVisible();
  const [firstMail] = await mailsTo(email, 1);
  expect(firstMail!.subject).toBe(t('en', 'mail:confirmation.subject', { organizationName: `Consumer ${organization.identifier}` }));

  // Signing up again while unconfirmed mails a fresh link and retires (expires) the first one.
  await page.goto('/user/sign_up');
  await fillSignUp(page, 'en', { joinCode: code, email, name: 'Sign Up', nickname: `nick${unique()}` });
  await page.getByRole('button', { name: t('en', 'signup:submit') }).click();
  await expect(page.getByText(t('en', 'signup:sent', { email, hours: 24 }))).toBeVisible();
  await mailsTo(email, 2);

  await page.goto(confirmationPath(firstMail!));
  await expect(page.getByText(t('en', 'errors:confirmation.expired'))).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(t('en', 'signup:confirmation.email')).fill(email);
  await page.keyboard.press('Enter');
  await expect(page.getByText(t('en', 'signup:confirmation.resent'))).toBeVisible();
  const mails = await mailsTo(email, 3);
  const newest = mails.at(-1)!;
  expect(confirmationPath(newest)).not.toBe(confirmationPath(firstMail!));

  await page.goto(confirmationPath(newest));
  await expect(page.getByText(t('en', 'signup:confirmation.done'))).toBeVisible();
  await page.getByRole('link', { name: t('en', 'signup:confirmation.signIn') }).click();
  await submitLogin(page, email, PASSWORD, 'en');
  await expect(page).toHaveURL(/\/$/);
  // The used link is refused too.
  await page.goto(confirmationPath(newest));
  await expect(page.getByText(t('en', 'errors:confirmation.expired'))).toBeVisible();
  await laptop.close();
});
