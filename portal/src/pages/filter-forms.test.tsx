// @vitest-environment happy-dom
// The admin lists' filter forms on real React with the real API client and session; the backend is a fetch that
// answers every list empty and keeps what was asked. Each form holds its draft in react-hook-form, judged by the list's
// query schema of the API: submitting applies it (a new request), a filter the API would refuse is said under its field
// and asks nothing.
import { createI18n } from '@kiwi/shared/i18n/create-i18n';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import giftAudit from '../../../locales/en/gift-audit.json' with { type: 'json' };
import giftsAdmin from '../../../locales/en/gifts-admin.json' with { type: 'json' };
import staffActions from '../../../locales/en/staff-actions.json' with { type: 'json' };
import { PortalFeatureProvider } from '../session/portal-feature-provider';
import { adminUserResponse, jsonApiResponse, recordingBackend } from '../test-backend';
import { renderPage } from '../test-render';
import { StaffActionsPage } from './admin-console/admin-staff-actions-page';
import { AdminGiftsPage } from './admin-rewards/admin-gifts-page';
import { GachaDrawsPage } from './admin-rewards/gacha-draws-page';
import { AdminCoinTransfersPage } from './coin-transfers/coin-transfers-page';
import { AdminOrganizationsPage } from './organization/admin-organizations-page';

afterEach(cleanup);

const i18n = createI18n({ lng: 'en' });
i18n.addResourceBundle('en', 'gift-audit', giftAudit, true, true);
i18n.addResourceBundle('en', 'gifts-admin', giftsAdmin, true, true);
i18n.addResourceBundle('en', 'staff-actions', staffActions, true, true);
const t = (key: string, options: Record<string, unknown> = {}) => i18n.t(key, options) as string;
/** Every list answers empty (the organisations: ACME, id 9); `asked` keeps each list request. */
function backend() {
  const asked: { path: string; query: Record<string, string> }[] = [];
  const { api } = recordingBackend(({ path }, url) => {
    if (path === '/user') return adminUserResponse();
    asked.push({ path, query: Object.fromEntries(url.searchParams) });
    if (path === '/organizations') {
      return jsonApiResponse(200, {
        data: [{ type: 'organizations', id: '9', attributes: { name: 'ACME', identifier: 'acme' } }],
        meta: { 'total-count': 1, 'total-pages': 1 },
      });
    }
    return jsonApiResponse(200, { data: [], meta: { 'total-count': 0, 'total-pages': 1 } });
  });
  const of = (path: string) => asked.filter((call) => call.path === path);
  return { api, of };
}

/** The error text a field points at (aria-describedby), or null when it is not marked invalid. */
function errorOf(field: HTMLElement): string | null {
  if (field.getAttribute('aria-invalid') !== 'true') return null;
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ');
  return document.getElementById(ids.at(-1)!)?.textContent ?? null;
}

function Where() {
  return <output data-testid="location">{useLocation().search}</output>;
}

