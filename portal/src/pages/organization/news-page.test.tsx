// @vitest-environment happy-dom
// /org/{identifier}/news's dialog on real React with the real API client, session and organisation context; the backend
// is a fetch that answers as the server does. The dialog is react-hook-form with the API's news schema and sends through
// a react-query mutation.
import { errorOf } from '@kiwi/shared/features/test-support';
import { createI18n } from '@kiwi/shared/i18n/create-i18n';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OrganizationContextProvider } from '../../organization/organization-context';
import { acmeUserResponse, answerGate, type BackendCall, jsonApiResponse, recordingBackend } from '../../test-backend';
import { renderPage } from '../../test-render';
import { NewsPage } from './news-page';

afterEach(cleanup);

const i18n = createI18n({ lng: 'en' });
const t = (key: string, options: Record<string, unknown> = {}) => i18n.t(key.includes(':') ? key : `organization:${key}`, options);

function backend(write: (call: BackendCall) => Response | Promise<Response>) {
  return recordingBackend((call) => {
    const { method, path } = call;
    if (method === 'GET' && path === '/user') return acmeUserResponse('manager');
    if (method === 'GET' && path === '/organizations/acme') {
      return jsonApiResponse(200, { data: { type: 'organizations', id: '9', attributes: { name: 'ACME', identifier: 'acme' } } });
    }
    if (method === 'GET' && path === '/organizations/9/news') return jsonApiResponse(200, { data: [], meta: { 'total-count': 0 } });
    return write(call);
  });
}

async function openDialog(api: ReturnType<typeof backend>['api']) {
  renderPage(
    <OrganizationContextProvider api={api} identifier="acme">
      <NewsPage />
    </OrganizationContextProvider>,
    { api, i18n },
  );
  fireEvent.click(await screen.findByRole('button', { name: t('news.create') }));
  return within(await screen.findByRole('dialog'));
}

describe('news dialog', () => {
  it('says a blank title and body are required under them, and sends nothing', async () => {
    const { api, writes } = backend(() => jsonApiResponse(201, {}));
    const dialog = await openDialog(api);
    fireEvent.click(dialog.getByRole('button', { name: t('common.save') }));
    await waitFor(() => expect(errorOf(dialog.getByLabelText(t('news.titleField')))).toBe(t('errors:validation.required')));
    expect(errorOf(dialog.getByLabelText(t('news.body')))).toBe(t('errors:validation.required'));
    expect(writes()).toHaveLength(0);
  });

  it('sends a draft (published_at null), busy until the answer, then closes', async () => {
    const gate = answerGate();
    const { api, writes } = backend(async () => {
      await gate.opened;
      return jsonApiResponse(201, { data: { type: 'news', id: '1', attributes: {} } });
    });
    const dialog = await openDialog(api);
    fireEvent.input(dialog.getByLabelText(t('news.titleField')), { target: { value: ' Picnic ' } });
    fireEvent.input(dialog.getByLabelText(t('news.body')), { target: { value: 'Saturday' } });
    fireEvent.click(dialog.getByRole('button', { name: t('common.save') }));
    expect(await dialog.findByRole('button', { name: t('common.saving') })).toHaveProperty('disabled', true);
    expect(writes()).toEqual([
      { method: 'POST', path: '/organizations/9/news', body: { news: { title: 'Picnic', body: 'Saturday', published_at: null } } },
    ]);
    gate.release();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("sends the scheduled time as an instant, and puts the server's field error under its field", async () => {
    const { api, writes } = backend(() =>
      jsonApiResponse(422, {
        errors: [
          { status: '422', code: 'validation.futureDate', detail: 'Choose a later time', source: { pointer: '/news/published_at' } },
        ],
      }),
    );
    const dialog = await openDialog(api);
    fireEvent.input(dialog.getByLabelText(t('news.titleField')), { target: { value: 'Picnic' } });
    fireEvent.input(dialog.getByLabelText(t('news.body')), { target: { value: 'Saturday' } });
    fireEvent.click(dialog.getByRole('radio', { name: t('news.schedule') }));
    fireEvent.input(dialog.getByLabelText(t('news.publishedAt')), { target: { value: '2030-05-01T10:00' } });
    fireEvent.click(dialog.getByRole('button', { name: t('common.save') }));
    await waitFor(() => expect(errorOf(dialog.getByLabelText(t('news.publishedAt')))).toBe('Choose a later time'));
    const sent = writes()[0]!.body as { news: { published_at: string } };
    expect(new Date(sent.news.published_at).getTime()).toBe(new Date('2030-05-01T10:00').getTime());
    expect(dialog.getByRole('button', { name: t('common.save') })).toHaveProperty('disabled', false);
  });
});
