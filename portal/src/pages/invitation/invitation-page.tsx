import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { HttpResponseError } from '@kiwi/shared/api/errors';
import { identityErrorKey } from '@kiwi/shared/api/identity-errors';
import { useSession } from '../../session/session-provider';
import { AuthCard } from '../auth-card';
import { FormFailure, SubmitButton } from '../text-field';
import { AcceptInvitationSchema, EmailLookupSchema } from '@kiwi/shared/schemas/invitation';
import { z } from 'zod';
import { Field } from '../labelled-field';
import { apiErrorMessage } from '../organization/api-error';
import { useSchemaForm } from '../use-schema-form';

/** The page's own code for two passwords that differ (translated from the organization namespace). */
const PASSWORD_MISMATCH = 'passwordMismatch';

type Invitation = { id: string; email: string; name: string; organizationName: string | null };

/**
 * SPEC §2 /user/invitation (no sidebar): the link from the invitation mail. The token is checked, the invitee sets a
 * name and password (POST /user/accept_invitation), is signed in and lands on /. An expired link offers a new one.
 */
export function InvitationPage() {
  const { t } = useTranslation('organization');
  const { api } = useSession();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const check = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => api.post<Invitation>('/user/check_effective_token', { user: { token } }, { public: true }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });

  let content: ReactNode;
  if (!token) content = <Notice text={t('invitation.noToken')} />;
  else if (check.isPending) content = <p role="status">{t('invitation.checking')}</p>;
  else if (check.isError) {
    const status = check.error instanceof HttpResponseError ? check.error.status : 0;
    if (status === 410) content = <ResendForm />;
    else if (status === 404) content = <Notice text={t('invitation.invalid')} />;
    else content = <Notice text={apiErrorMessage(t, check.error)} />;
  } else content = <AcceptForm token={token} invitation={check.data.data} />;

  return <AuthCard title={t('invitation.title')}>{content}</AuthCard>;
}

function Notice({ text }: { text: string }) {
  const { t } = useTranslation('organization');
  return (
    <>
      <p role="alert" className="alert alert--error">
        {text}
      </p>
      <Link to="/login">{t('invitation.toLogin')}</Link>
    </>
  );
}

const user = AcceptInvitationSchema.shape.user.shape;
/** The name and password as the API judges them, and the password typed again (the page's own check). */
const AcceptFormSchema = z
  .object({ name: user.name, password: user.password, confirmation: z.string() })
  .refine((values) => values.password === values.confirmation, { path: ['confirmation'], error: PASSWORD_MISMATCH });
type AcceptFormValues = { name: string; password: string; confirmation: string };
const ResendFormSchema = EmailLookupSchema.shape.user;

function AcceptForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const { t } = useTranslation('organization');
  const { api, signIn } = useSession();
  const navigate = useNavigate();
  // A refusal of the sign-in that follows (the account is made): said above the form like the API's.
  const [signInFailure, setSignInFailure] = useState<string | null>(null);
  const { form, register, onSubmit, busy, failure, message } = useSchemaForm<AcceptFormValues, z.output<typeof AcceptFormSchema>>({
    schema: AcceptFormSchema,
    defaultValues: { name: invitation.name, password: '', confirmation: '' },
    send: ({ name, password }) => {
      setSignInFailure(null);
      return api.post('/user/accept_invitation', { user: { token, name, password } }, { public: true });
    },
    onSaved: async (_answer, { password }) => {
      try {
        await signIn(invitation.email, password);
        await navigate('/', { replace: true });
      } catch (error) {
        setSignInFailure(t(identityErrorKey(error)));
      }
    },
  });
  const error = (field: keyof AcceptFormValues) =>
    form.formState.errors[field]?.message === PASSWORD_MISMATCH ? t('invitation.passwordMismatch') : message(field);

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={busy}>
      <p>{t('invitation.intro', { organization: invitation.organizationName ?? 'Kiwi', email: invitation.email })}</p>
      <FormFailure message={failure ?? signInFailure} />
      <input type="email" autoComplete="username" value={invitation.email} readOnly hidden />
      <Field label={t('invitation.name')} error={error('name')}>
        {(props) => <input {...props} autoComplete="name" {...register('name')} />}
      </Field>
      <Field label={t('invitation.password')} error={error('password')}>
        {(props) => <input {...props} type="password" autoComplete="new-password" {...register('password')} />}
      </Field>
      <Field label={t('invitation.passwordConfirm')} error={error('confirmation')}>
        {(props) => <input {...props} type="password" autoComplete="new-password" {...register('confirmation')} />}
      </Field>
      <div className="auth-card__actions">
        <SubmitButton busy={busy} label={t('invitation.submit')} busyLabel={t('invitation.submitting')} />
      </div>
    </form>
  );
}

function ResendForm() {
  const { t } = useTranslation('organization');
  const { api } = useSession();
  const { register, onSubmit, busy, failure, message, mutation } = useSchemaForm({
    schema: ResendFormSchema,
    defaultValues: { email: '' },
    send: (user) => api.post('/user/resend_invitation_from_email', { user }, { public: true }),
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={busy}>
      <p role="alert" className="alert alert--error">
        {t('invitation.expired')}
      </p>
      {mutation.isSuccess && (
        <p role="status" className="alert alert--success">
          {t('invitation.resent')}
        </p>
      )}
      <Field label={t('invitation.email')} error={message('email') ?? failure ?? undefined}>
        {(props) => <input {...props} type="email" autoComplete="email" {...register('email')} />}
      </Field>
      <div className="auth-card__actions">
        <button type="submit" className="kiwi-button kiwi-button--primary" disabled={busy}>
          {t('invitation.resend')}
        </button>
        <Link to="/login">{t('invitation.toLogin')}</Link>
      </div>
    </form>
  );
}
