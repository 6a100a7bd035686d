import { addDays, drawTeams, tokyoDay } from '@kiwi/shared/domain/walking-event';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { organizationMembers, organizations } from '../../db/schema/organizations';
import { walkingEvents, walkingEventTeamMembers, walkingEventTeams } from '../../db/schema/walking-events';
import { scheduleFinalResult } from './service';

export const DEMO_WALKING_EVENT_TITLE = '秋のウォーキングチャレンジ';
const DEMO_TEAM_NAMES = ['チーム1', 'チーム2', 'チーム3', 'チーム4'];

/**
 * A running demo walking event for acme: started six days ago, ends in a week, four balanced teams of the active
 * members (seed "demo"), so the rankings have something to show. Idempotent: nothing happens once any event exists.
 */
export async function seedWalkingEventsDemo(tx: Executor, now: Date): Promise<void> {
  const [existing] = await tx.select({ id: walkingEvents.id }).from(walkingEvents).limit(1);
  if (existing) return;
  const [acme] = await tx.select().from(organizations).where(eq(organizations.identifier, 'acme'));
  if (!acme) return;
  const today = tokyoDay(now);
  const members = (await tx
    .select({ organizationMemberId: organizationMembers.id, steps: sql<number>`0` })
    .from(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, acme.id),
        sql`(${organizationMembers.activeFrom} is null or ${organizationMembers.activeFrom} <= ${now.toISOString()})`,
        sql`(${organizationMembers.activeTo} is null or ${organizationMembers.activeTo} > ${now.toISOString()})`,
      ),
    )
    .orderBy(asc(organizationMembers.id))) as { organizationMemberId: number; steps: number }[];
  const endedAt = addDays(today, 7);
  const [event] = await tx
    .insert(walkingEvents)
    .values({
      organizationId: acme.id,
      title: DEMO_WALKING_EVENT_TITLE,
      startedAt: addDays(today, -6),
      endedAt,
      finalResultPublishedAt: new Date(`${addDays(endedAt, 2)}T09:00:00+09:00`),
      randomType: 'balanced',
      teamLimit: DEMO_TEAM_NAMES.length,
      memberLimit: 50,
      showTeamMemberData: true,
      showPersonalStatistics: true,
      randomSeed: 'demo',
    })
    .returning();
  if (!event) return;
  const teams = drawTeams(members, { teamCount: DEMO_TEAM_NAMES.length, type: 'balanced', seed: 'demo' });
  for (const [index, team] of teams.entries()) {
    const [row] = await tx
      .insert(walkingEventTeams)
      .values({ walkingEventId: event.id, name: DEMO_TEAM_NAMES[index] as string })
      .returning();
    if (!row || team.length === 0) continue;
    await tx
      .insert(walkingEventTeamMembers)
      .values(team.map((member) => ({ walkingEventId: event.id, teamId: row.id, organizationMemberId: member.organizationMemberId })));
  }
  await scheduleFinalResult(tx, event);
}
