import { zodResolver } from '@hookform/resolvers/zod';
import { identityErrorKey } from '@kiwi/shared/api/identity-errors';
import { formatNumber } from '@kiwi/shared/i18n/format';
import { PASSWORD_LIMITS } from '@kiwi/shared/schemas/invitation';
import { useConfirm } from '@kiwi/shared/ui/confirm-dialog';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../session/session-provider';
import { apiErrorMessage } from '../organization/api-error';
import { type CancellationPassword, CancellationPasswordSchema } from './cancellation-schema';
// The profile's cards and fields: the page is the profile's continuation.
import '../user/profile.css';
import './cancellation.css';

type Named = { id: number; name: string };
/** GET /api/user/cancellation, decoded (camelCase). */
export type CancellationSummary = {
  id: string;
  cancelledAt: string | null;
  coinBalance: number;
  guilds: Named[];
  pendingGrants: { count: number; amount: number };
  lastManagerOf: Named[];
};

export const CANCELLATION_DONE_PATH = '/user/cancellation/done';

/**
 * /user/cancellation (issue 16, SPEC §1): what ending the membership takes away (one server read), the current
 * password (SPEC §7 re-authentication, so the server sees a fresh sign-in), the shared confirmation dialog, then
 * POST /api/user/cancellation. On success the session ends and the signed-out done page says so.
 */
export function CancellationPage() {
  const { t, i18n } = useTranslation(['cancellation', 'errors']);
  const { api, signOut } = useSession();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const passwordId = useId();
  const errorId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const summary = useQuery({
    queryKey: ['user', 'cancellation'],
    queryFn: async () => (await api.get<CancellationSummary>('/user/cancellation')).data,
  });
  const cancel = useMutation({
    mutationFn: async () => (await api.post<CancellationSummary>('/user/cancellation', { cancellation: { confirm: true } })).data,
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<CancellationPassword, unknown, CancellationPassword>({
    // The sign-in page's resolver: react-hook-form and it stay one chunk for /login (a second user of only one splits them).
    resolver: zodResolver(CancellationPasswordSchema),
    defaultValues: { password: '' },
  });

  const onSubmit = async ({ password }: CancellationPassword) => {
    setFailure(null);
    try {
      const { reauthenticateWithPassword } = await import('../../identity/reauthenticate');
      await reauthenticateWithPassword(password);
    } catch (error) {
      setFailure(t(identityErrorKey(error)));
      return;
    }
    confirm({
      title: t('cancellation:confirm.title'),
      body: t('cancellation:confirm.body'),
      okLabel: t('cancellation:confirm.ok'),
      onSubmit: async () => {
        try {
          await cancel.mutateAsync();
        } catch (error) {
          setFailure(apiErrorMessage(t, error));
          void summary.refetch();
          throw error;
        }
        // The done page is public: move there first, so the guards never send a signed-out user to /login.
        await navigate(CANCELLATION_DONE_PATH, { replace: true });
        await signOut();
      },
    });
  };

  const data = summary.data;
  const blocked = (data?.lastManagerOf.length ?? 0) > 0;
  const language = i18n.language;
  const passwordError = errors.password?.message ? t(`errors:${errors.password.message}`, { count: PASSWORD_LIMITS.max }) : undefined;

  return (
    <div className="cancellation-page">
      <header>
        <h1>{t('cancellation:title')}</h1>
        <p className="cancellation-page__intro">{t('cancellation:intro')}</p>
      </header>
      <section className="profile-card" aria-labelledby={`${passwordId}-summary`}>
        <h2 id={`${passwordId}-summary`}>{t('cancellation:summary.title')}</h2>
        {summary.isPending ? (
          <p role="status">{t('cancellation:summary.loading')}</p>
        ) : summary.isError || !data ? (
          <div role="alert" className="alert alert--error">
            <p>{t('cancellation:summary.loadFailed')}</p>
            <button type="button" className="kiwi-button kiwi-button--text" onClick={() => void summary.refetch()}>
              {t('cancellation:summary.retry')}
            </button>
          </div>
        ) : (
          <ul className="cancellation-page__losses" data-testid="cancellation-summary">
            <li>{t('cancellation:summary.coins', { balance: formatNumber(data.coinBalance, language) })}</li>
            <li>
              {data.guilds.length === 0
                ? t('cancellation:summary.noGuilds')
                : t('cancellation:summary.guilds', {
                    count: data.guilds.length,
                    names: data.guilds.map((guild) => guild.name).join(', '),
                  })}
            </li>
            <li>
              {data.pendingGrants.count === 0
                ? t('cancellation:summary.noPendingGrants')
                : t('cancellation:summary.pendingGrants', {
                    count: data.pendingGrants.count,
                    amount: formatNumber(data.pendingGrants.amount, language),
                  })}
            </li>
            <li>{t('cancellation:summary.personalData')}</li>
          </ul>
        )}
        {blocked && data && (
          <p role="alert" className="alert alert--error">
            {t('cancellation:summary.lastManager', { organizations: data.lastManagerOf.map((org) => org.name).join(', ') })}
          </p>
        )}
      </section>
      <section className="profile-card" aria-labelledby={`${passwordId}-title`}>
        <h2 id={`${passwordId}-title`}>{t('cancellation:password.title')}</h2>
        <form noValidate onSubmit={handleSubmit(onSubmit)} aria-busy={isSubmitting}>
          {failure && (
            <p role="alert" className="alert alert--error">
              {failure}
            </p>
          )}
          <div className="field">
            <label htmlFor={passwordId}>{t('cancellation:password.label')}</label>
            <input
              id={passwordId}
              type="password"
              autoComplete="current-password"
              aria-invalid={passwordError ? true : undefined}
              aria-describedby={passwordError ? errorId : undefined}
              {...register('password')}
            />
            {passwordError && (
              <p id={errorId} className="field__error">
                {passwordError}
              </p>
            )}
          </div>
          <div className="profile-card__actions">
            <Link to="/user/profile" className="kiwi-button kiwi-button--text">
              {t('cancellation:back')}
            </Link>
            <button type="submit" className="kiwi-button kiwi-button--danger" disabled={isSubmitting || blocked || !data}>
              {isSubmitting ? t('cancellation:password.submitting') : t('cancellation:submit')}
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}
