import { fetchClientConfig } from '@kiwi/shared/api/client-config';
import { identityErrorKey } from '@kiwi/shared/api/identity-errors';
import { useConfirm } from '@kiwi/shared/ui/confirm-dialog';
import { useToast } from '@kiwi/shared/ui/toast';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TotpEnrollment } from '../../../identity/mfa';
import { useSession } from '../../../session/session-provider';
import { QrCode } from '../../app-install/qr-code';
import { FormFailure, TextField } from '../../text-field';
import { schemaResolver } from '../schema-resolver';
import { Section } from '../section';
import { CodeField } from './code-field';
import { type FactorView, factorViews } from './factor-view';
import {
  type CodeForm,
  type CodeFormInput,
  CodeFormSchema,
  type PhoneForm,
  type PhoneFormInput,
  PhoneFormSchema,
  type ReauthForm,
  ReauthFormSchema,
} from './mfa-schema';
import '../profile.css';
import './mfa.css';

const MFA_QUERY_KEY = ['mfa-state'] as const;
// The /login second-factor step, for a re-authentication that asks for a factor (loaded then).
const LoginMfaStep = lazy(() => import('../../login-mfa-step'));
// Firebase's calls live in their own chunk, fetched when this page first needs them.
const mfa = () => import('../../../identity/mfa');

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
          <button type="button" className="button button--text" onClick={() => void state.refetch()}>
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

/** Re-reads the factors after a change (Firebase's user object already holds them). */
function useRefreshState() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: MFA_QUERY_KEY });
}

