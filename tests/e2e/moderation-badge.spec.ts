// Issue 19, the rest of violation reports in the portal: posts hidden while reviewed carry a marker for their author and
// the managers (and are gone for everyone else); a member is reported from an event's participant list; the managers'
// drawer shows how many reported objects wait (with its label, in readable colours) and the number drops after a
// decision. Everything is done on two new acme members and an event of theirs, so the seeded content and the other
// specs' data stay as they were; the member-wide resolve at the end removes the author's posts.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { type AuthEmulator, authEmulator } from './emulator-rest';
import { ACCOUNTS, DEMO_PASSWORD, type Language, signIn, submitLogin, text, unique } from './portal-helpers';
import { apiHeaders, newAcmeMember } from './rewards-helpers';

// Several people in several browsers, two invitations: longer than one page's test.
test.setTimeout(420_000);

let emulator: AuthEmulator;
test.beforeAll(async ({ request }) => {
  emulator = await authEmulator(request);
});

const PASSWORD = 'moderation-badge-1234';
const DAY = 24 * 3600 * 1000;

/** The page's language (the portal keeps <html lang> in step with i18n). */
const languageOf = async (page: Page) =>
  ((await page.evaluate(() => document.documentElement.lang)).startsWith('en') ? 'en' : 'ja') as Language;

/** The badge's label for `count`, as i18next words it (English has a singular). */
const badgeLabel = (language: Language, count: number) =>
  text(language, `moderation:drawerBadge_${language === 'en' && count === 1 ? 'one' : 'other'}`).replace('{{count}}', String(count));

