import { daysBetweenInclusive, tokyoDay, walkingEventStatus, type WalkingEventStatus } from '@kiwi/shared/domain/walking-event';
import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { activityDays } from '../../db/schema/activity';
import { walkingEvents, walkingEventTeamMembers, walkingEventTeams } from '../../db/schema/walking-events';

/** How long a frozen result stays on the home. */
const FINAL_SHOWN_MS = 7 * 24 * 3600 * 1000;

export type HomeWalkingEvent = {
  id: number;
  title: string;
  status: WalkingEventStatus;
  startedAt: string;
  endedAt: string;
  teamName: string;
  /** Days left while it runs (today included), else null. */
  daysLeft: number | null;
  todaySteps: number;
  /** The team's rank in the frozen result (never recomputed here), once final. */
  finalTeamRank: number | null;
};

/**
 * The home card's walking event: the latest one the member is in a team of, while it is scheduled, running or
 * tallying, or for a week after its final result. Cheap: no ranking is computed (the member page has the live one).
 */
export async function homeWalkingEvent(tx: Executor, organizationMemberId: number, now: Date): Promise<HomeWalkingEvent | null> {
  const [row] = await tx
    .select({ event: walkingEvents, teamId: walkingEventTeams.id, teamName: walkingEventTeams.name })
    .from(walkingEventTeamMembers)
    .innerJoin(walkingEvents, eq(walkingEvents.id, walkingEventTeamMembers.walkingEventId))
    .innerJoin(walkingEventTeams, eq(walkingEventTeams.id, walkingEventTeamMembers.teamId))
    .where(
      and(
        eq(walkingEventTeamMembers.organizationMemberId, organizationMemberId),
        or(isNull(walkingEvents.finalizedAt), gt(walkingEvents.finalizedAt, new Date(now.getTime() - FINAL_SHOWN_MS))),
      ),
    )
    .orderBy(desc(walkingEvents.startedAt), desc(walkingEvents.id))
    .limit(1);
  if (!row) return null;
  const { event } = row;
  const today = tokyoDay(now);
  const status = walkingEventStatus(event, now);
  const [day] = await tx
    .select({ steps: activityDays.steps })
    .from(activityDays)
    .where(and(eq(activityDays.organizationMemberId, organizationMemberId), eq(activityDays.day, today)));
  return {
    id: event.id,
    title: event.title,
    status,
    startedAt: event.startedAt,
    endedAt: event.endedAt,
    teamName: row.teamName,
    daysLeft: status === 'running' ? daysBetweenInclusive(today, event.endedAt) : null,
    todaySteps: day?.steps ?? 0,
    finalTeamRank: event.finalResult?.teams.find((team) => team.teamId === row.teamId)?.rank ?? null,
  };
}
