import type { EventStatisticsType, EventsParticipationRate, EventsSummary } from '@kiwi/shared/schemas/event';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { eventMembers, events } from '../../db/schema/events';
import { organizationMembers } from '../../db/schema/organizations';
import { invalidParameter } from '../../jsonapi/errors';
import { joinedCountSql } from './service';

export type Bucket = { label: string; start: Date; end: Date };

const DAY = 24 * 3600 * 1000;
const MAX_BUCKETS = 400;
const dateOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The periods between two dates (UTC, both included): days, weeks starting on Monday (labelled by that Monday) or
 * calendar months (YYYY-MM). The first and last periods are clipped to the range.
 */
export function buckets(from: string, to: string, type: EventStatisticsType): Bucket[] {
  const rangeStart = new Date(`${from}T00:00:00.000Z`);
  const rangeEnd = new Date(new Date(`${to}T00:00:00.000Z`).getTime() + DAY);
  const result: Bucket[] = [];
  let cursor = rangeStart;
  if (type === 'weekly') cursor = new Date(rangeStart.getTime() - ((rangeStart.getUTCDay() + 6) % 7) * DAY);
  if (type === 'monthly') cursor = new Date(Date.UTC(rangeStart.getUTCFullYear(), rangeStart.getUTCMonth(), 1));
  while (cursor < rangeEnd) {
    const next =
      type === 'daily'
        ? new Date(cursor.getTime() + DAY)
        : type === 'weekly'
          ? new Date(cursor.getTime() + 7 * DAY)
          : new Date(Date.UTC(cursor.getUTCFullYear(), cursor.getUTCMonth() + 1, 1));
    result.push({
      label: type === 'monthly' ? dateOf(cursor).slice(0, 7) : dateOf(cursor),
      start: cursor < rangeStart ? rangeStart : cursor,
      end: next > rangeEnd ? rangeEnd : next,
    });
    if (result.length > MAX_BUCKETS) throw invalidParameter('to');
    cursor = next;
  }
  return result;
}

const bucketIndex = (list: Bucket[], at: Date) => list.findIndex((bucket) => at >= bucket.start && at < bucket.end);

/** Events held (by start), cancelled, their participants and messages, per period. */
/** The range and period kind as the answer names them: `periodType`, since a JSON:API attribute may not be called `type`. */
const periodsOf = ({ from, to, type }: { from: string; to: string; type: EventStatisticsType }) => ({ from, to, periodType: type });

export async function eventsSummary(
  tx: Executor,
  organizationId: number,
  query: { from: string; to: string; type: EventStatisticsType },
): Promise<EventsSummary> {
  const list = buckets(query.from, query.to, query.type);
  const start = list[0]?.start ?? new Date(`${query.from}T00:00:00.000Z`);
  const end = list.at(-1)?.end ?? start;
  const rows = await tx
    .select({
      startsAt: events.startsAt,
      cancel: events.cancel,
      joined: joinedCountSql,
      messages: sql<number>`(select count(*) from event_messages m where m.event_id = events.id)::int`,
    })
    .from(events)
    .where(and(eq(events.organizationId, organizationId), gte(events.startsAt, start), lt(events.startsAt, end)));
  const zeros = () => list.map(() => 0);
  const summary: EventsSummary = {
    ...periodsOf(query),
    labels: list.map((bucket) => bucket.label),
    eventsCount: zeros(),
    cancelledCount: zeros(),
    participantsCount: zeros(),
    messagesCount: zeros(),
    totals: { events: 0, cancelled: 0, participants: 0, messages: 0 },
  };
  for (const row of rows) {
    const index = bucketIndex(list, row.startsAt);
    if (index < 0) continue;
    summary.messagesCount[index] = (summary.messagesCount[index] ?? 0) + row.messages;
    summary.totals.messages += row.messages;
    if (row.cancel) {
      summary.cancelledCount[index] = (summary.cancelledCount[index] ?? 0) + 1;
      summary.totals.cancelled += 1;
    } else {
      summary.eventsCount[index] = (summary.eventsCount[index] ?? 0) + 1;
      summary.participantsCount[index] = (summary.participantsCount[index] ?? 0) + row.joined;
      summary.totals.events += 1;
      summary.totals.participants += row.joined;
    }
  }
  return summary;
}

export async function eventsParticipationRate(
  tx: Executor,
  organizationId: number,
  query: { from: string; to: string; type: EventStatisticsType },
): Promise<EventsParticipationRate> {
  const list = buckets(query.from, query.to, query.type);
  const start = list[0]?.start ?? new Date(`${query.from}T00:00:00.000Z`);
  const end = list.at(-1)?.end ?? start;
  const joins = await tx
    .select({ memberId: eventMembers.organizationMemberId, startsAt: events.startsAt })
    .from(eventMembers)
    .innerJoin(events, eq(events.id, eventMembers.eventId))
    .where(
      and(
        eq(events.organizationId, organizationId),
        eq(events.cancel, false),
        eq(eventMembers.status, 'joined'),
        gte(events.startsAt, start),
        lt(events.startsAt, end),
      ),
    );
  const members = await tx
    .select({ activeFrom: organizationMembers.activeFrom, activeTo: organizationMembers.activeTo })
    .from(organizationMembers)
    .where(eq(organizationMembers.organizationId, organizationId));
  const participantSets = list.map(() => new Set<number>());
  for (const join of joins) participantSets[bucketIndex(list, join.startsAt)]?.add(join.memberId);
  const memberCounts = list.map(
    (bucket) =>
      members.filter(
        (member) => (!member.activeFrom || member.activeFrom < bucket.end) && (!member.activeTo || member.activeTo > bucket.start),
      ).length,
  );
  const participants = participantSets.map((set) => set.size);
  return {
    ...periodsOf(query),
    labels: list.map((bucket) => bucket.label),
    rates: participants.map((count, index) => {
      const total = memberCounts[index] ?? 0;
      return total === 0 ? null : Math.round((count / total) * 1000) / 1000;
    }),
    participants,
    members: memberCounts,
  };
}