async function openAs(browser: Browser, email: string, password = DEMO_PASSWORD): Promise<Page> {
  const context = await browser.newContext({ locale: 'ja-JP' });
  const page = await context.newPage();
  page.on('dialog', (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
  if (password === DEMO_PASSWORD) await signIn(page, email);
  else {
    await page.goto('/login');
    await submitLogin(page, email, password);
  }
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

async function axe(page: Page, include: string) {
  const { violations } = await new AxeBuilder({ page }).include(include).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`)).toEqual([]);
}

async function fileReport(request: APIRequestContext, headers: Record<string, string>, organizationId: number, type: string, id: number) {
  const filed = await request.post(`/api/organizations/${organizationId}/violation_reports`, {
    headers,
    data: { violation_report: { violation_object_type: type, violation_object_id: id, reason_category: 'harassment' } },
  });
  expect(filed.status(), await filed.text()).toBe(201);
}

test('hidden posts are marked, a participant is reported, and the managers see the pending count drop', async ({ browser, request }) => {
  // Two new members: the author of what gets reported, and an organiser who reports them.
  const author = await newAcmeMember(request, emulator, { prefix: 'mod-author', name: `投稿者 ${unique()}`, password: PASSWORD });
  const organiser = await newAcmeMember(request, emulator, { prefix: 'mod-organiser', name: `主催者 ${unique()}`, password: PASSWORD });
  const manager = await apiHeaders(request, emulator, ACCOUNTS.acmeManager);
  const member = await apiHeaders(request, emulator, ACCOUNTS.acmeMember);
  const user = await (await request.get('/api/user', { headers: manager })).json();
  const acmeId = Number(user.included.find((item: { type: string }) => item.type === 'organizations').id);
  const pendingNow = async () =>
    Number(
      (await (await request.get(`/api/organizations/${acmeId}/violation_reports/pending_count`, { headers: manager })).json()).meta.pending,
    );
  const pendingBefore = await pendingNow();

  // The organiser's event, which the author joins and writes in.
  const created = await request.post(`/api/organizations/${acmeId}/events`, {
    headers: organiser.headers,
    data: {
      event: {
        name: `通報バッジ ${unique()}`,
        started_at: new Date(Date.now() + 3 * DAY).toISOString(),
        ended_at: new Date(Date.now() + 3 * DAY + 3600_000).toISOString(),
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const eventId = Number((await created.json()).data.id);
  const joined = await request.post(`/api/organizations/${acmeId}/events/${eventId}/members/join`, {
    headers: author.headers,
    data: { event_member: { organization_member_id: author.memberId } },
  });
  expect(joined.status(), await joined.text()).toBe(201);
  const hiddenBody = `確認中になる投稿 ${unique()}`;
  const keptBody = `そのままの投稿 ${unique()}`;
  const posted = async (body: string) => {
    const response = await request.post(`/api/organizations/${acmeId}/events/${eventId}/messages`, {
      headers: author.headers,
      data: { event_message: { body } },
    });
    expect(response.status()).toBe(201);
    return Number((await response.json()).data.id);
  };
  const hiddenId = await posted(hiddenBody);
  await posted(keptBody);

  // Three distinct members report one post: auto-hide (acme's threshold is the default, 3).
  for (const headers of [organiser.headers, member, manager]) await fileReport(request, headers, acmeId, 'EventMessage', hiddenId);

  // The author sees their post with the marker (in words), the other one without.
  const authorPage = await openAs(browser, author.email, PASSWORD);
  await authorPage.goto(`/events/${eventId}`);
  const authorLanguage = await languageOf(authorPage);
  const marker = text(authorLanguage, 'common:hiddenWhileReviewed');
  const hiddenPost = authorPage.getByRole('listitem').filter({ hasText: hiddenBody });
  await expect(hiddenPost.getByText(marker)).toBeVisible();
  await expect(authorPage.getByRole('listitem').filter({ hasText: keptBody }).getByText(marker)).toHaveCount(0);
  await axe(authorPage, 'main');

  // The organiser (a reporter, who reads the portal in English) no longer sees it; from the participant list they
  // report the author, and have no Report action on themselves.
  const organiserUser = await (await request.get('/api/user', { headers: organiser.headers })).json();
  const english = await request.put(`/api/users/${organiserUser.data.id}`, {
    headers: organiser.headers,
    data: { user: { language: 'en' } },
  });
  expect(english.ok()).toBe(true);
  const organiserPage = await openAs(browser, organiser.email, PASSWORD);
  await organiserPage.goto(`/events/${eventId}`);
  const organiserLanguage = await languageOf(organiserPage);
  expect(organiserLanguage).toBe('en');
  await expect(organiserPage.getByRole('listitem').filter({ hasText: keptBody })).toBeVisible();
  await expect(organiserPage.getByRole('listitem').filter({ hasText: hiddenBody })).toHaveCount(0);
  const participants = organiserPage.getByRole('region', { name: text(organiserLanguage, 'events:detail.participants') });
  const authorName = (await (await request.get('/api/user', { headers: author.headers })).json()).data.attributes.name as string;
  const organiserName = organiserUser.data.attributes.name as string;
  const reportMember = (name: string) =>
    participants.getByRole('button', { name: text(organiserLanguage, 'report:memberFor').replace('{{name}}', name) });
  await expect(reportMember(organiserName)).toHaveCount(0);
  await reportMember(authorName).click();
  const dialog = organiserPage.getByRole('dialog', { name: text(organiserLanguage, 'report:title') });
  await dialog.getByRole('radio', { name: text(organiserLanguage, 'report:categories.harassment') }).check();
  await dialog.getByRole('button', { name: text(organiserLanguage, 'report:send') }).click();
  await expect(dialog.getByRole('status')).toHaveText(text(organiserLanguage, 'report:sent'));
  await axe(organiserPage, 'main');
  await dialog.getByRole('button', { name: text(organiserLanguage, 'report:close') }).click();

  // The manager: two more objects wait (the post, the member); the drawer says how many, readably.
  expect(await pendingNow()).toBe(pendingBefore + 2);
  const managerPage = await openAs(browser, ACCOUNTS.acmeManager);
  await managerPage.goto('/org/acme/violation_reports');
  const managerLanguage = await languageOf(managerPage);
  const badge = (count: number) => managerPage.getByRole('img', { name: badgeLabel(managerLanguage, count) });
  await expect(badge(pendingBefore + 2)).toBeVisible();
  await expect(
    managerPage.getByRole('link', { name: new RegExp(text(managerLanguage, 'portal:pages.organization.violationReports')) }),
  ).toContainText(String(pendingBefore + 2));
  await axe(managerPage, '.drawer__badge');

  // The manager reads the hidden post with the marker too.
  const managerEvent = await managerPage.context().newPage();
  await managerEvent.goto(`/events/${eventId}`);
  await expect(
    managerEvent
      .getByRole('listitem')
      .filter({ hasText: hiddenBody })
      .getByText(text(await languageOf(managerEvent), 'common:hiddenWhileReviewed')),
  ).toBeVisible();
  await managerEvent.close();

  // Resolving the post's report deletes it and drops the count at once, without a reload.
  const rows = managerPage.getByTestId('violation-report-row');
  const decide = async (row: string | RegExp, decision: 'resolve' | 'ignore') => {
    await managerPage.goto('/org/acme/violation_reports');
    await rows.filter({ hasText: row }).getByRole('link').click();
    await managerPage.getByRole('button', { name: text(managerLanguage, `moderation:${decision}`), exact: true }).click();
    const confirm = managerPage.getByRole('dialog', { name: text(managerLanguage, `moderation:${decision}Title`) });
    await confirm.getByRole('button', { name: text(managerLanguage, `moderation:${decision}`), exact: true }).click();
    const status = decision === 'resolve' ? 'resolved' : 'ignored';
    await expect(managerPage.getByTestId('report-status')).toHaveText(text(managerLanguage, `moderation:status.${status}`));
  };
  await decide(hiddenBody, 'resolve');
  await expect(badge(pendingBefore + 1)).toBeVisible();
  await authorPage.reload();
  await expect(authorPage.getByRole('listitem').filter({ hasText: keptBody })).toBeVisible();
  await expect(authorPage.getByRole('listitem').filter({ hasText: hiddenBody })).toHaveCount(0);

  // Resolving the member report removes the author's other posts; the count is back where it was.
  await decide(authorName, 'resolve');
  if (pendingBefore > 0) await expect(badge(pendingBefore)).toBeVisible();
  else await expect(managerPage.locator('.drawer__badge--count')).toHaveCount(0);
  await authorPage.reload();
  await expect(authorPage.getByRole('listitem').filter({ hasText: keptBody })).toHaveCount(0);
  expect(await pendingNow()).toBe(pendingBefore);
});

test('the platform admin badge is readable', async ({ browser }) => {
  const admin = await openAs(browser, ACCOUNTS.admin);
  await admin.goto('/_admin');
  await expect(admin.locator('.drawer__badge')).toBeVisible();
  await axe(admin, '.drawer__badge');
});
