import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { identityErrorKey } from '@kiwi/shared/api/identity-errors';
import { type Language, resolveLanguage } from '@kiwi/shared/i18n/languages';
import { type ActionLinkQuery, type ActionMode, parseActionLink, safeContinuePath } from '@kiwi/shared/schemas/action-link';
import { loadLanguage } from '../../i18n/portal-i18n';
import { useSession } from '../../session/session-provider';
import { AuthCard } from '../auth-card';
import { LoadingView } from '../loading-view';
import { Field } from '../labelled-field';
import { EmailField, FormFailure, SubmitButton } from '../text-field';
import {
  EMAIL_FOR_SIGN_IN_KEY,
  type NewPassword,
  NewPasswordSchema,
  PASSWORD_LIMITS,
  type SignInEmail,
  type SignInEmailInput,
  SignInEmailSchema,
} from './actions-schema';

// Long addresses wrap on a 320 px phone (inline: a stylesheet of its own would add a file name to the entry /login loads).
const WRAP = { overflowWrap: 'anywhere' } as const;

// The SDK calls live in their own module, fetched with this page (they join the SDK chunk, not the entry).
const identity = () => import('../../identity/actions');

/**
 * SPEC §2, §5 /user/actions (no sidebar): where every mailed Firebase action link leads. The link's mode, code, api key,
 * continue URL and language are checked (zod), the page speaks the link's language, does what the mode asks once, and
 * shows the outcome with the next step. A continue URL counts only on Kiwi's own origin.
 */
export function ActionsPage() {
  const [params] = useSearchParams();
  const parsed = useMemo(() => parseActionLink(params), [params]);
  const { i18n } = useTranslation();
  const ready = useLinkLanguage(params.get('lang') ? resolveLanguage(params.get('lang')) : (i18n.language as Language));
  const { t } = useTranslation(['actions', 'errors']);
  if (!ready) return <LoadingView />;
  if (!parsed.ok) {
    return (
      <AuthCard title={t('actions:invalidLink.title')}>
        <div style={WRAP}>
          <Outcome kind="error" text={t(`actions:invalidLink.${parsed.problem}`)} />
          <NextSteps continuePath={null} />
        </div>
      </AuthCard>
    );
  }
  const { link } = parsed;
  return (
    <AuthCard title={t(`actions:${link.mode}.title`)}>
      <div style={WRAP}>
        <ModeView
          key={`${link.mode}:${link.oobCode}`}
          link={link}
          continuePath={safeContinuePath(link.continueUrl, [window.location.origin])}
        />
      </div>
    </AuthCard>
  );
}

function ModeView({ link, continuePath }: { link: ActionLinkQuery; continuePath: string | null }) {
  switch (link.mode) {
    case 'resetPassword':
      return <ResetPassword oobCode={link.oobCode} continuePath={continuePath} />;
    case 'signIn':
      return <SignIn oobCode={link.oobCode} continuePath={continuePath} />;
    default:
      return <AppliedCode mode={link.mode} oobCode={link.oobCode} continuePath={continuePath} />;
  }
}

/**
 * The page in the link's language (Firebase writes the mail in it): its strings are loaded and the interface switched
 * for this visit, without saving it as the device's or the user's choice.
 */
function useLinkLanguage(language: Language): boolean {
  const { i18n } = useTranslation();
  const [ready, setReady] = useState(() => i18n.language === language && i18n.hasResourceBundle(language, 'actions'));
  useEffect(() => {
    let live = true;
    loadLanguage(i18n, language)
      .then(() => (i18n.language === language ? undefined : i18n.changeLanguage(language)))
      .catch((error: unknown) => console.error('Could not load the link language', error))
      .finally(() => {
        if (live) setReady(true);
      });
    return () => {
      live = false;
    };
  }, [i18n, language]);
  return ready;
}

// A code works once: the run for a code is kept, so a second render (StrictMode, a re-mount) shows its outcome
// instead of spending the code again and reporting it as used.
const runs = new Map<string, Promise<unknown>>();
function once<T>(key: string, run: () => Promise<T>): Promise<T> {
  let pending = runs.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = run();
    runs.set(key, pending);
  }
  return pending;
}

type Run<T> = { status: 'pending' } | { status: 'done'; value: T } | { status: 'failed'; error: unknown };

