import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { Auth } from 'firebase/auth';
import type { i18n as I18n } from 'i18next';
import { ToastProvider } from '@kiwi/shared/ui/toast';
import { ConfirmDialogProvider } from '@kiwi/shared/ui/confirm-dialog';
import { ImageViewerProvider } from '@kiwi/shared/ui/image-viewer';
import type { ApiClient } from './api-client';
import { PortalFeatureProvider } from './session/portal-feature-provider';
import { SessionProvider, useSession } from './session/session-provider';
import { LoadingView } from './pages/loading-view';
import { AppRoutes } from './routes';

export function App({ auth, api, i18n }: { auth: Auth; api: ApiClient; i18n: I18n }) {
  const [queryClient] = useState(() => new QueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <SessionProvider auth={auth} api={api} i18n={i18n}>
            <ConfirmDialogProvider>
              <ImageViewerProvider>
                {/* Location updates are urgent, like session updates, so logout and its move to /login render together. */}
                <BrowserRouter useTransitions={false}>
                  <PortalFeatureProvider>
                    <SessionGate />
                  </PortalFeatureProvider>
                </BrowserRouter>
              </ImageViewerProvider>
            </ConfirmDialogProvider>
          </SessionProvider>
        </ToastProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

/** SPEC §4: the full-screen loading view until the session has loaded. */
function SessionGate() {
  const { loaded } = useSession();
  return loaded ? <AppRoutes /> : <LoadingView />;
}
