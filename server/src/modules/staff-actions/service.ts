import { addDays } from '@kiwi/shared/domain/walking-event';
import type { StaffActionListQuery } from '@kiwi/shared/schemas/staff-actions';
import { and, count, desc, eq, gte, ilike, like, lt, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type StaffActionRow, staffActions } from '../../db/schema/admin-console';
import { organizations } from '../../db/schema/organizations';
import { likePattern } from '../organizations/like-pattern';

export type StaffActionItem = StaffActionRow & { organizationIdentifier: string | null; organizationName: string | null };

/** The start of a Tokyo calendar day as an instant (Asia/Tokyo has no daylight saving time). */
const tokyoDayStart = (day: string) => new Date(`${day}T00:00:00+09:00`);
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

function conditions(query: StaffActionListQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (query.actor !== undefined) {
    // A number is the actor's user id; anything else a fragment of the name and email the log kept.
    parts.push(
      /^[1-9]\d{0,9}$/.test(query.actor) && Number(query.actor) <= 2_147_483_647
        ? eq(staffActions.actorUserId, Number(query.actor))
        : ilike(staffActions.actorLabel, likePattern(query.actor)),
    );
  }
  if (query.organization_id !== undefined) parts.push(eq(staffActions.organizationId, query.organization_id));
  if (query.kind !== undefined) {
    parts.push(or(eq(staffActions.kind, query.kind), like(staffActions.kind, `${escapeLike(query.kind)}.%`)));
  }
  if (query.from) parts.push(gte(staffActions.createdAt, tokyoDayStart(query.from)));
  if (query.to) parts.push(lt(staffActions.createdAt, tokyoDayStart(addDays(query.to, 1))));
  const present = parts.filter((part): part is SQL => part !== undefined);
  return present.length > 0 ? and(...present) : undefined;
}

/**
 * One page of the log, newest first, with its organisation's identifier and name where it still exists, and the total
 * for the pager.
 */
export async function listStaffActions(
  executor: Executor,
  query: StaffActionListQuery,
): Promise<{ items: StaffActionItem[]; total: number }> {
  const where = conditions(query);
  const rows = await executor
    .select({ action: staffActions, organizationIdentifier: organizations.identifier, organizationName: organizations.name })
    .from(staffActions)
    .leftJoin(organizations, eq(organizations.id, staffActions.organizationId))
    .where(where)
    .orderBy(desc(staffActions.createdAt), desc(staffActions.id))
    .limit(query.per)
    .offset((query.page - 1) * query.per);
  const [totals] = await executor.select({ total: count() }).from(staffActions).where(where);
  return {
    items: rows.map((row) => ({
      ...row.action,
      organizationIdentifier: row.organizationIdentifier,
      organizationName: row.organizationName,
    })),
    total: totals?.total ?? 0,
  };
}
