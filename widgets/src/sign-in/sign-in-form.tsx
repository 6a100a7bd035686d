// The compact sign-in of a widget (its own chunk): email and password against Firebase on the host page's origin.
// Errors are the portal's (shared/src/api/identity-errors.ts); an account with two-step verification is sent to the
// portal, which has the second step. Signing in here signs in every Kiwi widget of the page (session.ts).
import { type FormEvent, useId, useRef, useState } from 'react';
import { identityErrorKey } from '@kiwi/shared/api/identity-errors';
import { useTranslation } from '../i18n/mini-react-i18next';
import { session } from '../session/session';
import './sign-in-form.css';

export type SignInFormProps = {
  /** Why the session ended (already translated), shown above the form. */
  problem: string | null;
  /** The portal's login page, for accounts the widget cannot sign in. */
  portalLoginUrl: string;
  /** Firebase accepted the credentials (the session loads the member next). */
  onSignedIn?: () => void;
};

// As the portal's login schema: both fields required, the email well-formed (the codes of REQUIRED
// and validationInvalidEmail, written out so the chunk does not carry the whole error-code table).
const REQUIRED = 'validation.required';
const INVALID_EMAIL = 'validation.invalidEmail';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type FieldErrors = { email?: string; password?: string };

function validate(email: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (email === '') errors.email = REQUIRED;
  else if (!EMAIL.test(email)) errors.email = INVALID_EMAIL;
  if (password === '') errors.password = REQUIRED;
  return errors;
}

export function SignInForm({ problem, portalLoginUrl, onSignedIn }: SignInFormProps) {
  const { t } = useTranslation(['widgets', 'errors']);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [needsPortal, setNeedsPortal] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const headingId = `${id}-title`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const trimmed = email.trim();
    const found = validate(trimmed, password);
    setErrors(found);
    setFailure(null);
    setNeedsPortal(false);
    if (found.email || found.password) {
      (found.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setBusy(true);
    try {
      await session.signIn(trimmed, password);
      onSignedIn?.();
    } catch (error) {
      const key = identityErrorKey(error);
      if (key === 'errors:identity.multi-factor-auth-required') setNeedsPortal(true);
      else setFailure(t(key));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: 'email' | 'password') => {
    const error = errors[name];
    const errorId = `${id}-${name}-error`;
    return {
      id: `${id}-${name}`,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? errorId : undefined,
      error: error ? (
        <p id={errorId} className="kiwi-sign-in__field-error">
          {t(`errors:${error}`)}
        </p>
      ) : null,
    };
  };
  const emailField = field('email');
  const passwordField = field('password');

  return (
    <form className="kiwi-sign-in" part="sign-in" noValidate onSubmit={submit} aria-labelledby={headingId} aria-busy={busy}>
      <h2 id={headingId} className="kiwi-sign-in__title">
        {t('widgets:signIn.title')}
      </h2>
      {problem && (
        <p role="alert" className="kiwi-sign-in__alert">
          {problem}
        </p>
      )}
      {failure && (
        <p role="alert" className="kiwi-sign-in__alert">
          {failure}
        </p>
      )}
      {needsPortal && (
        <p role="alert" className="kiwi-sign-in__alert">
          {t('widgets:signIn.mfaRequired')}{' '}
          <a href={portalLoginUrl} target="_blank" rel="noopener noreferrer">
            {t('widgets:signIn.openPortal')}
          </a>
        </p>
      )}
      <div className="kiwi-sign-in__field">
        <label htmlFor={emailField.id}>{t('widgets:signIn.email')}</label>
        <input
          ref={emailRef}
          id={emailField.id}
          type="email"
          inputMode="email"
          autoComplete="username"
          value={email}
          onChange={(change) => setEmail(change.target.value)}
          aria-invalid={emailField['aria-invalid']}
          aria-describedby={emailField['aria-describedby']}
        />
        {emailField.error}
      </div>
      <div className="kiwi-sign-in__field">
        <label htmlFor={passwordField.id}>{t('widgets:signIn.password')}</label>
        <input
          ref={passwordRef}
          id={passwordField.id}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(change) => setPassword(change.target.value)}
          aria-invalid={passwordField['aria-invalid']}
          aria-describedby={passwordField['aria-describedby']}
        />
        {passwordField.error}
      </div>
      <div className="kiwi-sign-in__actions">
        <button type="submit" className="kiwi-button kiwi-button--primary" disabled={busy}>
          {busy ? t('widgets:signIn.submitting') : t('widgets:signIn.submit')}
        </button>
        <a href={new URL('/user/reset_password', portalLoginUrl).href} target="_blank" rel="noopener noreferrer">
          {t('widgets:signIn.forgotPassword')}
        </a>
      </div>
    </form>
  );
}
