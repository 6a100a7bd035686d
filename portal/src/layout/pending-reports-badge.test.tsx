// @vitest-environment happy-dom
// Issue 19 point 5: the layout (real session, real API client, the lazy side menu) shows a manager of the organisation
// how many reported objects wait, on the drawer's "violation reports" entry, and reads the count again on navigation;
// a member of the organisation area never asks for it.
import { createApiClient } from '@kiwi/shared/api/client';
import { createI18n } from '@kiwi/shared/i18n/create-i18n';
import { ToastProvider } from '@kiwi/shared/ui/toast';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionProvider } from '../session/session-provider';
import { acmeUserResponse } from '../test-backend';
import { signedInIdentity } from '../test-users';
import { AppLayout } from './app-layout';

afterEach(cleanup);

const i18n = createI18n({ lng: 'en' });
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/vnd.api+json' } });

function renderLayout(role: 'manager' | 'member', counts: number[]) {
  const reads: string[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    const path = new URL(String(input instanceof Request ? input.url : input)).pathname.replace(/^\/api/, '');
    if (path === '/user') return acmeUserResponse(role);
    reads.push(path);
    if (path === '/organizations/9/violation_reports/pending_count')
      return json({ meta: { pending: counts[Math.min(reads.length - 1, counts.length - 1)] } });
    return new Response(JSON.stringify({ errors: [{ status: '404', code: 'route.notFound' }] }), { status: 404 });
  }) as typeof globalThis.fetch;
  const api = createApiClient({ baseURL: 'http://kiwi.test/api', getToken: async () => 'token', fetch });
  render(
    <I18nextProvider i18n={i18n}>
      <ToastProvider>
        <SessionProvider identity={signedInIdentity} api={api} i18n={i18n}>
          <MemoryRouter initialEntries={['/org/acme']}>
            <Routes>
              <Route element={<AppLayout />}>
                <Route path="org/:identifier/*" element={<h1>Organisation page</h1>} />
              </Route>
            </Routes>
          </MemoryRouter>
        </SessionProvider>
      </ToastProvider>
    </I18nextProvider>,
  );
  return reads;
}

describe('the pending violation report badge', () => {
  it('shows a manager the count with its label and reads it again on navigation', async () => {
    const reads = renderLayout('manager', [3, 1]);
    const badge = await screen.findByRole('img', { name: '3 pending reports' });
    const entry = badge.closest('a')!;
    expect(entry.getAttribute('href')).toBe('/org/acme/violation_reports');
    expect(within(entry).getByText('3')).toBeTruthy();

    fireEvent.click(screen.getAllByRole('link', { name: /Members/ })[0]!);
    expect(await screen.findByRole('img', { name: '1 pending report' })).toBeTruthy();
    expect(reads.filter((path) => path.endsWith('/pending_count')).length).toBeGreaterThanOrEqual(2);
  });

  it('shows nothing when no report waits', async () => {
    const reads = renderLayout('manager', [0]);
    await screen.findByRole('link', { name: 'Violation reports' });
    await waitFor(() => expect(reads).toContain('/organizations/9/violation_reports/pending_count'));
    expect(screen.queryByRole('img', { name: /pending report/ })).toBeNull();
  });
});
