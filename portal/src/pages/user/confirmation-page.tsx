import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { HttpResponseError } from '@kiwi/shared/api/errors';
import { useSession } from '../../session/session-provider';
import { AuthCard } from '../auth-card';
import { FormFailure, SubmitButton } from '../text-field';
import { apiErrorMessage } from '../organization/api-error';
import { Field } from '../labelled-field';
import { schemaResolver } from './schema-resolver';
import { confirmationTokenOf, type ResendFormInput, ResendFormSchema } from './sign-up-schema';

/** Why the resend form is shown: the link expired or was used, the account is not confirmed yet, or no link at all. */
type ResendReason = 'expired' | 'unconfirmed' | 'none';

/**
 * SPEC §2 /user/confirmation (no sidebar): the mailed link confirms the address once (POST
 * /consumer_users/confirmation) and offers sign-in; an expired or used link, or an unconfirmed sign-in
 * (`?unconfirmed`, where the session sends it), gets the resend form.
 */
export function ConfirmationPage() {
  const { t } = useTranslation(['signup', 'errors']);
  const { api } = useSession();
  const [searchParams] = useSearchParams();
  const token = confirmationTokenOf(searchParams);
  // A query, not a mutation in an effect: one POST per token however often the page renders (the token is single use).
  const confirmation = useQuery({
    queryKey: ['consumer-confirmation', token],
    queryFn: () =>
      api.post<{ email: string }>('/consumer_users/confirmation', { consumer_user: { confirmation_token: token } }, { public: true }),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  let content: ReactNode;
  if (token === null) content = <ResendForm reason={searchParams.has('unconfirmed') ? 'unconfirmed' : 'none'} />;
  else if (token === '') content = <ResendForm reason="expired" />;
  else if (confirmation.isPending) content = <p role="status">{t('confirmation.checking')}</p>;
  else if (confirmation.isError) {
    const expired = confirmation.error instanceof HttpResponseError && confirmation.error.status === 410;
    content = expired ? <ResendForm reason="expired" /> : <ResendForm reason="none" failure={apiErrorMessage(t, confirmation.error)} />;
  } else {
    content = (
      <>
        <p role="status" className="alert alert--success">
          {t('confirmation.done')}
        </p>
        <div className="auth-card__actions">
          <Link className="kiwi-button kiwi-button--primary" to="/login">
            {t('confirmation.signIn')}
          </Link>
        </div>
      </>
    );
  }
  return <AuthCard title={t('confirmation.title')}>{content}</AuthCard>;
}

function ResendForm({ reason, failure }: { reason: ResendReason; failure?: string }) {
  const { t } = useTranslation(['signup', 'errors']);
  const { api } = useSession();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResendFormInput, unknown, ResendFormInput>({ resolver: schemaResolver(ResendFormSchema), defaultValues: { email: '' } });
  const resend = useMutation({
    mutationFn: ({ email }: ResendFormInput) =>
      api.post('/consumer_users/resend_confirmation', { consumer_user: { email } }, { public: true }),
  });
  const notice = { expired: t('errors:confirmation.expired'), unconfirmed: t('errors:auth.unconfirmed'), none: null }[reason];

  return (
    <form noValidate onSubmit={handleSubmit((values) => resend.mutate(values))} aria-busy={resend.isPending}>
      <FormFailure message={failure ?? notice} />
      <p>{t('confirmation.resendIntro')}</p>
      {resend.isSuccess && (
        <p role="status" className="alert alert--success">
          {t('confirmation.resent')}
        </p>
      )}
      <FormFailure message={resend.isError ? apiErrorMessage(t, resend.error) : null} />
      <Field label={t('confirmation.email')} error={errors.email?.message && t(`errors:${errors.email.message}`)}>
        {(props) => <input {...props} type="email" autoComplete="email" inputMode="email" {...register('email')} />}
      </Field>
      <div className="auth-card__actions">
        <SubmitButton busy={resend.isPending} label={t('confirmation.resend')} busyLabel={t('confirmation.resending')} />
        <Link to="/login">{t('toLogin')}</Link>
      </div>
    </form>
  );
}
