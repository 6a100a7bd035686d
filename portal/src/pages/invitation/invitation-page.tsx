import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { HttpResponseError } from '@kiwi/shared/api/errors';
import { identityErrorKey } from '@kiwi/shared/api/identity-errors';
import { useSession } from '../../session/session-provider';
import { AuthCard } from '../auth-card';
import { FormFailure } from '../text-field';
import { apiErrorMessage, fieldErrors } from '../organization/api-error';

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

function AcceptForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const { t } = useTranslation('organization');
  const { api, signIn } = useSession();
  const navigate = useNavigate();
  const id = useId();
  const [name, setName] = useState(invitation.name);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFailure(null);
    if (password !== confirmation) {
      setErrors({ confirmation: t('invitation.passwordMismatch') });
      return;
    }
    setSubmitting(true);
    try {
      await api.post('/user/accept_invitation', { user: { token, name, password } }, { public: true });
    } catch (error) {
      setErrors(fieldErrors(t, error));
      setFailure(apiErrorMessage(t, error));
      setSubmitting(false);
      return;
    }
    try {
      await signIn(invitation.email, password);
      await navigate('/', { replace: true });
    } catch (error) {
      setFailure(t(identityErrorKey(error)));
      setSubmitting(false);
    }
  };

  const describe = (key: string) => (errors[key] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${key}-error` } : {});
  const error = (key: string) =>
    errors[key] ? (
      <p id={`${id}-${key}-error`} className="field__error">
        {errors[key]}
      </p>
    ) : null;

  return (
    <form noValidate onSubmit={submit} aria-busy={submitting}>
      <p>{t('invitation.intro', { organization: invitation.organizationName ?? 'Kiwi', email: invitation.email })}</p>
      <FormFailure message={failure} />
      <input type="email" autoComplete="username" value={invitation.email} readOnly hidden />
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('invitation.name')}</label>
        <input id={`${id}-name`} autoComplete="name" value={name} onChange={(event) => setName(event.target.value)} {...describe('name')} />
        {error('name')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-password`}>{t('invitation.password')}</label>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          {...describe('password')}
        />
        {error('password')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-confirmation`}>{t('invitation.passwordConfirm')}</label>
        <input
          id={`${id}-confirmation`}
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          {...describe('confirmation')}
        />
        {error('confirmation')}
      </div>
      <div className="auth-card__actions">
        <button type="submit" className="button button--primary" disabled={submitting}>
          {submitting ? t('invitation.submitting') : t('invitation.submit')}
        </button>
      </div>
    </form>
  );
}

function ResendForm() {
  const { t } = useTranslation('organization');
  const { api } = useSession();
  const id = useId();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState('sending');
    setErrors({});
    try {
      await api.post('/user/resend_invitation_from_email', { user: { email } }, { public: true });
      setState('sent');
    } catch (error) {
      setErrors({ email: fieldErrors(t, error).email ?? apiErrorMessage(t, error) });
      setState('idle');
    }
  };

  return (
    <form noValidate onSubmit={submit} aria-busy={state === 'sending'}>
      <p role="alert" className="alert alert--error">
        {t('invitation.expired')}
      </p>
      {state === 'sent' && (
        <p role="status" className="alert alert--success">
          {t('invitation.resent')}
        </p>
      )}
      <div className="field">
        <label htmlFor={`${id}-email`}>{t('invitation.email')}</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${id}-email-error` : undefined}
        />
        {errors.email && (
          <p id={`${id}-email-error`} className="field__error">
            {errors.email}
          </p>
        )}
      </div>
      <div className="auth-card__actions">
        <button type="submit" className="button button--primary" disabled={state === 'sending'}>
          {t('invitation.resend')}
        </button>
        <Link to="/login">{t('invitation.toLogin')}</Link>
      </div>
    </form>
  );
}
