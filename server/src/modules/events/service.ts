// An event itself: its detail (with the joined count every page uses), creating it, editing it (and its poll), deleting it.
import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { eventScheduleProblems, maximumBelowJoined } from '@kiwi/shared/domain/event-rules';
import { eventTagsToStore } from '@kiwi/shared/i18n/event-tags';
import type { CreateEvent, UpdateEvent } from '@kiwi/shared/schemas/event';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Session } from '../../auth/session-cache';
import type { Executor } from '../../db/client';
import { memberIcon, memberNickname } from '../members/display';
import { type EventRow, eventMembers, events, pollItems, polls } from '../../db/schema/events';
import { organizationMembers } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import { ApiError, ApiErrorList } from '../../jsonapi/errors';
import { enqueue } from '../../outbox/enqueue';
import { assertCanManage, type EventContext, firstMembershipIn, loadEventContext, viewerOf } from './access';
import { signalEventChange } from './changes';

export const eventPath = (eventId: number) => `/events/${eventId}`;

/** Participants counted against applyMaximum: joined members (not the author or co-hosts) and guests. */
// Written out with aliases: inside a one-table select drizzle leaves column names unqualified, which a subquery misreads.
export const joinedCountSql = sql<number>`(
  (select count(*) from event_members em where em.event_id = events.id and em.status = 'joined' and em.role = 'member')
  + (select count(*) from event_guests eg where eg.event_id = events.id)
)::int`;

export async function joinedCount(tx: Executor, eventId: number): Promise<number> {
  const [row] = await tx.select({ value: joinedCountSql }).from(events).where(eq(events.id, eventId));
  return row?.value ?? 0;
}

export type EventMemberView = {
  id: number;
  organizationMemberId: number;
  role: 'author' | 'manager' | 'member';
  status: 'invited' | 'joined';
  name: string;
  icon: string | null;
};

export type EventDetail = {
  event: EventRow;
  joinedCount: number;
  guestsCount: number;
  pollId: number | null;
  members: EventMemberView[];
  context: EventContext;
};

export async function eventMembersOf(
  tx: Executor,
  eventIds: number[],
  { onlyId }: { onlyId?: number } = {},
): Promise<(EventMemberView & { eventId: number })[]> {
  if (eventIds.length === 0) return [];
  const rows = await tx
    .select({
      id: eventMembers.id,
      eventId: eventMembers.eventId,
      organizationMemberId: eventMembers.organizationMemberId,
      role: eventMembers.role,
      status: eventMembers.status,
      userName: users.name,
      nickname: memberNickname,
      icon: memberIcon,
    })
    .from(eventMembers)
    .innerJoin(organizationMembers, eq(organizationMembers.id, eventMembers.organizationMemberId))
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(
      onlyId === undefined
        ? inArray(eventMembers.eventId, eventIds)
        : and(inArray(eventMembers.eventId, eventIds), eq(eventMembers.id, onlyId)),
    )
    .orderBy(asc(eventMembers.id));
  return rows.map(({ userName, nickname, ...row }) => ({ ...row, name: nickname || userName }));
}

export async function eventDetail(tx: Executor, context: EventContext): Promise<EventDetail> {
  const { event } = context;
  const [counts] = await tx
    .select({
      joined: joinedCountSql,
      guests: sql<number>`(select count(*) from event_guests eg where eg.event_id = events.id)::int`,
      pollId: sql<number | null>`(select p.id from polls p where p.event_id = events.id)`,
    })
    .from(events)
    .where(eq(events.id, event.id));
  return {
    event,
    joinedCount: counts?.joined ?? 0,
    guestsCount: counts?.guests ?? 0,
    pollId: counts?.pollId ?? null,
    members: await eventMembersOf(tx, [event.id]),
    context,
  };
}

export async function createEvent(tx: Executor, session: Session, organizationId: number, input: CreateEvent): Promise<EventDetail> {
  const author = firstMembershipIn(session, organizationId);
  // An event needs an author among the organisation's members; a platform admin without membership cannot be one.
  if (!author) throw new ApiError(ErrorCode.eventMembershipRequired);
  const [event] = await tx
    .insert(events)
    .values({
      organizationId,
      name: input.name,
      description: input.description,
      startsAt: input.started_at,
      endsAt: input.ended_at,
      recruitmentDeadline: input.recruitment_deadline,
      location: input.location,
      applyMinimum: input.apply_minimum,
      applyMaximum: input.apply_maximum,
      tags: eventTagsToStore(input.tags),
      publicRange: input.public_range,
      sendNotification: input.send_notification,
      headerImageUrl: input.header_image_url,
    })
    .returning();
  if (!event) throw new Error('event not inserted');
  await tx
    .insert(eventMembers)
    .values({ eventId: event.id, organizationMemberId: author.id, role: 'author', status: 'joined', joinedAt: new Date() });
  if (input.poll_items.length > 0) await syncPoll(tx, event.id, input.poll_items);
  if (event.sendNotification) {
    await enqueue(
      tx,
      'slack.event_created',
      { eventId: event.id, name: event.name, startsAt: event.startsAt.toISOString(), location: event.location, path: eventPath(event.id) },
      { organizationId },
    );
  }
  return eventDetail(tx, { event, viewer: await viewerOf(tx, session, event) });
}

