// @vitest-environment happy-dom
// Issue 19 point 5: the layout (real session, real API client, the lazy side menu) shows a manager of the organisation
// how many reported objects wait, on the drawer's "violation reports" entry, and reads the count again on navigation;
// a member of the organisation area never asks for it.
import { createI18n } from '@kiwi/shared/i18n/create-i18n';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { acmeUserResponse, jsonApiResponse, recordingBackend } from '../test-backend';
import { renderPage } from '../test-render';
import { AppLayout } from './app-layout';

afterEach(cleanup);

const i18n = createI18n({ lng: 'en' });

function renderLayout(role: 'manager' | 'member', counts: number[]) {
  const reads: string[] = [];
  const { api } = recordingBackend(({ path }) => {
    if (path === '/user') return acmeUserResponse(role);
    reads.push(path);
    if (path === '/organizations/9/violation_reports/pending_count')
      return jsonApiResponse(200, { meta: { pending: counts[Math.min(reads.length - 1, counts.length - 1)] } });
    return jsonApiResponse(404, { errors: [{ status: '404', code: 'route.notFound' }] });
  });
  renderPage(
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="org/:identifier/*" element={<h1>Organisation page</h1>} />
      </Route>
    </Routes>,
    { api, i18n, entry: '/org/acme' },
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
