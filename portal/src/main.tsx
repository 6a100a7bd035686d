import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import type { Auth } from 'firebase/auth';
import type { i18n as I18n } from 'i18next';
import { createI18n } from '@kiwi/shared/i18n/create-i18n';
import { App } from './app';
import { createPortalApiClient } from './api-client';
import { deviceLanguage } from './i18n/language';
import { LoadingView, StartupErrorView } from './pages/loading-view';
import { fetchClientConfig } from '@kiwi/shared/api/client-config';
import { initFirebaseAuth } from './startup/firebase';
import './styles/tokens.css';
import './styles/base.css';

function followLanguage(i18n: I18n, apply: (language: string) => void) {
  apply(i18n.language);
  i18n.on('languageChanged', apply);
}

async function start() {
  const root = createRoot(document.getElementById('root')!);
  const i18n = createI18n({ lng: deviceLanguage() });
  followLanguage(i18n, (language) => (document.documentElement.lang = language));
  root.render(
    <I18nextProvider i18n={i18n}>
      <LoadingView />
    </I18nextProvider>,
  );

  // The client is made before Firebase: the public config call needs no token.
  let firebaseAuth: Auth | undefined;
  const api = createPortalApiClient(() => firebaseAuth?.currentUser ?? null, i18n);
  try {
    const auth = initFirebaseAuth(await fetchClientConfig(api));
    firebaseAuth = auth;
    // Firebase mails (the password reset) go out in the interface language.
    followLanguage(i18n, (language) => (auth.languageCode = language));
    root.render(
      <StrictMode>
        <App auth={auth} api={api} i18n={i18n} />
      </StrictMode>,
    );
  } catch (error) {
    console.error('Kiwi could not start', error);
    root.render(
      <I18nextProvider i18n={i18n}>
        <StartupErrorView />
      </I18nextProvider>,
    );
  }
}

void start();
