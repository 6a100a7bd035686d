import { eq } from 'drizzle-orm';
import { can } from '../../auth/authorize';
import { firstMembership } from '../../auth/guards';
import type { Session } from '../../auth/session-cache';
import type { Executor } from '../../db/client';
import { type WalkingEventRow, type WalkingEventTeamRow, walkingEvents, walkingEventTeams } from '../../db/schema/walking-events';
import { forbidden, notFound } from '../../jsonapi/errors';

/** Who looks at a walking event: managers (and admins) see everything; members what the visibility flags allow. */
export type WalkingEventViewer = { manages: boolean; organizationMemberId: number | null };

export type WalkingEventContext = { event: WalkingEventRow; viewer: WalkingEventViewer };

function viewerOf(session: Session, event: WalkingEventRow): WalkingEventViewer {
  const subject = { kind: 'organization', id: event.organizationId } as const;
  // Another organisation's caller learns nothing, not even that the event exists (issue 17 "members of another organisation get 404").
  if (!can(session, 'walkingEvent.view', subject)) throw notFound();
  const membership = firstMembership(session);
  return {
    manages: can(session, 'walkingEvent.manage', subject),
    organizationMemberId: membership?.organizationId === event.organizationId ? membership.id : null,
  };
}

/** The event with the caller's standing; 404 when it does not exist or is another organisation's. `lock` takes its row lock. */
export async function loadWalkingEvent(
  tx: Executor,
  session: Session,
  eventId: number,
  { lock = false, manage = false }: { lock?: boolean; manage?: boolean } = {},
): Promise<WalkingEventContext> {
  const query = tx.select().from(walkingEvents).where(eq(walkingEvents.id, eventId));
  const [event] = lock ? await query.for('update') : await query;
  if (!event) throw notFound();
  const viewer = viewerOf(session, event);
  if (manage && !viewer.manages) throw forbidden();
  return { event, viewer };
}

/** A team with its event (locked: team changes are serialised per event), for a manager. */
export async function loadWalkingEventTeam(
  tx: Executor,
  session: Session,
  teamId: number,
): Promise<WalkingEventContext & { team: WalkingEventTeamRow }> {
  const [team] = await tx.select().from(walkingEventTeams).where(eq(walkingEventTeams.id, teamId));
  if (!team) throw notFound();
  const context = await loadWalkingEvent(tx, session, team.walkingEventId, { lock: true, manage: true });
  return { ...context, team };
}
