import { BrowserRouter } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { ToastProvider } from '@kiwi/shared/ui/toast';
import { ConfirmDialogProvider } from '@kiwi/shared/ui/confirm-dialog';
import { ImageViewerProvider } from '@kiwi/shared/ui/image-viewer';
import type { ApiClient } from './api-client';
import { PortalFeatureProvider } from './session/portal-feature-provider';
import type { PortalIdentity } from './session/portal-identity';
import { SessionProvider, useSession } from './session/session-provider';
import { LoadingView } from './pages/loading-view';
import { AppRoutes } from './routes';
import { RoutePrefetch } from './routing/route-prefetch';

export function App({ identity, api, i18n }: { identity: PortalIdentity; api: ApiClient; i18n: I18n }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ToastProvider>
        <SessionProvider identity={identity} api={api} i18n={i18n}>
          <ConfirmDialogProvider>
            <ImageViewerProvider>
              {/* Location updates are urgent, like session updates, so logout and its move to /login render together. */}
              <BrowserRouter useTransitions={false}>
                <PortalFeatureProvider>
                  <RoutePrefetch>
                    <SessionGate />
                  </RoutePrefetch>
                </PortalFeatureProvider>
              </BrowserRouter>
            </ImageViewerProvider>
          </ConfirmDialogProvider>
        </SessionProvider>
      </ToastProvider>
    </I18nextProvider>
  );
}

/** SPEC §4: the full-screen loading view until the session has loaded. */
function SessionGate() {
  const { loaded } = useSession();
  return loaded ? <AppRoutes /> : <LoadingView />;
}
