import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { identityErrorKey } from '@kiwi/shared/api/identity-errors';
import { useSession } from '../session/session-provider';
import { ResetPasswordSchema, type ResetPasswordInput } from './login-schema';
import { EmailField, FormFailure } from './text-field';

/** SPEC §2, §7: sends the password-reset mail through Firebase (auth.languageCode follows the interface language). */
export function ResetPasswordPage() {
  const { t } = useTranslation('portal');
  const { sendPasswordResetEmail } = useSession();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordInput>({ resolver: zodResolver(ResetPasswordSchema), defaultValues: { email: '' } });

  const onSubmit = async ({ email }: ResetPasswordInput) => {
    setFailure(null);
    try {
      await sendPasswordResetEmail(email);
      setSent(true);
    } catch (error) {
      const key = identityErrorKey(error);
      // An unknown address gets the same answer as a known one, so the form does not reveal who has an account.
      if (key.endsWith('user-not-found')) setSent(true);
      else setFailure(t(key));
    }
  };

  return (
    <div className="auth-card">
      <h1>{t('resetPassword.title')}</h1>
      {sent ? (
        <p role="status" className="alert alert--success">
          {t('resetPassword.sent')}
        </p>
      ) : (
        <form noValidate onSubmit={handleSubmit(onSubmit)} aria-busy={isSubmitting}>
          <p>{t('resetPassword.description')}</p>
          <FormFailure message={failure} />
          <EmailField label={t('resetPassword.email')} error={errors.email} {...register('email')} />
          <div className="auth-card__actions">
            <button type="submit" className="button button--primary" disabled={isSubmitting}>
              {t('resetPassword.submit')}
            </button>
          </div>
        </form>
      )}
      <p>
        <Link to="/login">{t('resetPassword.backToLogin')}</Link>
      </p>
    </div>
  );
}