function useOnce<T>(key: string | null, run: () => Promise<T>): Run<T> {
  const [state, setState] = useState<Run<T>>({ status: 'pending' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the run is named by its key; a new closure is the same run.
  useEffect(() => {
    if (key === null) return;
    let live = true;
    setState({ status: 'pending' });
    once(key, run).then(
      (value) => live && setState({ status: 'done', value }),
      (error: unknown) => live && setState({ status: 'failed', error }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return state;
}

function Outcome({ kind, text }: { kind: 'success' | 'error' | 'pending'; text: string }) {
  if (kind === 'pending') return <p role="status">{text}</p>;
  return (
    <p role={kind === 'error' ? 'alert' : 'status'} className={`alert alert--${kind}`}>
      {text}
    </p>
  );
}

/** The next step: continue where the mail was sent from (own origin only), home when signed in, else sign in. */
function NextSteps({ continuePath, extra }: { continuePath: string | null; extra?: ReactNode }) {
  const { t } = useTranslation('actions');
  const { status } = useSession();
  const signedIn = status === 'signedIn';
  return (
    <div className="auth-card__actions">
      {extra}
      {continuePath && (
        <Link className="kiwi-button kiwi-button--primary" to={continuePath}>
          {t('next.continue')}
        </Link>
      )}
      {signedIn ? (
        <Link className={continuePath ? 'kiwi-button kiwi-button--text' : 'kiwi-button kiwi-button--primary'} to="/">
          {t('next.home')}
        </Link>
      ) : (
        continuePath !== '/login' && (
          <Link className={continuePath ? 'kiwi-button kiwi-button--text' : 'kiwi-button kiwi-button--primary'} to="/login">
            {t('next.signIn')}
          </Link>
        )
      )}
    </div>
  );
}

/** verifyEmail, recoverEmail, verifyAndChangeEmail, revertSecondFactorAddition: applied as soon as the page opens. */
function AppliedCode({
  mode,
  oobCode,
  continuePath,
}: {
  mode: Exclude<ActionMode, 'signIn' | 'resetPassword'>;
  oobCode: string;
  continuePath: string | null;
}) {
  const { t } = useTranslation(['actions', 'errors']);
  const { auth } = useSession();
  const run = useOnce(`${mode}:${oobCode}`, async () => (await identity()).applyAction(auth, mode, oobCode));
  if (run.status === 'pending') return <Outcome kind="pending" text={t('actions:working')} />;
  if (run.status === 'failed') {
    return (
      <>
        <Outcome kind="error" text={t(identityErrorKey(run.error))} />
        <p>{t(`actions:${mode}.failedHint`)}</p>
        <NextSteps continuePath={null} />
      </>
    );
  }
  const email = run.value.email ?? '';
  const offersReset = mode === 'recoverEmail' || mode === 'revertSecondFactorAddition';
  return (
    <>
      <Outcome kind="success" text={t(`actions:${mode}.done`, { email })} />
      {offersReset && <p>{t(`actions:${mode}.resetAdvice`)}</p>}
      <NextSteps continuePath={continuePath} extra={offersReset && email ? <SendResetButton email={email} /> : undefined} />
    </>
  );
}

/** recoverEmail, revertSecondFactorAddition: someone else may know the password, so a reset is one click away. */
function SendResetButton({ email }: { email: string }) {
  const { t } = useTranslation(['actions', 'errors']);
  const { sendPasswordResetEmail } = useSession();
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const send = async () => {
    setState('sending');
    setFailure(null);
    try {
      await sendPasswordResetEmail(email);
      setState('sent');
    } catch (error) {
      setFailure(t(identityErrorKey(error)));
      setState('idle');
    }
  };
  if (state === 'sent') return <Outcome kind="success" text={t('actions:sendReset.sent', { email })} />;
  return (
    <>
      <FormFailure message={failure} />
      <button type="button" className="kiwi-button kiwi-button--primary" onClick={send} disabled={state === 'sending'}>
        {state === 'sending' ? t('actions:sendReset.sending') : t('actions:sendReset.submit')}
      </button>
    </>
  );
}

/** resetPassword: the code is checked first (it names the account), then the new password is set with it. */
function ResetPassword({ oobCode, continuePath }: { oobCode: string; continuePath: string | null }) {
  const { t } = useTranslation(['actions', 'errors']);
  const { auth } = useSession();
  const check = useOnce(`resetPassword:check:${oobCode}`, async () => (await identity()).passwordResetEmail(auth, oobCode));
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<NewPassword>({
    resolver: zodResolver(NewPasswordSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  if (check.status === 'pending') return <Outcome kind="pending" text={t('actions:checking')} />;
  if (check.status === 'failed') {
    return (
      <>
        <Outcome kind="error" text={t(identityErrorKey(check.error))} />
        <p>{t('actions:resetPassword.failedHint')}</p>
        <div className="auth-card__actions">
          <Link className="kiwi-button kiwi-button--primary" to="/user/reset_password">
            {t('actions:resetPassword.requestAgain')}
          </Link>
          <Link className="kiwi-button kiwi-button--text" to="/login">
            {t('actions:next.signIn')}
          </Link>
        </div>
      </>
    );
  }
  if (done) {
    return (
      <>
        <Outcome kind="success" text={t('actions:resetPassword.done')} />
        <NextSteps continuePath={continuePath ?? '/login'} />
      </>
    );
  }

  const onSubmit = async ({ newPassword }: NewPassword) => {
    setFailure(null);
    try {
      await (await identity()).resetPassword(auth, oobCode, newPassword);
      setDone(true);
    } catch (error) {
      setFailure(t(identityErrorKey(error)));
    }
  };
  const message = (field: keyof NewPassword) => {
    const code = errors[field]?.message;
    if (!code) return undefined;
    if (code === 'mismatch') return t('actions:resetPassword.mismatch');
    return t(`errors:${code}`, { count: code === 'validation.tooLong' ? PASSWORD_LIMITS.max : PASSWORD_LIMITS.min });
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-busy={isSubmitting}>
      <p>{t('actions:resetPassword.intro', { email: check.value })}</p>
      <FormFailure message={failure} />
      {/* Lets a password manager store the new password under the right account. */}
      <input type="email" autoComplete="username" value={check.value} readOnly hidden />
      <Field
        label={t('actions:resetPassword.newPassword')}
        hints={[t('actions:resetPassword.policy', { count: PASSWORD_LIMITS.min })]}
        error={message('newPassword')}
      >
        {(props) => <input {...props} type="password" autoComplete="new-password" {...register('newPassword')} />}
      </Field>
      <Field label={t('actions:resetPassword.confirmPassword')} error={message('confirmPassword')}>
        {(props) => <input {...props} type="password" autoComplete="new-password" {...register('confirmPassword')} />}
      </Field>
      <div className="auth-card__actions">
        <SubmitButton busy={isSubmitting} label={t('actions:resetPassword.submit')} busyLabel={t('actions:resetPassword.submitting')} />
      </div>
    </form>
  );
}

function storedEmail(): string | null {
  try {
    return localStorage.getItem(EMAIL_FOR_SIGN_IN_KEY);
  } catch {
    return null;
  }
}

/**
 * signIn: Firebase's email-link sign-in with the address the login page stored when it sent the link; on another
 * device the address is asked for. Signed in, the session continues to the continue URL (own origin) or home.
 */
function SignIn({ oobCode, continuePath }: { oobCode: string; continuePath: string | null }) {
  const { t } = useTranslation(['actions', 'errors']);
  const { auth } = useSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState<string | null>(storedEmail);
  const run = useOnce(email === null ? null : `signIn:${oobCode}:${email}`, async () => {
    const actions = await identity();
    if (!actions.isEmailSignInLink(auth, window.location.href))
      throw Object.assign(new Error('Not a sign-in link'), { code: 'auth/invalid-action-code' });
    await actions.signInWithLink(auth, email ?? '', window.location.href);
  });
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (run.status === 'done') {
      try {
        localStorage.removeItem(EMAIL_FOR_SIGN_IN_KEY);
      } catch {
        // Storage refused: nothing was kept either.
      }
      void navigate(continuePath ?? '/', { replace: true });
    }
    if (run.status === 'failed') {
      const code = (run.error as { code?: unknown } | null)?.code;
      // A link sent to another address: ask again rather than end here (the code is still good).
      if (code === 'auth/invalid-email') {
        setFailure(t('actions:signIn.otherAddress'));
        setEmail(null);
      }
    }
  }, [run, continuePath, navigate, t]);

  if (email === null) return <SignInEmailForm failure={failure} onSubmit={setEmail} />;
  if (run.status === 'failed' && (run.error as { code?: unknown } | null)?.code !== 'auth/invalid-email') {
    return (
      <>
        <Outcome kind="error" text={t(identityErrorKey(run.error))} />
        <p>{t('actions:signIn.failedHint')}</p>
        <NextSteps continuePath={null} />
      </>
    );
  }
  return <Outcome kind="pending" text={t('actions:signIn.signingIn')} />;
}

function SignInEmailForm({ failure, onSubmit }: { failure: string | null; onSubmit: (email: string) => void }) {
  const { t } = useTranslation(['actions', 'errors']);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignInEmailInput, unknown, SignInEmail>({ resolver: zodResolver(SignInEmailSchema), defaultValues: { email: '' } });
  return (
    <form noValidate onSubmit={handleSubmit(({ email }) => onSubmit(email.toLowerCase()))}>
      <p>{t('actions:signIn.askEmail')}</p>
      <FormFailure message={failure} />
      <EmailField label={t('actions:signIn.email')} error={errors.email} {...register('email')} />
      <div className="auth-card__actions">
        <button type="submit" className="kiwi-button kiwi-button--primary">
          {t('actions:signIn.submit')}
        </button>
      </div>
    </form>
  );
}
