import { fetchClientConfig } from '@kiwi/shared/api/client-config';
import { identityErrorKey } from '@kiwi/shared/api/identity-errors';
import { useConfirm } from '@kiwi/shared/ui/confirm-dialog';
import { useToast } from '@kiwi/shared/ui/toast';
import { useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../session/session-provider';
import { FormFailure, TextField } from '../../text-field';
import { schemaResolver } from '../schema-resolver';
import { Section } from '../section';
import { type FactorView, factorViews } from './factor-view';
import { type ReauthForm, ReauthFormSchema } from './mfa-schema';
import '../profile.css';
import './mfa.css';
import { SmsSection, TotpSection } from './enrol-factor-sections';
import { MFA_QUERY_KEY, mfa, useRefreshState } from './mfa-state';

// The /login second-factor step, for a re-authentication that asks for a factor (loaded then).
const LoginMfaStep = lazy(() => import('../../login-mfa-step'));

/**
 * /user/mfa_setting (issue 16, SPEC §7 mfaEnrollment): the enrolled second factors, SMS enrolment (a verified email
 * first), authenticator apps where the project allows them, and removal after re-entering the password.
 */
export function MfaSettingPage() {
  const { t } = useTranslation('mfa');
  const { api } = useSession();
  // Read from Firebase after a reload of the user; on returning to the tab it is read again, so a verification made
  // in the mail's tab shows here.
  const state = useQuery({ queryKey: MFA_QUERY_KEY, queryFn: async () => (await mfa()).loadMfaState() });
  const config = useQuery({ queryKey: ['client-config'], queryFn: () => fetchClientConfig(api), staleTime: Number.POSITIVE_INFINITY });

  return (
    <div className="profile-page mfa-page">
      <header>
        <h1>{t('title')}</h1>
        <p className="profile-page__intro">{t('intro')}</p>
      </header>
      {state.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : state.isError ? (
        <div role="alert" className="alert alert--error">
          <p>{t('loadFailed')}</p>
          <button type="button" className="kiwi-button kiwi-button--text" onClick={() => void state.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <>
          <FactorsSection factors={state.data.factors} />
          {state.data.emailVerified ? (
            <>
              <SmsSection />
              {config.data?.totpMfa === true && <TotpSection email={state.data.email} />}
            </>
          ) : (
            <EmailVerificationSection email={state.data.email} onCheck={() => state.refetch()} checking={state.isFetching} />
          )}
        </>
      )}
    </div>
  );
}

function EmailVerificationSection({ email, onCheck, checking }: { email: string; onCheck: () => Promise<unknown>; checking: boolean }) {
  const { t } = useTranslation(['mfa', 'errors']);
  const [checked, setChecked] = useState(false);
  const send = useMutation({
    mutationFn: async () => (await mfa()).sendVerificationMail(`${window.location.origin}/user/actions`),
  });
  const sending = send.isPending;
  const check = async () => {
    await onCheck();
    setChecked(true);
  };

  return (
    <Section title={t('email.title')}>
      <p>{t('email.explanation', { email })}</p>
      <FormFailure message={send.isError ? t(identityErrorKey(send.error)) : null} />
      {send.isSuccess && (
        <p role="status" className="alert alert--success">
          {t('email.sent', { email })}
        </p>
      )}
      {checked && !checking && (
        <p role="status" className="profile-card__muted">
          {t('email.stillUnverified')}
        </p>
      )}
      <div className="profile-card__actions mfa-actions">
        <button type="button" className="kiwi-button kiwi-button--primary" disabled={sending} onClick={() => send.mutate()}>
          {sending ? t('email.sending') : t('email.send')}
        </button>
        <button type="button" className="kiwi-button" disabled={checking} onClick={() => void check()}>
          {checking ? t('email.checking') : t('email.checkAgain')}
        </button>
      </div>
    </Section>
  );
}

function FactorsSection({ factors }: { factors: Parameters<typeof factorViews>[0] }) {
  const { t, i18n } = useTranslation('mfa');
  const [removing, setRemoving] = useState<FactorView | null>(null);
  const views = factorViews(factors, i18n.language);

  return (
    <Section title={t('factors.title')}>
      {views.length === 0 ? (
        <p className="profile-card__muted">{t('factors.empty')}</p>
      ) : (
        <ul className="mfa-factors">
          {views.map((factor) => {
            const kind = t(`factors.kind.${factor.kind}`);
            return (
              <li key={factor.uid} className="mfa-factor">
                <div className="mfa-factor__text">
                  <span className="mfa-factor__kind">{kind}</span> <span>{factor.label}</span>
                  <span className="mfa-factor__date">{t('factors.enrolledOn', { date: factor.enrolledOn })}</span>
                </div>
                <button
                  type="button"
                  className="kiwi-button"
                  aria-label={t('factors.removeLabel', { kind, label: factor.label })}
                  aria-expanded={removing?.uid === factor.uid}
                  onClick={() => setRemoving(factor)}
                >
                  {t('factors.remove')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {removing && <RemoveFactorForm key={removing.uid} factor={removing} onDone={() => setRemoving(null)} />}
    </Section>
  );
}

/**
 * SPEC §7: the current password first, then the shared confirmation dialog, the re-authentication (with a second
 * factor when Firebase asks for one, the /login step's component), then mfaEnrollment:withdraw.
 */
function RemoveFactorForm({ factor, onDone }: { factor: FactorView; onDone: () => void }) {
  const { t } = useTranslation(['mfa', 'errors']);
  const confirm = useConfirm();
  const { showToast } = useToast();
  const refresh = useRefreshState();
  const [failure, setFailure] = useState<string | null>(null);
  const [reauthentication, setReauthentication] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ReauthForm, unknown, ReauthForm>({ resolver: schemaResolver(ReauthFormSchema), defaultValues: { currentPassword: '' } });
  const names = { kind: t(`mfa:factors.kind.${factor.kind}`), label: factor.label };

  const onSubmit = ({ currentPassword }: ReauthForm) => {
    setFailure(null);
    confirm({
      title: t('mfa:remove.confirmTitle'),
      body: t('mfa:remove.confirmBody', names),
      okLabel: t('mfa:remove.submit'),
      onSubmit: async () => {
        try {
          const identity = await mfa();
          const secondFactor = await identity.reauthenticate(currentPassword);
          // The password was right; Firebase asks for a second factor too before the removal.
          if (secondFactor) setReauthentication(secondFactor);
          else await remove();
        } catch (error) {
          setFailure(t(identityErrorKey(error)));
        }
      },
    });
  };
  const remove = async () => {
    await (await mfa()).removeFactor(factor.uid);
    showToast(t('mfa:remove.done'), 'success');
    onDone();
    await refresh();
  };

  if (reauthentication)
    return (
      <div className="mfa-remove">
        <Suspense>
          <LoginMfaStep error={reauthentication} purpose="reauth" onResolved={remove} onRestart={() => setReauthentication(null)} />
        </Suspense>
      </div>
    );
  return (
    <form className="mfa-remove" noValidate onSubmit={handleSubmit(onSubmit)}>
      <h3>{t('mfa:remove.title', names)}</h3>
      <p className="profile-card__muted">{t('mfa:remove.explanation')}</p>
      <FormFailure message={failure} />
      <TextField
        label={t('mfa:remove.currentPassword')}
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword}
        {...register('currentPassword')}
      />
      <div className="profile-card__actions mfa-actions">
        <button type="submit" className="kiwi-button kiwi-button--primary">
          {t('mfa:remove.submit')}
        </button>
        <button type="button" className="kiwi-button" onClick={onDone}>
          {t('mfa:remove.cancel')}
        </button>
      </div>
    </form>
  );
}
