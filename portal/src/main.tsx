import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import type { Auth } from 'firebase/auth';
import type { i18n as I18n } from 'i18next';
import { App } from './app';
import { createPortalApiClient } from './api-client';
import { deviceLanguage } from './i18n/language';
import { createPortalI18n, loadLanguage } from './i18n/portal-i18n';
import { LoadingView, StartupErrorView } from './pages/loading-view';
import { fetchClientConfig } from '@kiwi/shared/api/client-config';
import { preloadPath } from './routes';
import type { PortalIdentity } from './session/portal-identity';
import './styles/tokens.css';
// The one button family, shared with the features and the widgets: before base.css, whose `--text` modifier adds to it.
import '../../shared/src/ui/button.css';
import './styles/base.css';

function followLanguage(i18n: I18n, apply: (language: string) => void) {
  apply(i18n.language);
  i18n.on('languageChanged', apply);
}

async function start() {
  const root = createRoot(document.getElementById('root')!);
  const language = deviceLanguage();
  const i18n = createPortalI18n(language);
  followLanguage(i18n, (language) => (document.documentElement.lang = language));
  root.render(
    <I18nextProvider i18n={i18n}>
      <LoadingView />
    </I18nextProvider>,
  );
  // The page asked for loads while the session is restored, not after. Until Firebase answers nobody is known to be
  // signed in, so a guarded page's chunk is not fetched here (its route sends a visitor to /login) but once rendered.
  preloadPath(window.location.pathname, false);

  // The client is made before Firebase: the public config call needs no token.
  let firebaseAuth: Auth | undefined;
  const api = createPortalApiClient(() => firebaseAuth?.currentUser ?? null, i18n);
  try {
    // The SDK and the language's strings are chunks of their own, fetched alongside the config after the first paint.
    const [config, firebase] = await Promise.all([fetchClientConfig(api), import('./startup/firebase'), loadLanguage(i18n, language)]);
    const auth = firebase.initFirebaseAuth(config);
    firebaseAuth = auth;
    const identity = firebase.portalIdentity(auth);
    preloadOnceSignedIn(identity);
    // Firebase mails (the password reset) go out in the interface language.
    followLanguage(i18n, (language) => (auth.languageCode = language));
    root.render(
      <StrictMode>
        <App identity={identity} api={api} i18n={i18n} />
      </StrictMode>,
    );
  } catch (error) {
    console.error('Kiwi could not start', error);
    // The message is in the language's chunk: one more try when that was what failed.
    await loadLanguage(i18n, language).catch(() => {});
    root.render(
      <I18nextProvider i18n={i18n}>
        <StartupErrorView />
      </I18nextProvider>,
    );
  }
}

/** A restored session's deep link (/guilds) loads its page while the product user is fetched, not after. */
function preloadOnceSignedIn(identity: PortalIdentity) {
  let done = false;
  let stop: (() => void) | undefined;
  stop = identity.onUserChanged((user) => {
    if (done) return;
    done = true;
    stop?.();
    if (user) preloadPath(window.location.pathname, true);
  });
  if (done) stop();
}

void start();
