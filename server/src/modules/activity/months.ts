import { monthDays } from '@kiwi/shared/domain/health-points';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/** A day's month as its first day, in SQL, without time zones (date arithmetic only). */
const firstOfMonth = sql`(a.day - (extract(day from a.day)::int - 1))`;

/**
 * Recomputes activity_months (points and days with any activity) from activity_days: for the given members (or all) and the months from `from`'s to `to`'s
 * (or all). Every writer of activity_days calls it in the same transaction, so the totals never drift.
 */
export async function refreshActivityMonths(
  tx: Executor,
  { memberIds = 'all', from, to }: { memberIds?: number[] | 'all'; from?: string; to?: string } = {},
): Promise<void> {
  if (memberIds !== 'all' && memberIds.length === 0) return;
  const members =
    memberIds === 'all'
      ? sql`true`
      : sql`a.organization_member_id in (${sql.join(
          memberIds.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  const start = from ? sql`a.day >= ${monthDays(from.slice(0, 7)).from}::date` : sql`true`;
  const end = to ? sql`a.day < ${monthDays(to.slice(0, 7)).to}::date` : sql`true`;
  await tx.execute(sql`
    insert into activity_months (organization_member_id, month, health_points, active_days)
    select a.organization_member_id, ${firstOfMonth}, sum(a.health_points)::int,
      -- A day counts as active when something was done: a day corrected to zeros is no activity (utilisation "active").
      count(*) filter (where a.health_points > 0 or a.steps > 0 or a.workout_minutes > 0 or a.calories > 0 or a.distance_meters > 0)::int
    from activity_days a
    where ${members} and ${start} and ${end}
    group by 1, 2
    on conflict (organization_member_id, month) do update
      set health_points = excluded.health_points, active_days = excluded.active_days`);
}
