// @vitest-environment happy-dom
// /_admin/well_being_surveys on real React with the real API client, session and toast; the backend is a fetch that
// answers as docs/api.md describes. The creation and edit forms are react-hook-form with the API's schemas and send
// through a react-query mutation.
import { errorOf } from '@kiwi/shared/features/test-support';
import { createI18n } from '@kiwi/shared/i18n/create-i18n';
import { toLocalInput } from '@kiwi/shared/i18n/format';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminSurveysPage } from './admin-surveys-page';
import { testApiClient } from '../../test-backend';
import { renderPage as renderPortalPage } from '../../test-render';

afterEach(cleanup);

const i18n = createI18n({ lng: 'en' });
const t = (key: string, options: Record<string, unknown> = {}) => i18n.t(key, options) as string;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/vnd.api+json' } });

const me = { data: { type: 'users', id: '1', attributes: { role: 'admin', name: 'Admin', email: 'admin@example.com', language: 'en' } } };
const organization = (id: string, name: string) => ({ type: 'organizations', id, attributes: { name, identifier: name.toLowerCase() } });
const DAY = 24 * 3600 * 1000;
const survey = (attributes: Record<string, unknown> = {}) => ({
  type: 'well-being-surveys',
  id: '5',
  attributes: {
    title: 'Spring check',
    'expired-at': new Date(Date.now() - DAY).toISOString(),
    'organization-id': 1,
    open: false,
    'answered-summary': { answered: 3, invited: 4 },
    'answered-by-me': null,
    'last-reminded-at': null,
    'created-at': new Date(Date.now() - 9 * DAY).toISOString(),
    organization: { id: '1', name: 'ACME', identifier: 'acme', archived: false },
    ...attributes,
  },
});

type Call = { method: string; path: string; body: unknown };
type Answer = () => Response | Promise<Response>;

/** The backend: `answers` by "METHOD /path" for the writes; the reads always answer. */
function backend(answers: Record<string, Answer> = {}) {
  const calls: Call[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[`${method} ${path}`];
    if (answer) return answer();
    if (method === 'GET' && path === '/user') return json(200, me);
    if (method === 'GET' && path === '/organizations') {
      return json(200, { data: [organization('1', 'ACME'), organization('2', 'Globex')], meta: { 'total-pages': 1 } });
    }
    if (method === 'GET' && path === '/well_being_surveys') return json(200, { data: [survey()], meta: { 'total-pages': 1 } });
    throw new Error(`unexpected ${method} ${path}`);
  }) as typeof globalThis.fetch;
  return { calls, api: testApiClient(fetch) };
}

function renderPage(api: ReturnType<typeof backend>['api']) {
  renderPortalPage(<AdminSurveysPage />, { api, i18n, entry: '/_admin/well_being_surveys' });
}

/** The creation form, once its organisations are listed. */
async function creationForm() {
  const form = (await screen.findByRole('heading', { name: t('surveys:admin.create.title') })).closest('form')!;
  await within(form).findByRole('checkbox', { name: /ACME/ });
  return within(form);
}
const posts = (calls: Call[]) => calls.filter((call) => call.method === 'POST');
const future = toLocalInput(new Date(Date.now() + 7 * DAY));

