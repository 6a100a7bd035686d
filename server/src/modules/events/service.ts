import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { eventScheduleProblems, joinRefusal, maximumBelowJoined } from '@kiwi/shared/domain/event-rules';
import { eventTagsToStore } from '@kiwi/shared/i18n/event-tags';
import type { CreateEvent, UpdateEvent } from '@kiwi/shared/schemas/event';
import { and, asc, count, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Session } from '../../auth/session-cache';
import type { Executor } from '../../db/client';
import { memberIcon, memberNickname } from '../members/display';
import { type EventRow, eventMembers, events, pollItems, polls } from '../../db/schema/events';
import { organizationMembers } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import { ApiError, ApiErrorList, forbidden, notFound } from '../../jsonapi/errors';
import { enqueue } from '../../outbox/enqueue';
import { pushToMembers } from '../push/notify';
import { assertCanManage, canManage, type EventContext, loadEventContext, viewerOf } from './access';
import { signalEventChange } from './changes';
import { can } from '../../auth/authorize';

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

function firstMembershipIn(session: Session, organizationId: number) {
  const first = session.memberships[0];
  return first && first.organizationId === organizationId ? first : null;
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

// ---- members: join, invite, accept, leave ---------------------------------------------------------------------------

function assertJoinable(event: EventRow, joined: number, now: Date, { countsAgainstMaximum }: { countsAgainstMaximum: boolean }): void {
  const refusal = joinRefusal(
    {
      cancel: event.cancel,
      startedAt: event.startsAt,
      endedAt: event.endsAt,
      recruitmentDeadline: event.recruitmentDeadline,
      applyMaximum: countsAgainstMaximum ? event.applyMaximum : null,
      joinedCount: joined,
    },
    now,
  );
  if (refusal === 'cancelled') throw new ApiError(ErrorCode.eventCancelled);
  if (refusal === 'finished') throw new ApiError(ErrorCode.eventFinished);
  // Co-hosts may still accept after registration closes: they organise, they do not apply.
  if (refusal === 'registrationClosed' && countsAgainstMaximum) throw new ApiError(ErrorCode.eventRegistrationClosed);
  if (refusal === 'full') throw new ApiError(ErrorCode.eventFull);
}

/**
 * POST .../members/join. The event row is locked first, so concurrent joins queue on it and the capacity check sees
 * every earlier join: applyMaximum holds however many arrive at once.
 */
export async function joinOrInvite(
  tx: Executor,
  session: Session,
  ids: { organizationId: number; eventId: number },
  input: { organization_member_id: number; role: 'member' | 'manager' },
  now: Date,
): Promise<{ member: EventMemberView; invited: boolean }> {
  const context = await loadEventContext(tx, session, { ...ids, lock: true });
  const { event, viewer } = context;
  const self = viewer.organizationMemberId !== null && input.organization_member_id === viewer.organizationMemberId;

  if (self) {
    const existing = viewer.eventMember;
    if (existing?.status === 'joined') throw new ApiError(ErrorCode.eventAlreadyJoined);
    if (existing) return { member: await acceptInvitation(tx, context, existing.id, now), invited: false };
    assertJoinable(event, await joinedCount(tx, event.id), now, { countsAgainstMaximum: true });
    const [row] = await tx
      .insert(eventMembers)
      .values({ eventId: event.id, organizationMemberId: input.organization_member_id, role: 'member', status: 'joined', joinedAt: now })
      .returning();
    if (!row) throw new Error('event member not inserted');
    await signalEventChange(tx, event.id);
    return { member: await memberView(tx, row.id), invited: false };
  }

  // Inviting a colleague (as participant or co-host) is an organiser's act.
  if (!canManage(context)) throw forbidden();
  if (event.cancel) throw new ApiError(ErrorCode.eventCancelled);
  if (now.getTime() >= event.endsAt.getTime()) throw new ApiError(ErrorCode.eventFinished);
  const [invitee] = await tx
    .select({ id: organizationMembers.id, activeFrom: organizationMembers.activeFrom, activeTo: organizationMembers.activeTo })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.id, input.organization_member_id), eq(organizationMembers.organizationId, event.organizationId)));
  const active =
    invitee &&
    (!invitee.activeFrom || invitee.activeFrom.getTime() <= now.getTime()) &&
    (!invitee.activeTo || invitee.activeTo.getTime() > now.getTime());
  if (!active) throw new ApiError(ErrorCode.eventInviteeUnavailable, { pointer: '/event_member/organization_member_id' });
  const [row] = await tx
    .insert(eventMembers)
    .values({
      eventId: event.id,
      organizationMemberId: invitee.id,
      role: input.role,
      status: 'invited',
      invitedByMemberId: viewer.organizationMemberId,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new ApiError(ErrorCode.eventAlreadyJoined);
  await signalEventChange(tx, event.id);
  await pushToMembers(tx, {
    kind: 'event_invitation',
    organizationMemberIds: [invitee.id],
    path: eventPath(event.id),
    organizationId: event.organizationId,
    render: (t) => ({
      title: t('push:event_invitation.title'),
      body: t('push:event_invitation.body', { inviter: session.user.name, name: event.name }),
    }),
  });
  return { member: await memberView(tx, row.id), invited: true };
}

async function acceptInvitation(tx: Executor, context: EventContext, eventMemberId: number, now: Date): Promise<EventMemberView> {
  const [member] = await tx
    .select()
    .from(eventMembers)
    .where(and(eq(eventMembers.id, eventMemberId), eq(eventMembers.eventId, context.event.id)));
  if (!member) throw notFound();
  if (member.organizationMemberId !== context.viewer.organizationMemberId) throw forbidden();
  if (member.status !== 'invited') throw new ApiError(ErrorCode.eventNotInvited);
  assertJoinable(context.event, await joinedCount(tx, context.event.id), now, { countsAgainstMaximum: member.role === 'member' });
  await tx.update(eventMembers).set({ status: 'joined', joinedAt: now }).where(eq(eventMembers.id, member.id));
  await signalEventChange(tx, context.event.id);
  return memberView(tx, member.id);
}

/** PUT .../members/{memberId}/accept_invitation: only the invitee accepts. */
export async function acceptEventInvitation(
  tx: Executor,
  session: Session,
  ids: { organizationId: number; eventId: number; memberId: number },
  now: Date,
): Promise<EventMemberView> {
  const context = await loadEventContext(tx, session, { ...ids, lock: true });
  return acceptInvitation(tx, context, ids.memberId, now);
}

/** DELETE .../members/{memberId}: leaving or declining (oneself), or an organiser removing someone; never the author. */
export async function removeEventMember(
  tx: Executor,
  session: Session,
  ids: { organizationId: number; eventId: number; memberId: number },
): Promise<void> {
  const context = await loadEventContext(tx, session, { ...ids, lock: true });
  const [member] = await tx
    .select()
    .from(eventMembers)
    .where(and(eq(eventMembers.id, ids.memberId), eq(eventMembers.eventId, context.event.id)));
  if (!member) throw notFound();
  const own = member.organizationMemberId === context.viewer.organizationMemberId;
  if (!own && !canManage(context)) throw forbidden();
  if (member.role === 'author') throw new ApiError(ErrorCode.eventAuthorCannotLeave);
  await tx.delete(eventMembers).where(eq(eventMembers.id, member.id));
  await signalEventChange(tx, context.event.id);
}

async function memberView(tx: Executor, eventMemberId: number): Promise<EventMemberView> {
  const [row] = await tx.select({ eventId: eventMembers.eventId }).from(eventMembers).where(eq(eventMembers.id, eventMemberId));
  const [view] = await eventMembersOf(tx, row ? [row.eventId] : [], { onlyId: eventMemberId });
  if (!view) throw notFound();
  return view;
}
