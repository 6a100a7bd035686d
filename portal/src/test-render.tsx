// The providers a portal page runs inside, around real React with the real API client the test's backend answers.
import type { ApiClient } from '@kiwi/shared/api/client';
import { ConfirmDialogProvider } from '@kiwi/shared/ui/confirm-dialog';
import { ToastProvider } from '@kiwi/shared/ui/toast';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { SessionProvider } from './session/session-provider';
import { signedInIdentity } from './test-users';

/** Renders `page` signed in (the session reads GET /api/user through `api`), at `entry` of a memory router. */
export function renderPage(page: ReactNode, { api, i18n, entry = '/' }: { api: ApiClient; i18n: I18n; entry?: string }) {
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ToastProvider>
          <ConfirmDialogProvider>
            <SessionProvider identity={signedInIdentity} api={api} i18n={i18n}>
              <MemoryRouter initialEntries={[entry]}>{page}</MemoryRouter>
            </SessionProvider>
          </ConfirmDialogProvider>
        </ToastProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}
