// The compact sign-in of a widget (its own chunk): email and password against Firebase on the host page's origin.
// Errors are the portal's (shared/src/api/identity-errors.ts); an account with two-step verification is sent to the
// portal, which has the second step. Signing in here signs in every Kiwi widget of the page (session.ts).
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { identityErrorKey } from '@kiwi/shared/api/identity-errors';
import { problemsResolver } from '@kiwi/shared/forms/problems-resolver';
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

export type SignInValues = { email: string; password: string };

/** react-hook-form's resolver of the sign-in: the error codes as the type, their text as the message; the email trimmed. */
export function signInResolver(t: (key: string) => string): Resolver<SignInValues> {
  const problem = (code: string) => ({ type: code, message: t(`errors:${code}`) });
  return problemsResolver<SignInValues>(
    ({ email, password }) => {
      const address = email.trim();
      return {
        email: address === '' ? problem(REQUIRED) : EMAIL.test(address) ? null : problem(INVALID_EMAIL),
        password: password === '' ? problem(REQUIRED) : null,
      };
    },
    (values) => ({ ...values, email: values.email.trim() }),
  );
}

export function SignInForm({ problem, portalLoginUrl, onSignedIn }: SignInFormProps) {
  const { t } = useTranslation(['widgets', 'errors']);
  const { register, handleSubmit, formState } = useForm<SignInValues>({
    defaultValues: { email: '', password: '' },
    resolver: signInResolver(t),
  });
  const signIn = useMutation({
    mutationFn: ({ email, password }: SignInValues) => session.signIn(email, password),
    onSuccess: () => onSignedIn?.(),
  });
  const failureKey = signIn.error ? identityErrorKey(signIn.error) : null;
  const needsPortal = failureKey === 'errors:identity.multi-factor-auth-required';
  const failure = failureKey && !needsPortal ? t(failureKey) : null;
  const busy = signIn.isPending;
  const id = useId();
  const headingId = `${id}-title`;

  const submit = handleSubmit((values) => {
    if (!busy) signIn.mutate(values);
  });

  const field = (name: keyof SignInValues) => {
    const error = formState.errors[name]?.message;
    const errorId = `${id}-${name}-error`;
    return {
      id: `${id}-${name}`,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? errorId : undefined,
      error: error ? (
        <p id={errorId} className="kiwi-sign-in__field-error">
          {error}
        </p>
      ) : null,
    };
  };
  const emailField = field('email');
  const passwordField = field('password');

  return (
    <form
      className="kiwi-sign-in"
      part="sign-in"
      noValidate
      onSubmit={(event) => {
        // A new attempt clears the last one's failure, as before its fields are checked.
        if (!busy) signIn.reset();
        void submit(event);
      }}
      aria-labelledby={headingId}
      aria-busy={busy}
    >
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
          id={emailField.id}
          type="email"
          inputMode="email"
          autoComplete="username"
          {...register('email')}
          aria-invalid={emailField['aria-invalid']}
          aria-describedby={emailField['aria-describedby']}
        />
        {emailField.error}
      </div>
      <div className="kiwi-sign-in__field">
        <label htmlFor={passwordField.id}>{t('widgets:signIn.password')}</label>
        <input
          id={passwordField.id}
          type="password"
          autoComplete="current-password"
          {...register('password')}
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
