import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { and, eq } from 'drizzle-orm';
import { can, type EventSubject } from '../../auth/authorize';
import type { Session } from '../../auth/session-cache';
import type { Executor } from '../../db/client';
import { type EventMemberRow, type EventRow, eventMembers, events } from '../../db/schema/events';
import { ApiError, forbidden, notFound } from '../../jsonapi/errors';

/** Who looks at an event, and as what (spec §6 event roles). Asked once per request, here and nowhere else. */
export type EventViewer = {
  /** Who asks: rights are decided by `can(actor, 'event.*', …)` (server/src/auth/authorize.ts). */
  actor: Session;
  /** The viewer's first membership when it is in the event's organisation (only the first one counts, spec §6). */
  organizationMemberId: number | null;
  eventMember: EventMemberRow | null;
};

export type EventContext = { event: EventRow; viewer: EventViewer };

export async function viewerOf(executor: Executor, session: Session, event: EventRow): Promise<EventViewer> {
  const inOrganization = firstMembershipIn(session, event.organizationId);
  let eventMember: EventMemberRow | null = null;
  if (inOrganization) {
    [eventMember = null] = await executor
      .select()
      .from(eventMembers)
      .where(and(eq(eventMembers.eventId, event.id), eq(eventMembers.organizationMemberId, inOrganization.id)));
  }
  return {
    actor: session,
    organizationMemberId: inOrganization?.id ?? null,
    eventMember,
  };
}

/** The session's first membership when it is in this organisation (only the first one counts, spec §6), else null. */
export function firstMembershipIn(session: Session, organizationId: number) {
  const first = session.memberships[0];
  return first && first.organizationId === organizationId ? first : null;
}

const subjectOf = ({ event, viewer }: EventContext): EventSubject => ({
  kind: 'event',
  organizationId: event.organizationId,
  publicRange: event.publicRange,
  eventMember: viewer.eventMember,
});

/** Admins, the organisation's members for a public event, its managers, and anyone invited to or in a private one. */
export function canView(context: EventContext): boolean {
  return can(context.viewer.actor, 'event.view', subjectOf(context));
}

/** Organiser rights (edit, cancel, publish, delete, invite, remove, moderate): author, joined co-host, org manager, admin. */
export function canManage(context: EventContext): boolean {
  return can(context.viewer.actor, 'event.manage', subjectOf(context));
}

/** Posting, reacting and voting: whoever has joined (author and co-hosts included). */
export function isParticipant(context: EventContext): boolean {
  return can(context.viewer.actor, 'event.participate', subjectOf(context));
}

/**
 * The event of the path with the viewer's standing; 404 when it does not exist in that organisation or the viewer may
 * not see it (a private event is not revealed). `lock` takes the row lock (joins, edits) for the transaction.
 */
export async function loadEventContext(
  tx: Executor,
  session: Session,
  { eventId, organizationId, lock = false }: { eventId: number; organizationId?: number; lock?: boolean },
): Promise<EventContext> {
  const where =
    organizationId === undefined ? eq(events.id, eventId) : and(eq(events.id, eventId), eq(events.organizationId, organizationId));
  const query = tx.select().from(events).where(where);
  const [event] = lock ? await query.for('update') : await query;
  if (!event) throw notFound();
  const context = { event, viewer: await viewerOf(tx, session, event) };
  if (!canView(context)) {
    // Outside the organisation it is a plain refusal; inside, a private event the viewer is not part of does not exist.
    if (context.viewer.organizationMemberId === null) throw forbidden();
    throw notFound();
  }
  return context;
}

export function assertCanManage(context: EventContext): void {
  if (!canManage(context)) throw forbidden();
}

export function assertParticipant(context: EventContext): number {
  if (context.viewer.organizationMemberId === null) throw new ApiError(ErrorCode.eventMembershipRequired);
  if (!isParticipant(context)) throw new ApiError(ErrorCode.eventNotParticipant);
  return context.viewer.organizationMemberId;
}
