import { ModalDialog } from '@kiwi/shared/ui/modal-dialog';
import { useEffect, useId, useRef } from 'react';
import { OddsTable } from './odds-table';
import { type GachaDraw, oddsLinesOf, wonRedemption } from './types';
import { useRewardsTranslation } from './use-rewards-translation';

/**
 * After a draw: a capsule that shakes and opens (CSS; still under prefers-reduced-motion), the outcome, which takes
 * focus, and "How this draw was made": the random value and the odds table the server drew from, as it answered them.
 */
export function DrawResultDialog({ draw, onClose, onShowMine }: { draw: GachaDraw | null; onClose: () => void; onShowMine: () => void }) {
  const { t } = useRewardsTranslation();
  const titleId = useId();
  const outcome = useRef<HTMLParagraphElement>(null);
  const open = draw !== null;

  useEffect(() => {
    if (open) outcome.current?.focus();
  }, [open]);

  const lines = draw ? oddsLinesOf(draw.odds) : [];
  const prize = draw?.won ? (wonRedemption(draw)?.giftName ?? '') : null;
  return (
    <ModalDialog open={open} onCancel={onClose} labelledBy={titleId} className="org-dialog rewards-result">
      {draw && (
        <>
          <h2 id={titleId}>{t('result.title')}</h2>
          <div className={`rewards-capsule ${draw.won ? 'rewards-capsule--won' : 'rewards-capsule--lost'}`} aria-hidden="true">
            <span className="rewards-capsule__top" />
            <span className="rewards-capsule__bottom" />
          </div>
          <div className="rewards-result__outcome">
            <p ref={outcome} tabIndex={-1} className="rewards-result__headline" data-testid="draw-outcome">
              {draw.won ? t('result.won', { name: prize }) : t('result.lost')}
            </p>
            <p>{draw.won ? t('result.wonNext') : t('result.lostNext')}</p>
          </div>
          <section className="rewards-result__how" aria-labelledby={`${titleId}-how`}>
            <h3 id={`${titleId}-how`}>{t('result.how')}</h3>
            <p data-testid="draw-random-value">{t('result.randomValue', { value: String(draw.randomValue) })}</p>
            <p className="rewards-note">{t('result.howExplain')}</p>
            <OddsTable
              live={false}
              rows={lines
                .filter((line) => line.giftId !== null)
                .map((line) => ({ key: line.giftId!, name: line.name, remaining: line.remaining, probability: line.probability }))}
              missProbability={lines.filter((line) => line.giftId === null).reduce((sum, line) => sum + line.probability, 0)}
            />
          </section>
          <div className="org-form__actions">
            {draw.won && (
              <button type="button" className="kiwi-button" onClick={onShowMine}>
                {t('result.seeMine')}
              </button>
            )}
            <button type="button" className="kiwi-button kiwi-button--primary" onClick={onClose}>
              {t('result.close')}
            </button>
          </div>
        </>
      )}
    </ModalDialog>
  );
}