/** The poll's items become `texts` in that order: items with the same text keep their votes, others go. */
async function syncPoll(tx: Executor, eventId: number, texts: string[]): Promise<void> {
  let [poll] = await tx.select().from(polls).where(eq(polls.eventId, eventId));
  if (texts.length === 0) {
    if (poll) await tx.delete(polls).where(eq(polls.id, poll.id));
    return;
  }
  if (!poll) [poll] = await tx.insert(polls).values({ eventId }).returning();
  if (!poll) throw new Error('poll not inserted');
  const existing = await tx.select().from(pollItems).where(eq(pollItems.pollId, poll.id));
  const byText = new Map(existing.map((item) => [item.text.normalize('NFC'), item]));
  const kept = new Set<number>();
  for (const [position, text] of texts.entries()) {
    const item = byText.get(text.normalize('NFC'));
    if (item) {
      kept.add(item.id);
      if (item.position !== position) await tx.update(pollItems).set({ position }).where(eq(pollItems.id, item.id));
    } else {
      await tx.insert(pollItems).values({ pollId: poll.id, text, position });
    }
  }
  const removed = existing.filter((item) => !kept.has(item.id)).map((item) => item.id);
  if (removed.length > 0) await tx.delete(pollItems).where(inArray(pollItems.id, removed));
}

export async function updateEvent(
  tx: Executor,
  session: Session,
  ids: { organizationId: number; eventId: number },
  input: UpdateEvent,
): Promise<EventDetail> {
  const context = await loadEventContext(tx, session, { ...ids, lock: true });
  assertCanManage(context);
  const { event } = context;

  const edits = Object.keys(input).filter((key) => key !== 'externally_published' && key !== 'cancel');
  if (event.cancel && (edits.length > 0 || input.cancel)) throw new ApiError(ErrorCode.eventCancelled);

  const merged = {
    startedAt: input.started_at ?? event.startsAt,
    endedAt: input.ended_at ?? event.endsAt,
    recruitmentDeadline: input.recruitment_deadline !== undefined ? input.recruitment_deadline : event.recruitmentDeadline,
    applyMinimum: input.apply_minimum !== undefined ? input.apply_minimum : event.applyMinimum,
    applyMaximum: input.apply_maximum !== undefined ? input.apply_maximum : event.applyMaximum,
  };
  const problems: ApiError[] = eventScheduleProblems(merged).map(
    (problem) => new ApiError(problem.code, { status: 422, pointer: `/event/${problem.field}` }),
  );
  if (input.apply_maximum !== undefined) {
    const joined = await joinedCount(tx, event.id);
    if (maximumBelowJoined(merged.applyMaximum, joined)) {
      problems.push(new ApiError(ErrorCode.validationMaximumBelowJoined, { pointer: '/event/apply_maximum', params: { count: joined } }));
    }
  }
  // A private event's page is for its members: publishing it to anyone with the link would contradict that. The
  // organiser makes it public first (or unpublishes before making it private); see docs/decisions.md.
  const publicRange = input.public_range ?? event.publicRange;
  const externallyPublished = input.externally_published ?? event.externallyPublished;
  if (publicRange === 'private' && externallyPublished) {
    const field = input.externally_published ? 'externally_published' : 'public_range';
    problems.push(new ApiError(ErrorCode.eventPrivateNotPublishable, { pointer: `/event/${field}` }));
  }
  if (problems.length > 0) throw new ApiErrorList(problems);

  const changes: Partial<typeof events.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.description !== undefined) changes.description = input.description;
  if (input.started_at !== undefined) changes.startsAt = input.started_at;
  if (input.ended_at !== undefined) changes.endsAt = input.ended_at;
  if (input.recruitment_deadline !== undefined) changes.recruitmentDeadline = input.recruitment_deadline;
  if (input.location !== undefined) changes.location = input.location;
  if (input.apply_minimum !== undefined) changes.applyMinimum = input.apply_minimum;
  if (input.apply_maximum !== undefined) changes.applyMaximum = input.apply_maximum;
  if (input.tags !== undefined) changes.tags = eventTagsToStore(input.tags);
  if (input.public_range !== undefined) changes.publicRange = input.public_range;
  if (input.send_notification !== undefined) changes.sendNotification = input.send_notification;
  if (input.header_image_url !== undefined) changes.headerImageUrl = input.header_image_url;
  if (input.externally_published !== undefined) changes.externallyPublished = input.externally_published;
  if (input.cancel) {
    changes.cancel = true;
    changes.cancelledAt = new Date();
  }

  let updated = event;
  if (Object.keys(changes).length > 0) {
    [updated = event] = await tx.update(events).set(changes).where(eq(events.id, event.id)).returning();
  }
  if (input.poll_items !== undefined) await syncPoll(tx, event.id, input.poll_items);
  if (input.cancel && updated.sendNotification) {
    await enqueue(
      tx,
      'slack.event_cancelled',
      { eventId: event.id, name: updated.name, startsAt: updated.startsAt.toISOString(), path: eventPath(event.id) },
      { organizationId: event.organizationId },
    );
  }
  await signalEventChange(tx, event.id);
  return eventDetail(tx, { ...context, event: updated });
}

export async function deleteEvent(tx: Executor, session: Session, ids: { organizationId: number; eventId: number }): Promise<void> {
  const context = await loadEventContext(tx, session, { ...ids, lock: true });
  assertCanManage(context);
  await tx.delete(events).where(eq(events.id, context.event.id));
  await signalEventChange(tx, context.event.id);
}
