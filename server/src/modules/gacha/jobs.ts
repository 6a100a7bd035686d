import { tokyoDayStart, tokyoWeekStart } from '@kiwi/shared/domain/gacha-stock';
import { addDays } from '@kiwi/shared/domain/walking-event';
import type { Executor } from '../../db/client';
import { scheduleJob } from '../../jobs/schedule';
import type { JobHandler } from '../../jobs/worker';
import { ensureWeeklyStockForAll } from './stock';

/** Monday 00:00 Asia/Tokyo: every organisation not archived gets the week's weekly gacha stock. */
export const WEEKLY_STOCK_JOB = 'gacha.weekly_stock';

const weekKey = (weekStart: string) => `${WEEKLY_STOCK_JOB}:${weekStart}`;

/**
 * Makes sure this week's stock job exists (each worker process calls it at start): the dedupe key is the Tokyo week,
 * so however many processes start, one job runs per week. Reads and draws also make the stock lazily, so a job that
 * did not run (the server was down on Monday) costs nothing.
 */
export async function scheduleWeeklyStock(tx: Executor, now: Date): Promise<void> {
  await scheduleJob(tx, { kind: WEEKLY_STOCK_JOB, runAt: now, dedupeKey: weekKey(tokyoWeekStart(now)) });
}

export const weeklyStockJob: JobHandler = async (tx, _job, now) => {
  // The week it runs in (a late run makes the current week, not a past one).
  const weekStart = tokyoWeekStart(now);
  await ensureWeeklyStockForAll(tx, weekStart);
  const next = addDays(weekStart, 7);
  await scheduleJob(tx, { kind: WEEKLY_STOCK_JOB, runAt: tokyoDayStart(next), dedupeKey: weekKey(next) });
};

export const gachaJobHandlers: Record<string, JobHandler> = { [WEEKLY_STOCK_JOB]: weeklyStockJob };
