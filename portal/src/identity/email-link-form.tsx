import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { identityErrorKey } from '@kiwi/shared/api/identity-errors';
import { ResetPasswordSchema, type ResetPasswordInput } from '../pages/login-schema';
import { EmailField, FormFailure } from '../pages/text-field';

// What a person can act on (no connection, too many tries, a malformed address); never "no such account".
const SHOWN = /network-request-failed|too-many-requests|invalid-email/;

/** /login's "email me a sign-in link" (issue 16): the same neutral answer whether or not the address has an account. */
export function EmailLinkForm() {
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
      await (await import('./sso')).sendSignInLink(email);
    } catch (error) {
      const key = identityErrorKey(error);
      if (SHOWN.test(key)) return setFailure(t(key));
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
    <form
      className="login-sso__link"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-busy={isSubmitting}
      aria-label={t('login.emailLink')}
    >
      <FormFailure message={failure} />
      <EmailField label={t('login.emailLinkAddress')} error={errors.email} {...register('email')} />
      <button type="submit" className="button button--primary" disabled={isSubmitting}>
        {t(isSubmitting ? 'login.emailLinkSending' : 'login.emailLinkSubmit')}
      </button>
    </form>
  );
}
