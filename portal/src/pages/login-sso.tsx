import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { identityErrorKey } from '@kiwi/shared/api/identity-errors';
import type { SsoProvider } from '../identity/sso';
import { ResetPasswordSchema, type ResetPasswordInput } from './login-schema';
import { EmailField, FormFailure } from './text-field';
import './login-sso.css';

// Closing the popup is a change of mind, not a failure.
const SILENT = new Set(['auth/popup-closed-by-user', 'auth/cancelled-popup-request', 'auth/user-cancelled']);
const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

/**
 * Issue 16, under the password form of /login: Google and Microsoft (a popup) and a mailed sign-in link. The SDK calls
 * load on click (identity/sso.ts). Who may sign in is the server's answer, shown by the session when it refuses.
 */
export function LoginSso() {
  const { t } = useTranslation('sso');
  const [pending, setPending] = useState<SsoProvider | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [linkFormShown, setLinkFormShown] = useState(false);

  const signInWith = async (provider: SsoProvider) => {
    setFailure(null);
    setPending(provider);
    try {
      await (await import('../identity/sso')).signInWithProvider(provider);
    } catch (error) {
      const code = codeOf(error);
      if (!SILENT.has(String(code))) setFailure(code === 'auth/popup-blocked' ? t('login.popupBlocked') : t(identityErrorKey(error)));
    } finally {
      setPending(null);
    }
  };

  return (
    <div className="login-sso">
      <p className="login-sso__divider">{t('login.or')}</p>
      <FormFailure message={failure} />
      <div className="auth-card__actions">
        {(['google', 'microsoft'] as const).map((provider) => (
          <button key={provider} type="button" className="button" disabled={pending !== null} onClick={() => signInWith(provider)}>
            {t(pending === provider ? 'login.signingIn' : `login.${provider}`)}
          </button>
        ))}
        {linkFormShown ? (
          <EmailLinkForm />
        ) : (
          <button type="button" className="button button--text" onClick={() => setLinkFormShown(true)}>
            {t('login.emailLink')}
          </button>
        )}
      </div>
    </div>
  );
}

/** The address to mail a sign-in link to; the same neutral answer whether or not it has an account. */
function EmailLinkForm() {
  const { t } = useTranslation('sso');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordInput>({ resolver: zodResolver(ResetPasswordSchema), defaultValues: { email: '' } });

  const onSubmit = async ({ email }: ResetPasswordInput) => {
    setFailure(null);
    try {
      await (await import('../identity/sso')).sendSignInLink(email);
    } catch (error) {
      // Only what the person can act on (no connection, too many tries, a malformed address); never "no such account".
      const key = identityErrorKey(error);
      if (/network-request-failed|too-many-requests|invalid-email/.test(key)) {
        setFailure(t(key));
        return;
      }
    }
    setSentTo(email);
  };

  if (sentTo) {
    return (
      <p role="status" className="alert alert--success">
        {t('login.emailLinkSent', { email: sentTo })}
      </p>
    );
  }
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-busy={isSubmitting} aria-label={t('login.emailLink')}>
      <FormFailure message={failure} />
      <EmailField label={t('login.emailLinkAddress')} error={errors.email} {...register('email')} />
      <button type="submit" className="button button--primary" disabled={isSubmitting}>
        {t(isSubmitting ? 'login.emailLinkSending' : 'login.emailLinkSubmit')}
      </button>
    </form>
  );
}
