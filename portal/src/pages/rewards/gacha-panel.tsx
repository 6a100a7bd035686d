import { formatDate, formatNumber } from '@kiwi/shared/i18n/format';
import type { GachaType } from '@kiwi/shared/schemas/rewards';
import { useToast } from '@kiwi/shared/ui/toast';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useSession } from '../../session/session-provider';
import { useHome } from '../home/use-home';
import { Empty, LoadFailed, Loading } from '../organization/page-states';
import { DrawResultDialog } from './draw-result-dialog';
import { OddsTable, type OddsRow } from './odds-table';
import { newIdempotencyKey, useConfirmSpend, useSpend } from './spend';
import { type GachaDraw, type GachaGift, type GachaMeta, rewardsKeys } from './types';
import { useRewardsTranslation } from './use-rewards-translation';

const oddsRowsOf = (gifts: GachaGift[]): OddsRow[] =>
  gifts.map((gift) => ({ key: gift.id, name: gift.name, remaining: gift.remaining, probability: gift.probability }));

/**
 * The weekly (free, a draw a week plus one per stamp card) or the dream gacha (coins per draw): the prizes with their
 * exact odds now, whether the member can draw and why not, and the draw itself. The odds are read again right before the
 * confirmation, so what the member agrees to is what the server draws from; the result shows the table the server used.
 */
export function GachaPanel({ type, onShowMine }: { type: GachaType; onShowMine: () => void }) {
  const { t, i18n } = useRewardsTranslation(['errors']);
  const { api } = useSession();
  const { showToast } = useToast();
  const home = useHome();
  const gacha = useQuery({
    queryKey: rewardsKeys.gacha(type),
    queryFn: async () => {
      const document = await api.get<GachaGift[]>(`/gifts/${type}`);
      return { gifts: document.data, meta: document.meta as unknown as GachaMeta };
    },
  });
  const spend = useSpend<GachaDraw>();
  const confirmSpend = useConfirmSpend();
  const [refreshing, setRefreshing] = useState(false);
  const [result, setResult] = useState<GachaDraw | null>(null);
  const drawn = useRef<GachaDraw | null>(null);
  const reasonId = useId();
  const section = type === 'weekly_gacha' ? 'weekly' : 'dream';
  const number = (value: number) => formatNumber(value, i18n.language);

  if (gacha.isPending) return <Loading />;
  if (gacha.isError) return <LoadFailed onRetry={() => void gacha.refetch()} />;
  const { gifts, meta } = gacha.data;
  const cost = meta.cost ?? 0;

  const startDraw = async () => {
    const idempotencyKey = newIdempotencyKey();
    setRefreshing(true);
    const [fresh] = await Promise.all([gacha.refetch(), type === 'dream_gacha' ? home.refetch() : null]).finally(() =>
      setRefreshing(false),
    );
    if (fresh.isError || !fresh.data) {
      showToast(t('refreshFailed'), 'error');
      return;
    }
    // Someone may have drawn the last prize meanwhile: the panel now says why, with the button disabled.
    if (!fresh.data.meta.canDraw) return;
    const balance = home.data?.coinBalance;
    drawn.current = null;
    confirmSpend({
      title: t(`${section}.confirmTitle`, { cost: number(cost), count: cost }),
      okLabel: t('weekly.draw'),
      body: (
        <>
          <p>
            {type === 'weekly_gacha'
              ? t('weekly.confirmBody')
              : balance === undefined
                ? t('dream.confirmBody', { after: '—' })
                : t('dream.confirmBody', { after: number(balance - cost), count: balance - cost })}
          </p>
          <OddsTable rows={oddsRowsOf(fresh.data.gifts)} missProbability={fresh.data.meta.missProbability} />
        </>
      ),
      send: async () => {
        drawn.current = await spend.mutateAsync({ path: '/gacha_draws', body: { gacha_draw: { gacha_type: type } }, idempotencyKey });
      },
      // The result opens once the confirmation has closed and handed focus back, so it can take focus itself.
      onClose: () => {
        const draw = drawn.current;
        if (draw) setTimeout(() => setResult(draw));
      },
    });
  };

  const reason = meta.canDraw
    ? null
    : t('cannotDraw', { reason: t(`errors:${meta.reason ?? 'unexpected'}`, { defaultValue: t('errors:unexpected') }) });
  const perCard = meta.stampsPerCard ?? 0;
  return (
    <section className="rewards-gacha" aria-labelledby={`${reasonId}-heading`}>
      <h2 id={`${reasonId}-heading`}>{t(`${section}.heading`)}</h2>
      {type === 'weekly_gacha' ? (
        <div className="rewards-gacha__facts">
          {meta.weekStart && (
            <p>{t('weekly.week', { date: formatDate(`${meta.weekStart}T00:00:00+09:00`, i18n.language, { timeZone: 'Asia/Tokyo' }) })}</p>
          )}
          <p className="rewards-figure" data-testid="weekly-draws-left">
            {t('weekly.drawsLeft', { value: number(meta.drawsLeft ?? 0) })}
          </p>
          {perCard > 0 && (
            <div className="rewards-stamps">
              <p id={`${reasonId}-stamps`}>
                {t('weekly.stamps', { value: number((meta.stamps ?? 0) % perCard), perCard: number(perCard) })}
              </p>
              <progress aria-labelledby={`${reasonId}-stamps`} max={perCard} value={(meta.stamps ?? 0) % perCard} />
            </div>
          )}
          {perCard > 0 && <p className="rewards-note">{t('weekly.free', { perCard: number(perCard) })}</p>}
        </div>
      ) : (
        <div className="rewards-gacha__facts">
          <p className="rewards-figure">{t('dream.cost', { value: number(cost), count: cost })}</p>
          <p className="rewards-note">{t('dream.explain')}</p>
        </div>
      )}
      {gifts.length === 0 ? (
        <Empty text={t(`${section}.empty`)} />
      ) : (
        <OddsTable rows={oddsRowsOf(gifts)} missProbability={meta.missProbability} />
      )}
      <div className="rewards-gacha__action">
        <button
          type="button"
          className="kiwi-button kiwi-button--primary"
          disabled={!meta.canDraw || refreshing || spend.isPending}
          aria-describedby={reason ? reasonId : undefined}
          onClick={() => void startDraw()}
        >
          {type === 'dream_gacha' ? t('dream.draw', { value: number(cost), count: cost }) : t('weekly.draw')}
        </button>
        {reason && (
          <p id={reasonId} className="rewards-reason" role="status">
            {reason}
          </p>
        )}
      </div>
      <DrawResultDialog
        draw={result}
        onClose={() => setResult(null)}
        onShowMine={() => {
          setResult(null);
          onShowMine();
        }}
      />
    </section>
  );
}
