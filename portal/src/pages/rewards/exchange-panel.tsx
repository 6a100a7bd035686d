import { formatNumber } from '@kiwi/shared/i18n/format';
import { useToast } from '@kiwi/shared/ui/toast';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../session/session-provider';
import { useHome } from '../home/use-home';
import { Empty, LoadFailed, Loading } from '../organization/page-states';
import { Pager } from '../organization/pager';
import { newIdempotencyKey, useConfirmSpend, useSpend } from './spend';
import { type ExchangeGift, type GiftRedemption, rewardsKeys } from './types';
import { useRewardsTranslation } from './use-rewards-translation';
import { useRewardsPagerLabels } from './my-rewards-panel';

const PER_PAGE = 24;

/** The coin_exchange gifts the member can take now (GET /gifts, member view): a card each, exchanged after confirmation. */
export function ExchangePanel() {
  const { t, i18n } = useRewardsTranslation();
  const { api } = useSession();
  const { showToast } = useToast();
  const home = useHome();
  const [page, setPage] = useState(1);
  const gifts = useQuery({
    queryKey: rewardsKeys.exchangeGifts(page),
    queryFn: () => api.get<ExchangeGift[]>('/gifts', { page, per: PER_PAGE }),
    placeholderData: keepPreviousData,
  });
  const spend = useSpend<GiftRedemption>();
  const confirmSpend = useConfirmSpend();
  const pagerLabels = useRewardsPagerLabels();
  const number = (value: number) => formatNumber(value, i18n.language);
  const balance = home.data?.coinBalance;

  if (gifts.isPending) return <Loading />;
  if (gifts.isError) return <LoadFailed onRetry={() => void gifts.refetch()} />;

  const exchange = async (gift: ExchangeGift) => {
    const idempotencyKey = newIdempotencyKey();
    // The balance after is worked out from the balance read just now, not from when the page opened.
    const balance = (await home.refetch()).data?.coinBalance;
    confirmSpend({
      title: t('exchange.confirmTitle', { name: gift.name }),
      okLabel: t('exchange.ok'),
      body: (
        <>
          <p>{t('exchange.confirmCost', { cost: number(gift.needCoins), count: gift.needCoins })}</p>
          {balance !== undefined && (
            <p>{t('exchange.confirmAfter', { after: number(balance - gift.needCoins), count: balance - gift.needCoins })}</p>
          )}
        </>
      ),
      send: async () => {
        await spend.mutateAsync({ path: `/gifts/${encodeURIComponent(gift.id)}/exchanges`, idempotencyKey });
        showToast(t('exchange.done', { name: gift.name }), 'success');
      },
    });
  };

  return (
    <section className="rewards-exchange" aria-labelledby="rewards-exchange-heading">
      <h2 id="rewards-exchange-heading">{t('exchange.heading')}</h2>
      {gifts.data.data.length === 0 ? (
        <Empty text={t('exchange.empty')} />
      ) : (
        <ul className="rewards-cards">
          {gifts.data.data.map((gift) => {
            const short = balance !== undefined && balance < gift.needCoins ? gift.needCoins - balance : 0;
            return (
              <li key={gift.id} className="rewards-card">
                {gift.thumbnailUrl ? (
                  <img className="rewards-card__image" src={gift.thumbnailUrl} alt="" loading="lazy" />
                ) : (
                  <span className="rewards-card__image rewards-card__image--none" aria-hidden="true" />
                )}
                <h3 className="rewards-card__name">{gift.name}</h3>
                {gift.description && <p className="rewards-card__description">{gift.description}</p>}
                <p className="rewards-card__facts">
                  <span className="rewards-card__cost">
                    {t('exchange.needCoins', { value: number(gift.needCoins), count: gift.needCoins })}
                  </span>
                  <span>{gift.stock === null ? t('exchange.unlimited') : t('exchange.stock', { value: number(gift.stock) })}</span>
                </p>
                <button
                  type="button"
                  className="kiwi-button kiwi-button--primary"
                  aria-label={t('exchange.actionFor', { name: gift.name })}
                  disabled={short > 0 || spend.isPending}
                  onClick={() => void exchange(gift)}
                >
                  {t('exchange.action')}
                </button>
                {short > 0 && <p className="rewards-reason">{t('exchange.short', { value: number(short), count: short })}</p>}
              </li>
            );
          })}
        </ul>
      )}
      <Pager page={page} totalPages={gifts.data.meta?.totalPages ?? 1} onPage={setPage} labels={pagerLabels} />
    </section>
  );
}
