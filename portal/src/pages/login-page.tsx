import { lazy, Suspense, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { identityErrorKey } from '@kiwi/shared/api/identity-errors';
import { useSession } from '../session/session-provider';
import { landingPath, safePreviousPath } from '../guards/access';
import { LoginSchema, type LoginInput } from './login-schema';
import { AuthCard } from './auth-card';
import { EmailField, FormFailure, TextField, SubmitButton } from './text-field';
import { LoginSso } from './login-sso';

// Loaded only when Firebase asks for a second factor (issue 16).
const LoginMfaStep = lazy(() => import('./login-mfa-step'));

/** SPEC §2: email and password sign-in; returns to previousPath afterwards (or the role's landing page). */
export function LoginPage() {
  const { t } = useTranslation('portal');
  const { signIn, status, kiwiUser, refusal } = useSession();
  const [searchParams] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const [secondFactor, setSecondFactor] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(LoginSchema), defaultValues: { email: '', password: '' } });

  if (status === 'signedIn') {
    return <Navigate to={safePreviousPath(searchParams.get('previousPath'), window.location.origin) ?? landingPath(kiwiUser)} replace />;
  }

  const onSubmit = async ({ email, password }: LoginInput) => {
    setFailure(null);
    try {
      await signIn(email, password);
    } catch (error) {
      if ((error as { code?: string }).code === 'auth/multi-factor-auth-required') setSecondFactor(error);
      else setFailure(t(identityErrorKey(error)));
    }
  };
  // After the identity sign-in the session still loads the product user; the form waits for it.
  const busy = isSubmitting || status === 'loading';

  return (
    <AuthCard title={t('login.title')}>
      {secondFactor ? (
        <Suspense>
          <LoginMfaStep error={secondFactor} onRestart={() => setSecondFactor(null)} />
        </Suspense>
      ) : (
        <form noValidate onSubmit={handleSubmit(onSubmit)} aria-busy={busy}>
          <FormFailure message={failure ?? refusal} />
          <EmailField label={t('login.email')} error={errors.email} {...register('email')} />
          <TextField
            label={t('login.password')}
            type="password"
            autoComplete="current-password"
            error={errors.password}
            {...register('password')}
          />
          <div className="auth-card__actions">
            <SubmitButton busy={busy} label={t('login.submit')} busyLabel={t('login.submitting')} />
            <Link to="/user/reset_password">{t('login.forgotPassword')}</Link>
          </div>
          <Link to="/user/sign_up">{t('signup:loginLink')}</Link>
        </form>
      )}
      <LoginSso onSecondFactor={setSecondFactor} />
    </AuthCard>
  );
}
