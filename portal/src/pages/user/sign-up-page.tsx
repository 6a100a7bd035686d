import { useState } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CONFIRMATION_LIFETIME_HOURS } from '@kiwi/shared/schemas/consumer-user';
import { PASSWORD_LIMITS } from '@kiwi/shared/schemas/invitation';
import { USER_LIMITS } from '@kiwi/shared/schemas/user-limits';
import { useSession } from '../../session/session-provider';
import { AuthCard } from '../auth-card';
import { FormFailure, SubmitButton } from '../text-field';
import { apiErrorMessage, fieldErrors } from '../organization/api-error';
import { Field } from '../labelled-field';
import { schemaResolver } from './schema-resolver';
import {
  messageParams,
  PASSWORD_MISMATCH,
  type SignUpField,
  type SignUpFormInput,
  type SignUpFormOutput,
  SignUpFormSchema,
  signUpPayload,
} from './sign-up-schema';

/**
 * Issue 16: self sign-up to a consumer-plan organisation (no sidebar). The server answers alike whether the address is
 * new or known, so the page always ends on "check your mail". Like the sign-in page it does without react-query: /login
 * links here and prefetches this chunk when idle, which must not bring react-query to every sign-in (decisions.md).
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
    formState: { errors, isSubmitting },
  } = useForm<SignUpFormInput, unknown, SignUpFormOutput>({
    resolver: schemaResolver(SignUpFormSchema),
    defaultValues: { email: '', password: '', password_confirmation: '', name: '', nickname: '', join_code: '' },
  });
  const onSubmit = async (values: SignUpFormOutput) => {
    setFailure(null);
    try {
      await api.post('/consumer_users', signUpPayload(values, i18n.language), { public: true });
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
          {t('sent', { email: sentTo, hours: CONFIRMATION_LIFETIME_HOURS })}
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
  const busy = isSubmitting;

  return (
    <AuthCard title={t('title')}>
      <form noValidate onSubmit={handleSubmit(onSubmit)} aria-busy={busy}>
        <p>{t('intro')}</p>
        <FormFailure message={failure} />
        <Field label={t('joinCodeLabel')} hints={[t('joinCodeHint')]} error={message('join_code')}>
          {(props) => <input {...props} autoComplete="off" autoCapitalize="characters" spellCheck={false} {...register('join_code')} />}
        </Field>
        <Field label={t('email')} error={message('email')}>
          {(props) => <input {...props} type="email" autoComplete="email" inputMode="email" {...register('email')} />}
        </Field>
        <Field label={t('password')} hints={[t('passwordHint', { min: PASSWORD_LIMITS.min })]} error={message('password')}>
          {(props) => <input {...props} type="password" autoComplete="new-password" {...register('password')} />}
        </Field>
        <Field label={t('passwordConfirmation')} error={message('password_confirmation')}>
          {(props) => <input {...props} type="password" autoComplete="new-password" {...register('password_confirmation')} />}
        </Field>
        <Field label={t('name')} error={message('name')}>
          {(props) => <input {...props} autoComplete="name" {...register('name')} />}
        </Field>
        <Field label={t('nickname')} hints={[t('nicknameHint', { max: USER_LIMITS.nicknameMax })]} error={message('nickname')}>
          {(props) => <input {...props} autoComplete="nickname" {...register('nickname')} />}
        </Field>
        <div className="auth-card__actions">
          <SubmitButton busy={busy} label={t('submit')} busyLabel={t('submitting')} />
          <Link to="/login">{t('toLogin')}</Link>
        </div>
      </form>
    </AuthCard>
  );
}
