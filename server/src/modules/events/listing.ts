// The events list page: the events the viewer may see, and the tags of those events (its tag filter).
import { eventTagsToStore } from '@kiwi/shared/i18n/event-tags';
import { and, asc, count, desc, eq, gte, lt, or, sql } from 'drizzle-orm';
import { can } from '../../auth/authorize';
import type { Session } from '../../auth/session-cache';
import type { Executor } from '../../db/client';
import { type EventRow, events } from '../../db/schema/events';
import { firstMembershipIn } from './access';
import { joinedCountSql } from './service';

export type EventListItem = { event: EventRow; joinedCount: number; myRole: string | null; myStatus: string | null };

/** Events the viewer may see: public ones and those they belong to (managers and admins see all), newest relevant first. */
export async function listEvents(
  tx: Executor,
  session: Session,
  organizationId: number,
  { period, tag, page, per, all = false }: { period?: 'upcoming' | 'past'; tag?: string; page: number; per: number; all?: boolean },
  now: Date,
): Promise<{ items: EventListItem[]; total: number }> {
  const first = firstMembershipIn(session, organizationId);
  const seesAll = all || can(session, 'organization.manage', { kind: 'organization', id: organizationId });
  const myMemberId = first?.id ?? -1;
  const conditions = [eq(events.organizationId, organizationId)];
  if (!seesAll) {
    const mine = sql`exists (select 1 from event_members em where em.event_id = events.id and em.organization_member_id = ${myMemberId})`;
    const visible = or(eq(events.publicRange, 'public'), mine);
    if (visible) conditions.push(visible);
  }
  if (period === 'upcoming') conditions.push(gte(events.endsAt, now));
  if (period === 'past') conditions.push(lt(events.endsAt, now));
  // A filter by a preset's label (in any language) finds the events that store its key.
  if (tag) conditions.push(sql`${events.tags} @> array[${eventTagsToStore([tag])[0]}]::text[]`);
  const where = and(...conditions);

  const [totalRow] = await tx.select({ total: count() }).from(events).where(where);
  const rows = await tx
    .select({
      event: events,
      joinedCount: joinedCountSql,
      myRole: sql<
        string | null
      >`(select em.role from event_members em where em.event_id = events.id and em.organization_member_id = ${myMemberId})`,
      myStatus: sql<
        string | null
      >`(select em.status from event_members em where em.event_id = events.id and em.organization_member_id = ${myMemberId})`,
    })
    .from(events)
    .where(where)
    .orderBy(period === 'past' ? desc(events.startsAt) : asc(events.startsAt), asc(events.id))
    .limit(per)
    .offset((page - 1) * per);
  return { items: rows, total: totalRow?.total ?? 0 };
}

/**
 * The tags of the events the viewer may see (as listEvents), most used first: the list page's tag filter. A private
 * event's tags are not shown to members outside it.
 */
export async function eventTags(tx: Executor, session: Session, organizationId: number): Promise<string[]> {
  const first = firstMembershipIn(session, organizationId);
  const seesAll = can(session, 'organization.manage', { kind: 'organization', id: organizationId });
  const visible = seesAll
    ? sql`true`
    : sql`(e.public_range = 'public' or exists (select 1 from event_members em where em.event_id = e.id and em.organization_member_id = ${first?.id ?? -1}))`;
  const result = (await tx.execute(
    sql`select tag from (select unnest(e.tags) as tag from events e where e.organization_id = ${organizationId} and ${visible}) t group by tag order by count(*) desc, tag limit 50`,
  )) as unknown as { rows: { tag: string }[] };
  return result.rows.map((row) => row.tag);
}