describe('staff actions filters', () => {
  const render = (entry = '/_admin/staff_actions') => {
    const { api, of } = backend();
    renderPage(
      <Routes>
        <Route
          path="/_admin/staff_actions"
          element={
            <>
              <StaffActionsPage />
              <Where />
            </>
          }
        />
      </Routes>,
      { api, i18n, entry },
    );
    return of;
  };

  it('starts from the URL, applies the draft to the URL on submit (trimmed), and clears it', async () => {
    const of = render('/_admin/staff_actions?actor=hana&kind=organizations.members.update');
    const form = within(await screen.findByRole('form', { name: t('staff-actions:filters.title') }));
    expect(form.getByLabelText(t('staff-actions:filters.actor'))).toHaveProperty('value', 'hana');
    await waitFor(() => expect(of('/staff_actions')[0]?.query).toMatchObject({ actor: 'hana', kind: 'organizations.members.update' }));
    fireEvent.input(form.getByLabelText(t('staff-actions:filters.actor')), { target: { value: ' ken ' } });
    fireEvent.input(form.getByLabelText(t('staff-actions:filters.from')), { target: { value: '2026-01-01' } });
    fireEvent.click(form.getByRole('button', { name: t('staff-actions:filters.apply') }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('?actor=ken&kind=organizations.members.update&from=2026-01-01'),
    );
    await waitFor(() => expect(of('/staff_actions').at(-1)?.query).toMatchObject({ actor: 'ken', from: '2026-01-01' }));
    fireEvent.click(form.getByRole('button', { name: t('staff-actions:filters.reset') }));
    await waitFor(() => expect(form.getByLabelText(t('staff-actions:filters.actor'))).toHaveProperty('value', ''));
    expect(screen.getByTestId('location').textContent).toBe('');
  });

  it('says an end before the start under the end, and asks nothing', async () => {
    const of = render();
    const form = within(await screen.findByRole('form', { name: t('staff-actions:filters.title') }));
    await waitFor(() => expect(of('/staff_actions')).toHaveLength(1));
    fireEvent.input(form.getByLabelText(t('staff-actions:filters.from')), { target: { value: '2026-02-01' } });
    fireEvent.input(form.getByLabelText(t('staff-actions:filters.to')), { target: { value: '2026-01-01' } });
    fireEvent.click(form.getByRole('button', { name: t('staff-actions:filters.apply') }));
    await waitFor(() => expect(errorOf(form.getByLabelText(t('staff-actions:filters.to')))).toBe(t('staff-actions:filters.toBeforeFrom')));
    expect(screen.getByTestId('location').textContent).toBe('');
    expect(of('/staff_actions')).toHaveLength(1);
  });
});

describe('gacha draw filters', () => {
  it('applies the organisation and the period on submit, and refuses a period over the limit under the end', async () => {
    const { api, of } = backend();
    renderPage(<GachaDrawsPage />, { api, i18n });
    const form = within(await screen.findByRole('form', { name: t('gift-audit:filters.title') }));
    await form.findByRole('option', { name: 'ACME' });
    fireEvent.change(form.getByLabelText(t('gift-audit:draws.organization')), { target: { value: '9' } });
    fireEvent.input(form.getByLabelText(t('gift-audit:filters.from')), { target: { value: '2024-01-01' } });
    fireEvent.input(form.getByLabelText(t('gift-audit:filters.to')), { target: { value: '2026-01-01' } });
    fireEvent.click(form.getByRole('button', { name: t('gift-audit:filters.apply') }));
    const to = form.getByLabelText(t('gift-audit:filters.to'));
    await waitFor(() => expect(errorOf(to)).toBe(t('gift-audit:filters.rangeInvalid', { count: 366 })));
    expect(of('/gacha_draws')).toHaveLength(1);
    fireEvent.input(to, { target: { value: '2024-01-31' } });
    fireEvent.click(form.getByRole('button', { name: t('gift-audit:filters.apply') }));
    await waitFor(() => expect(of('/gacha_draws')).toHaveLength(2));
    expect(of('/gacha_draws')[1]!.query).toMatchObject({ organization_id: '9', from: '2024-01-01', to: '2024-01-31', page: '1' });
    expect(errorOf(to)).toBeNull();
  });
});

describe('gift catalogue filters', () => {
  it('applies the search with its button and a type at once; a search over 100 characters is said under it', async () => {
    const { api, of } = backend();
    renderPage(
      <PortalFeatureProvider>
        <AdminGiftsPage />
      </PortalFeatureProvider>,
      { api, i18n },
    );
    const form = within(await screen.findByRole('search', { name: t('gifts-admin:gifts.filters') }));
    await waitFor(() => expect(of('/gifts')).toHaveLength(1));
    fireEvent.input(form.getByLabelText(t('gifts-admin:gifts.search')), { target: { value: ' tea ' } });
    fireEvent.click(form.getByRole('button', { name: t('gifts-admin:gifts.searchButton') }));
    await waitFor(() => expect(of('/gifts').at(-1)?.query).toMatchObject({ q: 'tea' }));
    fireEvent.change(form.getByLabelText(t('gifts-admin:gifts.filterState')), { target: { value: 'true' } });
    await waitFor(() => expect(of('/gifts').at(-1)?.query).toMatchObject({ q: 'tea', disabled: 'true' }));
    const asked = of('/gifts').length;
    const search = form.getByLabelText(t('gifts-admin:gifts.search'));
    fireEvent.input(search, { target: { value: 'x'.repeat(101) } });
    fireEvent.click(form.getByRole('button', { name: t('gifts-admin:gifts.searchButton') }));
    await waitFor(() => expect(errorOf(search)).toBe(t('errors:validation.tooLong', { count: 100 })));
    expect(of('/gifts')).toHaveLength(asked);
  });
});

describe('organisation list search', () => {
  it('asks q[name] trimmed on submit, and says a name over 100 characters under the field', async () => {
    const { api, of } = backend();
    renderPage(<AdminOrganizationsPage />, { api, i18n });
    const form = within(await screen.findByRole('search'));
    await waitFor(() => expect(of('/organizations')).toHaveLength(1));
    const name = form.getByLabelText(t('organization:admin.search'));
    fireEvent.input(name, { target: { value: ' acme ' } });
    fireEvent.click(form.getByRole('button', { name: t('organization:members.searchButton') }));
    await waitFor(() => expect(of('/organizations').at(-1)?.query).toMatchObject({ 'q[name]': 'acme', page: '1' }));
    const asked = of('/organizations').length;
    fireEvent.input(name, { target: { value: 'x'.repeat(101) } });
    fireEvent.click(form.getByRole('button', { name: t('organization:members.searchButton') }));
    await waitFor(() => expect(errorOf(name)).toBe(t('errors:validation.tooLong', { count: 100 })));
    expect(of('/organizations')).toHaveLength(asked);
  });
});

describe('coin transfer filters (admin)', () => {
  it('applies the status and the organisation on submit; an organisation id that is no id is said under the field', async () => {
    const { api, of } = backend();
    renderPage(<AdminCoinTransfersPage />, { api, i18n });
    const form = within(await screen.findByRole('form', { name: t('coins:transfers.filters') }));
    await waitFor(() => expect(of('/kiwi_coin_transfers')).toHaveLength(1));
    const organization = form.getByLabelText(t('coins:transfers.organizationId'));
    fireEvent.input(organization, { target: { value: '9x' } });
    fireEvent.click(form.getByRole('button', { name: t('coins:transfers.apply') }));
    await waitFor(() => expect(errorOf(organization)).toBe(t('errors:validation.invalidFormat')));
    expect(of('/kiwi_coin_transfers')).toHaveLength(1);
    fireEvent.input(organization, { target: { value: '9' } });
    fireEvent.change(form.getByLabelText(t('coins:transfers.status')), { target: { value: 'pending' } });
    fireEvent.click(form.getByRole('button', { name: t('coins:transfers.apply') }));
    await waitFor(() => expect(of('/kiwi_coin_transfers').at(-1)?.query).toMatchObject({ organization_id: '9', status: 'pending' }));
  });
});
