import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { identityErrorKey } from '@kiwi/shared/api/identity-errors';
import type { SsoProvider } from '../identity/sso';
import { FormFailure } from './text-field';

// Loaded when asked for, like the SDK calls (identity/sso.ts): /login's first load carries only the buttons.
const EmailLinkForm = lazy(() => import('../identity/email-link-form').then((module) => ({ default: module.EmailLinkForm })));

/**
 * Issue 16, under the password form of /login: Google and Microsoft (a popup) and a mailed sign-in link. Who may sign
 * in is the server's answer, which the session shows when it refuses; an account with a second factor goes on to the
 * page's second-factor step.
 */
export function LoginSso({ onSecondFactor }: { onSecondFactor: (error: unknown) => void }) {
  const { t } = useTranslation('sso');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [linkForm, setLinkForm] = useState(false);

  // The last attempt's failure stays until this one answers (null when it went through).
  const signInWith = async (provider: SsoProvider) => {
    setPending(true);
    const key = await import('../identity/sso').then((sso) => sso.signInWithProvider(provider, onSecondFactor), identityErrorKey);
    setPending(false);
    setFailure(key && t(key));
  };

  return (
    <div className="login-sso">
      <FormFailure message={failure} />
      <div className="auth-card__actions">
        {(['google', 'microsoft'] as const).map((provider) => (
          <button key={provider} type="button" className="kiwi-button" disabled={pending} onClick={() => signInWith(provider)}>
            {t(`login.${provider}`)}
          </button>
        ))}
        {linkForm ? (
          <Suspense>
            <EmailLinkForm />
          </Suspense>
        ) : (
          <button type="button" className="kiwi-button kiwi-button--text" onClick={() => setLinkForm(true)}>
            {t('login.emailLink')}
          </button>
        )}
      </div>
    </div>
  );
}
