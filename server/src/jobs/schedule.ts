import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { jobs } from '../db/schema/jobs';

/**
 * Schedules work for the jobs worker at `runAt`. With a `dedupeKey`, scheduling the same work again is a no-op
 * (returns null), so a retried request never schedules twice.
 */
export async function scheduleJob(
  tx: Executor,
  { kind, runAt, payload = {}, dedupeKey }: { kind: string; runAt: Date; payload?: Record<string, unknown>; dedupeKey?: string },
): Promise<number | null> {
  const [row] = await tx
    .insert(jobs)
    .values({ kind, runAt, payload, dedupeKey: dedupeKey ?? null })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
  return row?.id ?? null;
}

/** Cancels pending work by its dedupe key (a cancelled grant, a survey whose deadline moved). True when one was pending. */
export async function cancelJob(tx: Executor, dedupeKey: string): Promise<boolean> {
  const rows = await tx
    .update(jobs)
    .set({ status: 'done', lastError: 'cancelled' })
    .where(and(eq(jobs.dedupeKey, dedupeKey), eq(jobs.status, 'pending')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}
