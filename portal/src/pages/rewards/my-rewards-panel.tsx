import { formatDate, formatNumber } from '@kiwi/shared/i18n/format';
import { useToast } from '@kiwi/shared/ui/toast';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../session/session-provider';
import { Empty, LoadFailed, Loading } from '../organization/page-states';
import { Pager, type PagerLabels } from '../organization/pager';
import { type GiftRedemption, rewardsKeys } from './types';
import { useRewardsTranslation } from './use-rewards-translation';
import { StatusBadge } from '../../layout/status-badge';

const PER_PAGE = 20;

/** The shared Pager in the rewards namespace's words. */
export function useRewardsPagerLabels(): PagerLabels {
  const { t } = useRewardsTranslation();
  return {
    navigation: t('mine.pagination'),
    previous: t('mine.previous'),
    next: t('mine.next'),
    pageOf: (page, total) => t('mine.pageOf', { page, total }),
  };
}

/** GET /user/gift_redemptions: what the member exchanged or won, newest first, with its status and, once issued, its code. */
export function MyRewardsPanel() {
  const { t } = useRewardsTranslation();
  const { api } = useSession();
  const [page, setPage] = useState(1);
  const redemptions = useQuery({
    queryKey: rewardsKeys.redemptions(page),
    queryFn: () => api.get<GiftRedemption[]>('/user/gift_redemptions', { page, per: PER_PAGE }),
    placeholderData: keepPreviousData,
  });
  const pagerLabels = useRewardsPagerLabels();
  if (redemptions.isPending) return <Loading />;
  if (redemptions.isError) return <LoadFailed onRetry={() => void redemptions.refetch()} />;
  return (
    <section aria-labelledby="rewards-mine-heading">
      <h2 id="rewards-mine-heading">{t('mine.heading')}</h2>
      {redemptions.data.data.length === 0 ? (
        <Empty text={t('mine.empty')} />
      ) : (
        <ul className="rewards-mine" aria-labelledby="rewards-mine-heading">
          {redemptions.data.data.map((redemption) => (
            <Redemption key={redemption.id} redemption={redemption} />
          ))}
        </ul>
      )}
      <Pager page={page} totalPages={redemptions.data.meta?.totalPages ?? 1} onPage={setPage} labels={pagerLabels} />
    </section>
  );
}

function Redemption({ redemption }: { redemption: GiftRedemption }) {
  const { t, i18n } = useRewardsTranslation();
  const { showToast } = useToast();
  const { status } = redemption;
  const copy = (code: string) =>
    navigator.clipboard.writeText(code).then(
      () => showToast(t('mine.copied'), 'success'),
      () => showToast(t('mine.copyFailed'), 'error'),
    );
  return (
    <li className="rewards-mine__item">
      {redemption.giftThumbnailUrl ? (
        <img className="rewards-mine__image" src={redemption.giftThumbnailUrl} alt="" loading="lazy" />
      ) : (
        <span className="rewards-mine__image rewards-card__image--none" aria-hidden="true" />
      )}
      <div className="rewards-mine__text">
        <h3 className="rewards-mine__name">{redemption.giftName}</h3>
        <p className="rewards-mine__meta">
          {t(`mine.sources.${redemption.source}`)}
          {redemption.coinsSpent > 0 &&
            ` · ${t('mine.coinsSpent', { value: formatNumber(redemption.coinsSpent, i18n.language), count: redemption.coinsSpent })}`}
          {` · ${t('mine.received', { date: formatDate(redemption.createdAt, i18n.language) })}`}
          {redemption.issuedAt && ` · ${t('mine.issued', { date: formatDate(redemption.issuedAt, i18n.language) })}`}
        </p>
        <p>
          <StatusBadge status={status}>{t(`mine.statuses.${status}`)}</StatusBadge>{' '}
          <span className="rewards-note">{t(`mine.statusHelp.${status}`)}</span>
        </p>
        {status === 'issued' && redemption.prizeCode && (
          <p className="rewards-code">
            <span>{t('mine.code')}: </span>
            <code data-testid="prize-code">{redemption.prizeCode}</code>{' '}
            <button
              type="button"
              className="kiwi-button"
              aria-label={t('mine.copyCode', { name: redemption.giftName })}
              onClick={() => void copy(redemption.prizeCode!)}
            >
              {t('mine.copy')}
            </button>
          </p>
        )}
      </div>
    </li>
  );
}
