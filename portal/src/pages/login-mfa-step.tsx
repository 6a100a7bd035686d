import { identityErrorKey } from '@kiwi/shared/api/identity-errors';
import type { MultiFactorResolver } from 'firebase/auth';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { finishSmsSignIn, finishTotpSignIn, secondFactorResolver, sendSignInCode } from '../identity/mfa';
import { maskPhoneNumber } from './user/mfa/factor-view';
import { type CodeForm, type CodeFormInput, CodeFormSchema } from './user/mfa/mfa-schema';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormFailure, SubmitButton } from './text-field';
import { CodeField } from './user/mfa/code-field';

type Hint = { uid: string; factorId: string; label: string };

function hintsOf(resolver: MultiFactorResolver): Hint[] {
  return resolver.hints.map((hint) => {
    const phoneNumber = 'phoneNumber' in hint && typeof hint.phoneNumber === 'string' ? maskPhoneNumber(hint.phoneNumber) : '';
    return { uid: hint.uid, factorId: hint.factorId, label: [hint.displayName, phoneNumber].filter(Boolean).join(' ') };
  });
}

/**
 * The /login second step (issue 16), loaded only when Firebase answers auth/multi-factor-auth-required: texts a code
 * to the enrolled phone (or asks for the authenticator app's) and completes the sign-in; the session then loads the
 * product user and the login page moves on as after a password sign-in. /user/mfa_setting uses it the same way for a
 * re-authentication (`purpose`), then runs `onResolved`.
 */
export default function LoginMfaStep({
  error,
  onRestart,
  purpose = 'login',
  onResolved,
}: {
  error: unknown;
  onRestart: () => void;
  purpose?: 'login' | 'reauth';
  onResolved?: () => Promise<void>;
}) {
  const { t } = useTranslation(['mfa', 'errors']);
  const [resolver] = useState(() => secondFactorResolver(error));
  const hints = hintsOf(resolver);
  const [selected, setSelected] = useState(hints[0]?.uid ?? '');
  const [verificationId, setVerificationId] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const recaptcha = useRef<HTMLDivElement>(null);
  const hint = hints.find((candidate) => candidate.uid === selected) ?? hints[0];
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<CodeFormInput, unknown, CodeForm>({ resolver: zodResolver(CodeFormSchema), defaultValues: { code: '' } });

  const sendCode = async () => {
    if (!hint) return;
    setFailure(null);
    setSending(true);
    try {
      setVerificationId(await sendSignInCode(resolver, hint.uid, recaptcha.current!));
    } catch (sendError) {
      setFailure(t(identityErrorKey(sendError)));
    } finally {
      setSending(false);
    }
  };
  const onSubmit = async ({ code }: CodeForm) => {
    if (!hint) return;
    setFailure(null);
    try {
      if (hint.factorId === 'totp') await finishTotpSignIn(resolver, hint.uid, code);
      else if (verificationId) await finishSmsSignIn(resolver, verificationId, code);
      await onResolved?.();
    } catch (signInError) {
      setFailure(t(identityErrorKey(signInError)));
    }
  };
  const needsCode = hint?.factorId === 'phone' && !verificationId;

  return (
    <div className="login-mfa">
      <h2>{t(`mfa:${purpose}.title`)}</h2>
      <p>{t(`mfa:${purpose}.explanation`)}</p>
      <FormFailure message={failure} />
      {hints.length > 1 && (
        <div className="field">
          <label htmlFor="login-mfa-method">{t('mfa:login.method')}</label>
          <select
            id="login-mfa-method"
            value={hint?.uid}
            onChange={(event) => {
              setSelected(event.target.value);
              setVerificationId(null);
            }}
          >
            {hints.map((candidate) => (
              <option key={candidate.uid} value={candidate.uid}>
                {t(candidate.factorId === 'totp' ? 'mfa:login.totp' : 'mfa:login.sms', { label: candidate.label })}
              </option>
            ))}
          </select>
        </div>
      )}
      {needsCode ? (
        <div className="auth-card__actions">
          <button type="button" className="kiwi-button kiwi-button--primary" disabled={sending} onClick={() => void sendCode()}>
            {sending ? t('mfa:login.sending') : t('mfa:login.send')}
          </button>
        </div>
      ) : (
        <form noValidate onSubmit={handleSubmit(onSubmit)} aria-busy={isSubmitting}>
          {hint?.factorId === 'phone' && <p role="status">{t('mfa:login.sentTo', { label: hint.label })}</p>}
          <CodeField
            label={t(hint?.factorId === 'totp' ? 'mfa:login.totpCode' : 'mfa:login.code')}
            error={errors.code}
            {...register('code')}
          />
          <div className="auth-card__actions">
            <SubmitButton busy={isSubmitting} label={t(`mfa:${purpose}.submit`)} busyLabel={t(`mfa:${purpose}.submitting`)} />
            {hint?.factorId === 'phone' && (
              <button type="button" className="kiwi-button kiwi-button--text" disabled={sending} onClick={() => void sendCode()}>
                {t('mfa:sms.resend')}
              </button>
            )}
          </div>
        </form>
      )}
      <div ref={recaptcha} />
      <button type="button" className="kiwi-button kiwi-button--text" onClick={onRestart}>
        {t('mfa:login.back')}
      </button>
    </div>
  );
}
