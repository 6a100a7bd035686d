// Issue 22 point 5: the daily settlement pays the coins of finished days that nobody's visit paid yet, so a member whose
// membership ends before their next visit still gets their last days. Idempotent with the on-visit path: both go through
// awardFinishedDays under the member lock, and the award row (unique per member and day) pays a day once.
import { COIN_DAYS_BACK, dayInJapan, earliestCoinDay, startOfDayInJapan } from '@kiwi/shared/domain/health-points';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { JobHandler } from '../../jobs/worker';
import { scheduleJob } from '../../jobs/schedule';
import { awardFinishedDays } from './service';

export const SETTLE_FINISHED_DAYS_JOB = 'activity.settle_finished_days';
/** Members settled per job run (one transaction); a longer list continues in a follow-up job at once. */
export const SETTLEMENT_BATCH = 500;
const DAY_MS = 24 * 3600 * 1000;
/** Shortly after midnight in Japan, when yesterday is over. */
const AFTER_MIDNIGHT_MS = 5 * 60 * 1000;

const dayKey = (day: string, afterId = 0) => `${SETTLE_FINISHED_DAYS_JOB}:${day}${afterId > 0 ? `:${afterId}` : ''}`;

/** Makes sure today's settlement exists (each worker process calls it at start; the dedupe key is the Japanese day). */
export async function scheduleDailySettlement(tx: Executor, now: Date): Promise<void> {
  await scheduleJob(tx, { kind: SETTLE_FINISHED_DAYS_JOB, runAt: now, dedupeKey: dayKey(dayInJapan(now)) });
}

type Candidate = { id: number; organization_id: number; active_from: Date | string | null; active_to: Date | string | null };

/**
 * Pays every member (after `afterId`, at most `limit`) who has a stored, finished day in the coin window without an
 * award, and whose membership started and did not end before the window. Returns the last member looked at when the
 * batch was full (there may be more), else null.
 */
export async function settleFinishedDays(
  tx: Executor,
  now: Date,
  { afterId = 0, limit = SETTLEMENT_BATCH }: { afterId?: number; limit?: number } = {},
): Promise<{ coins: number; members: number; lastId: number | null }> {
  const earliest = earliestCoinDay(now);
  const windowStart = new Date(now.getTime() - COIN_DAYS_BACK * DAY_MS).toISOString();
  const result = await tx.execute(sql`
    select m.id, m.organization_id, m.active_from, m.active_to from organization_members m
    where m.id > ${afterId}
      and (m.active_to is null or m.active_to > ${windowStart}::timestamptz)
      and exists (
        select 1 from activity_days d
        where d.organization_member_id = m.id and d.day >= ${earliest} and d.day < ${dayInJapan(now)}
          and not exists (select 1 from coin_activity_awards a where a.organization_member_id = m.id and a.day = d.day))
    order by m.id limit ${limit}`);
  const candidates = (result as unknown as { rows: Candidate[] }).rows;
  let coins = 0;
  for (const row of candidates) {
    coins += await awardFinishedDays(
      tx,
      { id: Number(row.id), organizationId: Number(row.organization_id), activeFrom: row.active_from, activeTo: row.active_to },
      now,
    );
  }
  const lastId = candidates.length === limit ? Number(candidates.at(-1)!.id) : null;
  return { coins, members: candidates.length, lastId };
}

/** The job: settles one batch, continues at once when the batch was full, and schedules tomorrow's first run. */
export const settleFinishedDaysJob: JobHandler = async (tx, job, now) => {
  const afterId = Number((job.payload as { afterId?: unknown }).afterId ?? 0) || 0;
  const { lastId } = await settleFinishedDays(tx, now, { afterId });
  const today = dayInJapan(now);
  if (lastId !== null) {
    await scheduleJob(tx, { kind: SETTLE_FINISHED_DAYS_JOB, runAt: now, payload: { afterId: lastId }, dedupeKey: dayKey(today, lastId) });
  }
  const tomorrow = dayInJapan(new Date(startOfDayInJapan(today).getTime() + DAY_MS));
  await scheduleJob(tx, {
    kind: SETTLE_FINISHED_DAYS_JOB,
    runAt: new Date(startOfDayInJapan(tomorrow).getTime() + AFTER_MIDNIGHT_MS),
    dedupeKey: dayKey(tomorrow),
  });
};

export const activityJobHandlers: Record<string, JobHandler> = { [SETTLE_FINISHED_DAYS_JOB]: settleFinishedDaysJob };