describe('AdminSurveysPage: creation', () => {
  it('says under each field what is missing (title, deadline, organisations) and sends nothing', async () => {
    const { calls, api } = backend();
    renderPage(api);
    const form = await creationForm();
    fireEvent.click(form.getByRole('button', { name: t('surveys:admin.create.submit') }));
    await waitFor(() => expect(errorOf(form.getByLabelText(t('surveys:admin.create.name')))).toBe(t('errors:validation.required')));
    expect(errorOf(form.getByLabelText(t('surveys:admin.create.expiredAt')))).toBe(t('errors:validation.required'));
    expect(form.getByText(t('errors:survey.organizationsRequired'))).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);
  });

  it('refuses a deadline already past, as the service would', async () => {
    const { calls, api } = backend();
    renderPage(api);
    const form = await creationForm();
    fireEvent.input(form.getByLabelText(t('surveys:admin.create.name')), { target: { value: 'Spring' } });
    fireEvent.input(form.getByLabelText(t('surveys:admin.create.expiredAt')), { target: { value: '2020-01-01T10:00' } });
    fireEvent.click(form.getByRole('checkbox', { name: /ACME/ }));
    fireEvent.click(form.getByRole('button', { name: t('surveys:admin.create.submit') }));
    await waitFor(() => expect(errorOf(form.getByLabelText(t('surveys:admin.create.expiredAt')))).toBe(t('errors:survey.deadlineInPast')));
    expect(errorOf(form.getByLabelText(t('surveys:admin.create.name')))).toBeNull();
    expect(posts(calls)).toHaveLength(0);
  });

  it('sends the trimmed title, the deadline as an instant and the ticked organisations, busy until the answer, then empties the form', async () => {
    let answer: (response: Response) => void = () => {};
    const { calls, api } = backend({
      'POST /well_being_surveys': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderPage(api);
    const form = await creationForm();
    fireEvent.input(form.getByLabelText(t('surveys:admin.create.name')), { target: { value: '  Spring  ' } });
    fireEvent.input(form.getByLabelText(t('surveys:admin.create.expiredAt')), { target: { value: future } });
    fireEvent.click(form.getByRole('checkbox', { name: /ACME/ }));
    fireEvent.click(form.getByRole('checkbox', { name: /Globex/ }));
    fireEvent.click(form.getByRole('button', { name: t('surveys:admin.create.submit') }));
    const busy = await form.findByRole('button', { name: t('surveys:admin.create.submitting') });
    expect(busy).toHaveProperty('disabled', true);
    const [post] = posts(calls);
    expect(post!.body).toEqual({
      well_being_survey: { title: 'Spring', expired_at: new Date(future).toISOString(), organization_ids: [1, 2] },
    });
    answer(json(201, { data: [survey({ title: 'Spring' }), { ...survey({ title: 'Spring' }), id: '6' }] }));
    expect(await screen.findByText(t('surveys:admin.create.created', { count: 2 }))).toBeTruthy();
    await waitFor(() => expect(form.getByLabelText(t('surveys:admin.create.name'))).toHaveProperty('value', ''));
    expect(form.getByRole('checkbox', { name: /ACME/ })).toHaveProperty('checked', false);
  });

  it('keeps only the organisations that failed ticked, names them, and offers to resubmit them', async () => {
    const { calls, api } = backend({
      'POST /well_being_surveys': () =>
        json(422, {
          errors: [{ status: '422', code: 'survey.creationFailed', detail: 'Not created for 2' }],
          meta: { 'failed-organization-ids': [2] },
        }),
    });
    renderPage(api);
    const form = await creationForm();
    fireEvent.input(form.getByLabelText(t('surveys:admin.create.name')), { target: { value: 'Spring' } });
    fireEvent.input(form.getByLabelText(t('surveys:admin.create.expiredAt')), { target: { value: future } });
    fireEvent.click(form.getByRole('checkbox', { name: /ACME/ }));
    fireEvent.click(form.getByRole('checkbox', { name: /Globex/ }));
    fireEvent.click(form.getByRole('button', { name: t('surveys:admin.create.submit') }));
    const alert = await form.findByRole('alert');
    expect(alert.textContent).toContain('Globex (ID 2)');
    expect(form.getByRole('checkbox', { name: /ACME/ })).toHaveProperty('checked', false);
    expect(form.getByRole('checkbox', { name: /Globex/ })).toHaveProperty('checked', true);
    fireEvent.click(form.getByRole('button', { name: t('surveys:admin.create.resubmit') }));
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    expect((posts(calls)[1]!.body as { well_being_survey: { organization_ids: number[] } }).well_being_survey.organization_ids).toEqual([
      2,
    ]);
  });

  it("puts the server's field error under its field", async () => {
    const { api } = backend({
      'POST /well_being_surveys': () =>
        json(422, {
          errors: [{ status: '422', code: 'validation.tooLong', detail: 'Too long here', source: { pointer: '/well_being_survey/title' } }],
        }),
    });
    renderPage(api);
    const form = await creationForm();
    fireEvent.input(form.getByLabelText(t('surveys:admin.create.name')), { target: { value: 'Spring' } });
    fireEvent.input(form.getByLabelText(t('surveys:admin.create.expiredAt')), { target: { value: future } });
    fireEvent.click(form.getByRole('checkbox', { name: /ACME/ }));
    fireEvent.click(form.getByRole('button', { name: t('surveys:admin.create.submit') }));
    await waitFor(() => expect(errorOf(form.getByLabelText(t('surveys:admin.create.name')))).toBe('Too long here'));
    expect(form.getByRole('button', { name: t('surveys:admin.create.submit') })).toHaveProperty('disabled', false);
  });
});

describe('AdminSurveysPage: editing', () => {
  it("saves a closed survey's title without its untouched (past) deadline", async () => {
    const { calls, api } = backend({ 'PUT /well_being_surveys/5': () => json(200, { data: survey({ title: 'Autumn' }) }) });
    renderPage(api);
    fireEvent.click(await screen.findByRole('button', { name: /Edit: Spring check/ }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.input(dialog.getByLabelText(t('surveys:admin.create.name')), { target: { value: 'Autumn' } });
    fireEvent.click(dialog.getByRole('button', { name: t('surveys:admin.edit.submit') }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ well_being_survey: { title: 'Autumn' } });
    expect(await screen.findByText(t('surveys:admin.edit.saved'))).toBeTruthy();
  });

  it('refuses a changed deadline in the past and a blank title', async () => {
    const { calls, api } = backend();
    renderPage(api);
    fireEvent.click(await screen.findByRole('button', { name: /Edit: Spring check/ }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.input(dialog.getByLabelText(t('surveys:admin.create.name')), { target: { value: ' ' } });
    fireEvent.input(dialog.getByLabelText(t('surveys:admin.create.expiredAt')), { target: { value: '2020-01-01T10:00' } });
    fireEvent.click(dialog.getByRole('button', { name: t('surveys:admin.edit.submit') }));
    await waitFor(() => expect(errorOf(dialog.getByLabelText(t('surveys:admin.create.name')))).toBe(t('errors:validation.required')));
    expect(errorOf(dialog.getByLabelText(t('surveys:admin.create.expiredAt')))).toBe(t('errors:survey.deadlineInPast'));
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});
