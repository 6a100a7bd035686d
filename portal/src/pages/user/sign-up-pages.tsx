import { useMutation, useQuery } from '@tanstack/react-query';
import { cloneElement, type ComponentProps, type ReactElement, type ReactNode, useId, useState } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { HttpResponseError } from '@kiwi/shared/api/errors';
import { PASSWORD_LIMITS } from '@kiwi/shared/schemas/invitation';
import { USER_LIMITS } from '@kiwi/shared/schemas/user-limits';
import { useSession } from '../../session/session-provider';
import { AuthCard } from '../auth-card';
import { FormFailure } from '../text-field';
import { apiErrorMessage, fieldErrors } from '../organization/api-error';
import { schemaResolver } from './schema-resolver';
import {
  confirmationTokenOf,
  messageParams,
  PASSWORD_MISMATCH,
  type ResendFormInput,
  ResendFormSchema,
  type SignUpField,
  type SignUpFormInput,
  type SignUpFormOutput,
  SignUpFormSchema,
  signUpPayload,
} from './sign-up-schema';

// The public pages of self sign-up (issue 16): the form, and the confirmation link's page with its resend form. One
// module, so both routes share one chunk.

const CONFIRMATION_HOURS = 24;

/**
 * Issue 16: self sign-up to a consumer-plan organisation (no sidebar). The server answers alike whether the address is
 * new or known, so the page always ends on "check your mail".
 */
export function SignUpPage() {
  const { t, i18n } = useTranslation(['signup', 'errors']);
  const { api } = useSession();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SignUpFormInput, unknown, SignUpFormOutput>({
    resolver: schemaResolver(SignUpFormSchema),
    defaultValues: { email: '', password: '', password_confirmation: '', name: '', nickname: '', join_code: '' },
  });
  const signUp = useMutation({
    mutationFn: (values: SignUpFormOutput) => api.post('/consumer_users', signUpPayload(values, i18n.language), { public: true }),
  });

  const onSubmit = async (values: SignUpFormOutput) => {
    setFailure(null);
    try {
      await signUp.mutateAsync(values);
      setSentTo(values.email);
    } catch (error) {
      const byField = fieldErrors(t, error);
      for (const [field, message] of Object.entries(byField)) setError(field as SignUpField, { type: 'server', message });
      // A refusal that names no field (the seat limit, too many tries) is said at the top of the form.
      if (Object.keys(byField).length === 0) setFailure(apiErrorMessage(t, error));
    }
  };

  if (sentTo) {
    return (
      <AuthCard title={t('sentTitle')}>
        <p role="status" className="alert alert--success">
          {t('sent', { email: sentTo, hours: CONFIRMATION_HOURS })}
        </p>
        <div className="auth-card__actions">
          <Link to="/login">{t('toLogin')}</Link>
          <Link to="/user/confirmation">{t('notReceived')}</Link>
        </div>
      </AuthCard>
    );
  }

  const message = (field: SignUpField): string | undefined => {
    const error: FieldError | undefined = errors[field];
    if (!error?.message) return undefined;
    if (error.type === 'server') return error.message;
    if (error.message === PASSWORD_MISMATCH) return t('passwordMismatch');
    return t(`errors:${error.message}`, messageParams(field, error.message));
  };
  const busy = signUp.isPending;

  return (
    <AuthCard title={t('title')}>
      <form noValidate onSubmit={handleSubmit(onSubmit)} aria-busy={busy}>
        <p>{t('intro')}</p>
        <FormFailure message={failure} />
        <Field label={t('joinCodeLabel')} hint={t('joinCodeHint')} error={message('join_code')}>
          <input autoComplete="off" autoCapitalize="characters" spellCheck={false} {...register('join_code')} />
        </Field>
        <Field label={t('email')} error={message('email')}>
          <input type="email" autoComplete="email" inputMode="email" {...register('email')} />
        </Field>
        <Field label={t('password')} hint={t('passwordHint', { min: PASSWORD_LIMITS.min })} error={message('password')}>
          <input type="password" autoComplete="new-password" {...register('password')} />
        </Field>
        <Field label={t('passwordConfirmation')} error={message('password_confirmation')}>
          <input type="password" autoComplete="new-password" {...register('password_confirmation')} />
        </Field>
        <Field label={t('name')} error={message('name')}>
          <input autoComplete="name" {...register('name')} />
        </Field>
        <Field label={t('nickname')} hint={t('nicknameHint', { max: USER_LIMITS.nicknameMax })} error={message('nickname')}>
          <input autoComplete="nickname" {...register('nickname')} />
        </Field>
        <div className="auth-card__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t('submitting') : t('submit')}
          </button>
          <Link to="/login">{t('toLogin')}</Link>
        </div>
      </form>
    </AuthCard>
  );
}

/** A labelled input with its hint and error tied to it for screen readers. */
function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error: string | undefined;
  children: ReactElement<ComponentProps<'input'>>;
}) {
  const id = useId();
  const described = [...(hint ? [`${id}-hint`] : []), ...(error ? [`${id}-error`] : [])].join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described })}
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

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
          <Link className="button button--primary" to="/login">
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
        <input type="email" autoComplete="email" inputMode="email" {...register('email')} />
      </Field>
      <div className="auth-card__actions">
        <button type="submit" className="button button--primary" disabled={resend.isPending}>
          {resend.isPending ? t('confirmation.resending') : t('confirmation.resend')}
        </button>
        <Link to="/login">{t('toLogin')}</Link>
      </div>
    </form>
  );
}
