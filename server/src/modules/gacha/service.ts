// The gacha's whole requests: the routes, the tests and the benchmark run exactly these. The parts live beside this
// file: weekly.ts, dream.ts and exchange.ts (one each), player.ts and records.ts (what they share), budget.ts.
import { tokyoWeekStart } from '@kiwi/shared/domain/gacha-stock';
import type { DatabaseHandle } from '../../db/client';
import { retryOnceOnUniqueViolation } from '../members/identity';
import { drawDream } from './dream';
import { type ExchangeResult, exchangeGift } from './exchange';
import type { DrawRequest, DrawResult } from './records';
import { ensureWeeklyStockOfMember } from './stock';
import { drawWeekly } from './weekly';

/**
 * A draw as POST /gacha_draws makes it: a weekly draw first makes sure the week's stock exists (its own short
 * transaction), then the draw is one transaction; a concurrent replay of the same Idempotency-Key that lost the race
 * on the unique key runs once more and answers the winner's draw.
 */
export async function performDraw(
  handle: DatabaseHandle,
  gachaType: 'weekly_gacha' | 'dream_gacha',
  request: DrawRequest,
): Promise<DrawResult> {
  if (gachaType === 'weekly_gacha') {
    await handle.db.transaction((tx) => ensureWeeklyStockOfMember(tx, request.memberId, tokyoWeekStart(request.now)));
  }
  return retryOnceOnUniqueViolation(() =>
    handle.db.transaction((tx) => (gachaType === 'weekly_gacha' ? drawWeekly(tx, request) : drawDream(tx, request))),
  );
}

/** An exchange as POST /gifts/{id}/exchanges makes it: one transaction, replay-safe as performDraw. */
export function performExchange(
  handle: DatabaseHandle,
  request: { memberId: number; giftId: number; requestKey: string | null; now: Date },
): Promise<ExchangeResult> {
  return retryOnceOnUniqueViolation(() => handle.db.transaction((tx) => exchangeGift(tx, request)));
}
