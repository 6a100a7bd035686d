// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { initializeApp } from 'firebase/app';
import { inMemoryPersistence, initializeAuth } from 'firebase/auth';
import { I18nextProvider } from 'react-i18next';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import { createI18n } from '@kiwi/shared/i18n/create-i18n';
import { ToastProvider } from '@kiwi/shared/ui/toast';
import { createPortalApiClient } from '../api-client';
import { SessionProvider, useSession } from '../session/session-provider';
import { portalIdentity } from '../startup/firebase';
import { AppLayout } from './app-layout';
import { useHideFooter } from './layout-options';

afterEach(cleanup);

const i18n = createI18n({ lng: 'en' });

function FullScreenPage() {
  useHideFooter();
  return (
    <>
      <h1>Full screen</h1>
      <Link to="/with-footer">Leave</Link>
    </>
  );
}

function OrdinaryPage() {
  return (
    <>
      <h1>Ordinary</h1>
      <Link to="/full-screen">Go full screen</Link>
    </>
  );
}

/** Routes render once the session has loaded, as in the app. */
function LoadedRoutes() {
  const { loaded } = useSession();
  if (!loaded) return null;
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="with-footer" element={<OrdinaryPage />} />
        <Route path="full-screen" element={<FullScreenPage />} />
      </Route>
    </Routes>
  );
}

function renderLayoutAt(path: string) {
  // A real Auth with nobody signed in, kept in memory: no network, no stored session.
  const app = initializeApp({ apiKey: 'test-api-key', projectId: 'demo-kiwi' }, `layout-test-${Math.random()}`);
  const auth = initializeAuth(app, { persistence: inMemoryPersistence });
  const api = createPortalApiClient(() => null, i18n);
  render(
    <I18nextProvider i18n={i18n}>
      <ToastProvider>
        <SessionProvider identity={portalIdentity(auth)} api={api} i18n={i18n}>
          <MemoryRouter initialEntries={[path]}>
            <LoadedRoutes />
          </MemoryRouter>
        </SessionProvider>
      </ToastProvider>
    </I18nextProvider>,
  );
}

const footer = () => screen.queryByRole('contentinfo');

it('a page calling useHideFooter is shown without the footer, and the footer returns once it is left', async () => {
  renderLayoutAt('/with-footer');
  await screen.findByRole('heading', { name: 'Ordinary' });
  expect(footer()).not.toBeNull();
  expect(screen.getByRole('link', { name: i18n.t('portal:footer.privacyPolicy') })).toBeTruthy();

  fireEvent.click(screen.getByRole('link', { name: 'Go full screen' }));
  await screen.findByRole('heading', { name: 'Full screen' });
  await waitFor(() => expect(footer()).toBeNull());

  fireEvent.click(screen.getByRole('link', { name: 'Leave' }));
  await screen.findByRole('heading', { name: 'Ordinary' });
  await waitFor(() => expect(footer()).not.toBeNull());
});

it('a page opened directly with useHideFooter has no footer', async () => {
  renderLayoutAt('/full-screen');
  await screen.findByRole('heading', { name: 'Full screen' });
  await waitFor(() => expect(footer()).toBeNull());
});