function EmailVerificationSection({ email, onCheck, checking }: { email: string; onCheck: () => Promise<unknown>; checking: boolean }) {
  const { t } = useTranslation(['mfa', 'errors']);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);

  const send = async () => {
    setFailure(null);
    setSending(true);
    try {
      await (await mfa()).sendVerificationMail(`${window.location.origin}/user/actions`);
      setSent(true);
    } catch (error) {
      setFailure(t(identityErrorKey(error)));
    } finally {
      setSending(false);
    }
  };
  const check = async () => {
    await onCheck();
    setChecked(true);
  };

  return (
    <Section title={t('email.title')}>
      <p>{t('email.explanation', { email })}</p>
      <FormFailure message={failure} />
      {sent && (
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
        <button type="button" className="button button--primary" disabled={sending} onClick={() => void send()}>
          {sending ? t('email.sending') : t('email.send')}
        </button>
        <button type="button" className="button" disabled={checking} onClick={() => void check()}>
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
                  className="button"
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
        <button type="submit" className="button button--primary">
          {t('mfa:remove.submit')}
        </button>
        <button type="button" className="button" onClick={onDone}>
          {t('mfa:remove.cancel')}
        </button>
      </div>
    </form>
  );
}

function SmsSection() {
  const { t } = useTranslation(['mfa', 'errors']);
  const { showToast } = useToast();
  const refresh = useRefreshState();
  const recaptcha = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<{ phoneNumber: string; verificationId: string } | null>(null);
  const phoneForm = useForm<PhoneFormInput, unknown, PhoneForm>({
    resolver: schemaResolver(PhoneFormSchema),
    defaultValues: { phoneNumber: '' },
  });

  const sendCode = async ({ phoneNumber }: PhoneForm) => {
    setFailure(null);
    try {
      const verificationId = await (await mfa()).startSmsEnrollment(phoneNumber, recaptcha.current!);
      setSent({ phoneNumber, verificationId });
    } catch (error) {
      setFailure(t(identityErrorKey(error)));
    }
  };
  const confirmCode = async (code: string) => {
    if (!sent) return;
    setFailure(null);
    try {
      await (await mfa()).finishSmsEnrollment(sent.verificationId, code);
    } catch (error) {
      setFailure(t(identityErrorKey(error)));
      return;
    }
    setSent(null);
    phoneForm.reset();
    showToast(t('mfa:sms.enrolled'), 'success');
    await refresh();
  };

  return (
    <Section title={t('mfa:sms.title')}>
      <p className="profile-card__muted">{t('mfa:sms.explanation')}</p>
      <FormFailure message={failure} />
      {sent ? (
        <CodeEntryForm
          kind="sms"
          onConfirm={confirmCode}
          onCancel={() => setSent(null)}
          status={<p role="status">{t('mfa:sms.sentTo', { phoneNumber: sent.phoneNumber })}</p>}
          extra={
            <button type="button" className="button" onClick={() => void sendCode({ phoneNumber: sent.phoneNumber })}>
              {t('mfa:sms.resend')}
            </button>
          }
        />
      ) : (
        <form noValidate onSubmit={phoneForm.handleSubmit(sendCode)} aria-busy={phoneForm.formState.isSubmitting}>
          <TextField
            label={t('mfa:sms.phoneNumber')}
            type="tel"
            autoComplete="tel"
            maxLength={32}
            error={phoneForm.formState.errors.phoneNumber}
            {...phoneForm.register('phoneNumber')}
          />
          <p className="field__hint">{t('mfa:sms.phoneNumberHint')}</p>
          <div className="profile-card__actions mfa-actions">
            <button type="submit" className="button button--primary" disabled={phoneForm.formState.isSubmitting}>
              {phoneForm.formState.isSubmitting ? t('mfa:sms.sending') : t('mfa:sms.send')}
            </button>
          </div>
        </form>
      )}
      <div ref={recaptcha} />
    </Section>
  );
}

/** Beyond the spec: an authenticator app, offered only where the project enables TOTP (never the Auth Emulator). */
function TotpSection({ email }: { email: string }) {
  const { t } = useTranslation(['mfa', 'errors', 'common']);
  const { showToast } = useToast();
  const refresh = useRefreshState();
  const [failure, setFailure] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [enrollment, setEnrollment] = useState<TotpEnrollment | null>(null);

  const start = async () => {
    setFailure(null);
    setStarting(true);
    try {
      setEnrollment(await (await mfa()).startTotpEnrollment(email, t('common:appName')));
    } catch (error) {
      setFailure(t(identityErrorKey(error)));
    } finally {
      setStarting(false);
    }
  };
  const confirmCode = async (code: string) => {
    if (!enrollment) return;
    setFailure(null);
    try {
      await (await mfa()).finishTotpEnrollment(enrollment, code);
    } catch (error) {
      setFailure(t(identityErrorKey(error)));
      return;
    }
    setEnrollment(null);
    showToast(t('mfa:totp.enrolled'), 'success');
    await refresh();
  };

  return (
    <Section title={t('mfa:totp.title')}>
      <p className="profile-card__muted">{t('mfa:totp.explanation')}</p>
      <FormFailure message={failure} />
      {enrollment ? (
        <CodeEntryForm
          kind="totp"
          onConfirm={confirmCode}
          onCancel={() => setEnrollment(null)}
          status={
            <>
              <QrCode value={enrollment.url} label={t('mfa:totp.qr')} />
              <p className="mfa-key">{t('mfa:totp.key', { key: enrollment.key })}</p>
            </>
          }
        />
      ) : (
        <div className="profile-card__actions mfa-actions">
          <button type="button" className="button button--primary" disabled={starting} onClick={() => void start()}>
            {starting ? t('mfa:totp.starting') : t('mfa:totp.start')}
          </button>
        </div>
      )}
    </Section>
  );
}

/** The code step of an enrolment: what was sent or shown, the code, confirm, the step's other actions, cancel. */
function CodeEntryForm({
  kind,
  status,
  extra,
  onConfirm,
  onCancel,
}: {
  kind: 'sms' | 'totp';
  status: ReactNode;
  extra?: ReactNode;
  onConfirm: (code: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('mfa');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<CodeFormInput, unknown, CodeForm>({ resolver: schemaResolver(CodeFormSchema), defaultValues: { code: '' } });

  return (
    <form noValidate onSubmit={handleSubmit(({ code }) => onConfirm(code))} aria-busy={isSubmitting}>
      {status}
      <CodeField label={t(`${kind}.code`)} error={errors.code} {...register('code')} />
      <div className="profile-card__actions mfa-actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {isSubmitting ? t(`${kind}.confirming`) : t(`${kind}.confirm`)}
        </button>
        {extra}
        <button type="button" className="button button--text" onClick={onCancel}>
          {t(`${kind}.cancel`)}
        </button>
      </div>
    </form>
  );
}
