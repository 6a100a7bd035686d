import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/session-provider';
import { EmailField, FormFailure } from './text-field';
import { useAddressForm } from './use-address-form';

// An unknown address gets the same answer as a known one, so the form does not reveal who has an account.
const unknownAddress = (key: string) => key.endsWith('user-not-found');

/** SPEC §2, §7: sends the password-reset mail through Firebase (auth.languageCode follows the interface language). */
export function ResetPasswordPage() {
  const { t } = useTranslation('portal');
  const { sendPasswordResetEmail } = useSession();
  const { register, errors, isSubmitting, onSubmit, sentTo, failureKey } = useAddressForm(sendPasswordResetEmail, unknownAddress);

  return (
    <div className="auth-card">
      <h1>{t('resetPassword.title')}</h1>
      {sentTo ? (
        <p role="status" className="alert alert--success">
          {t('resetPassword.sent')}
        </p>
      ) : (
        <form noValidate onSubmit={onSubmit} aria-busy={isSubmitting}>
          <p>{t('resetPassword.description')}</p>
          <FormFailure message={failureKey && t(failureKey)} />
          <EmailField label={t('resetPassword.email')} error={errors.email} {...register('email')} />
          <div className="auth-card__actions">
            <button type="submit" className="kiwi-button kiwi-button--primary" disabled={isSubmitting}>
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
