import { identityErrorKey } from '@kiwi/shared/api/identity-errors';
import { useToast } from '@kiwi/shared/ui/toast';
import { type ReactNode, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TotpEnrollment } from '../../../identity/mfa';
import { QrCode } from '../../app-install/qr-code';
import { FormFailure, TextField, SubmitButton } from '../../text-field';
import { schemaResolver } from '../schema-resolver';
import { Section } from '../section';
import { CodeField } from './code-field';
import { type CodeForm, type CodeFormInput, CodeFormSchema, type PhoneForm, type PhoneFormInput, PhoneFormSchema } from './mfa-schema';
import { mfa, useRefreshState } from './mfa-state';

// Enrolling a second factor: by SMS (a code sent to the phone) or an authenticator app (a QR code, then a code).

export function SmsSection() {
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
            <button type="button" className="kiwi-button" onClick={() => void sendCode({ phoneNumber: sent.phoneNumber })}>
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
            <SubmitButton busy={phoneForm.formState.isSubmitting} label={t('mfa:sms.send')} busyLabel={t('mfa:sms.sending')} />
          </div>
        </form>
      )}
      <div ref={recaptcha} />
    </Section>
  );
}

/** Beyond the spec: an authenticator app, offered only where the project enables TOTP (never the Auth Emulator). */
export function TotpSection({ email }: { email: string }) {
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
          <button type="button" className="kiwi-button kiwi-button--primary" disabled={starting} onClick={() => void start()}>
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
        <SubmitButton busy={isSubmitting} label={t(`${kind}.confirm`)} busyLabel={t(`${kind}.confirming`)} />
        {extra}
        <button type="button" className="kiwi-button kiwi-button--text" onClick={onCancel}>
          {t(`${kind}.cancel`)}
        </button>
      </div>
    </form>
  );
}
