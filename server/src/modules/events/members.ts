// An event's members: joining, inviting a colleague, accepting an invitation, leaving or removing someone.
import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { joinRefusal } from '@kiwi/shared/domain/event-rules';
import { and, eq } from 'drizzle-orm';
import type { Session } from '../../auth/session-cache';
import type { Executor } from '../../db/client';
import { type EventRow, eventMembers } from '../../db/schema/events';
import { organizationMembers } from '../../db/schema/organizations';
import { ApiError, forbidden, notFound } from '../../jsonapi/errors';
import { pushToMembers } from '../push/notify';
import { canManage, type EventContext, loadEventContext } from './access';
import { signalEventChange } from './changes';
import { type EventMemberView, eventMembersOf, eventPath, joinedCount } from './service';

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
