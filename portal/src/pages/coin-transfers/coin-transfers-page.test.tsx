// @vitest-environment happy-dom
// The admin's coin grant dialog on real React with the real API client and session; the backend is a fetch that answers
// as the server does. The dialog is react-hook-form with the API's grant schema and sends through a react-query mutation.
import { errorOf } from '@kiwi/shared/features/test-support';
import { createI18n } from '@kiwi/shared/i18n/create-i18n';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { adminUserResponse, answerGate, type BackendCall, jsonApiResponse, recordingBackend } from '../../test-backend';
import { renderPage } from '../../test-render';
import { AdminCoinTransfersPage } from './coin-transfers-page';

afterEach(cleanup);

const i18n = createI18n({ lng: 'en' });
const t = (key: string, options: Record<string, unknown> = {}) => i18n.t(key, options);
function backend(write: (call: BackendCall) => Response | Promise<Response>) {
  return recordingBackend((call) => {
    const { method, path } = call;
    if (method === 'GET' && path === '/user') return adminUserResponse();
    if (method === 'GET' && path === '/organizations') {
      return jsonApiResponse(200, { data: [{ type: 'organizations', id: '9', attributes: { name: 'ACME' } }], meta: {} });
    }
    if (method === 'GET' && path === '/organizations/9/members') {
      return jsonApiResponse(200, { data: [{ type: 'organization-members', id: '5', attributes: { name: 'Hana' } }], meta: {} });
    }
    if (method === 'GET') return jsonApiResponse(200, { data: [], meta: { 'total-count': 0 } });
    return write(call);
  });
}

async function openDialog(api: ReturnType<typeof backend>['api']) {
  renderPage(<AdminCoinTransfersPage />, { api, i18n });
  fireEvent.click(await screen.findByRole('button', { name: t('coins:transfers.grant.open') }));
  const dialog = within(await screen.findByRole('dialog'));
  await dialog.findByRole('option', { name: 'ACME' });
  return dialog;
}

describe('coin grant dialog (admin)', () => {
  it('says a missing organisation and amount under their fields, and sends nothing', async () => {
    const { api, writes } = backend(() => jsonApiResponse(201, {}));
    const dialog = await openDialog(api);
    fireEvent.click(dialog.getByRole('button', { name: t('coins:transfers.grant.submit') }));
    await waitFor(() =>
      expect(errorOf(dialog.getByLabelText(t('coins:transfers.grant.organization')))).toBe(t('errors:validation.required')),
    );
    expect(errorOf(dialog.getByLabelText(t('coins:transfers.grant.amount')))).toBe(t('errors:validation.required'));
    expect(writes()).toHaveLength(0);
  });

  it('sends the organisation, its member and the amount as numbers, busy until the answer; choosing another organisation forgets the member', async () => {
    const gate = answerGate();
    const { api, writes } = backend(async () => {
      await gate.opened;
      return jsonApiResponse(201, { data: { type: 'kiwi-coin-transfers', id: '1', attributes: { status: 'transferred' } } });
    });
    const dialog = await openDialog(api);
    fireEvent.change(dialog.getByLabelText(t('coins:transfers.grant.organization')), { target: { value: '9' } });
    await dialog.findByRole('option', { name: /Hana/ });
    const member = dialog.getByLabelText(t('coins:transfers.grant.memberOptional'));
    fireEvent.change(member, { target: { value: '5' } });
    expect(member).toHaveProperty('value', '5');
    const organization = dialog.getByLabelText(t('coins:transfers.grant.organization'));
    fireEvent.change(organization, { target: { value: '' } });
    await waitFor(() => expect(member).toHaveProperty('value', ''));
    fireEvent.change(organization, { target: { value: '9' } });
    await dialog.findByRole('option', { name: /Hana/ });
    fireEvent.change(member, { target: { value: '5' } });
    fireEvent.input(dialog.getByLabelText(t('coins:transfers.grant.amount')), { target: { value: '30' } });
    fireEvent.input(dialog.getByLabelText(t('coins:transfers.grant.description')), { target: { value: 'Thanks' } });
    fireEvent.click(dialog.getByRole('button', { name: t('coins:transfers.grant.submit') }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual({
      method: 'POST',
      path: '/kiwi_coin_transfers',
      body: {
        kiwi_coin_transfer: { organization_id: 9, organization_member_id: 5, amount: 30, description: 'Thanks', transferred_at: null },
      },
    });
    expect(dialog.getByRole('button', { name: t('coins:transfers.grant.submit') })).toHaveProperty('disabled', true);
    gate.release();
    expect(await screen.findByText(t('coins:transfers.grant.saved'))).toBeTruthy();
  });

  it("puts the server's field error under its field and says the failure in the dialog", async () => {
    const { api } = backend(() =>
      jsonApiResponse(422, {
        errors: [
          {
            status: '422',
            code: 'validation.notEnoughCoins',
            detail: 'Not enough coins',
            source: { pointer: '/kiwi_coin_transfer/amount' },
          },
        ],
      }),
    );
    const dialog = await openDialog(api);
    fireEvent.change(dialog.getByLabelText(t('coins:transfers.grant.organization')), { target: { value: '9' } });
    fireEvent.input(dialog.getByLabelText(t('coins:transfers.grant.amount')), { target: { value: '30' } });
    fireEvent.click(dialog.getByRole('button', { name: t('coins:transfers.grant.submit') }));
    await waitFor(() => expect(errorOf(dialog.getByLabelText(t('coins:transfers.grant.amount')))).toBe('Not enough coins'));
    expect(dialog.getByRole('alert').textContent).toContain('Not enough coins');
  });
});
