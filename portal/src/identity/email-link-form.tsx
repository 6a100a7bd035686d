import { useTranslation } from 'react-i18next';
import { EmailField, FormFailure } from '../pages/text-field';
import { useAddressForm } from '../pages/use-address-form';

const send = async (email: string) => (await import('./sso')).sendSignInLink(email);
// Only what the person can act on (no connection, too many tries, a malformed address) is shown; never "no such account".
const neutral = (key: string) => !/network-request-failed|too-many-requests|invalid-email/.test(key);

/** /login's "email me a sign-in link" (issue 16): the same neutral answer whether or not the address has an account. */
export function EmailLinkForm() {
  const { t } = useTranslation('sso');
  const { register, errors, isSubmitting, onSubmit, sentTo, failureKey } = useAddressForm(send, neutral);

  if (sentTo) {
    return (
      <p role="status" className="alert alert--success">
        {t('login.emailLinkSent', { email: sentTo })}
      </p>
    );
  }
  return (
    <form className="login-sso__link" noValidate onSubmit={onSubmit} aria-busy={isSubmitting} aria-label={t('login.emailLink')}>
      <FormFailure message={failureKey && t(failureKey)} />
      <EmailField label={t('login.emailLinkAddress')} error={errors.email} {...register('email')} />
      <button type="submit" className="kiwi-button kiwi-button--primary" disabled={isSubmitting}>
        {t(isSubmitting ? 'login.emailLinkSending' : 'login.emailLinkSubmit')}
      </button>
    </form>
  );
}
