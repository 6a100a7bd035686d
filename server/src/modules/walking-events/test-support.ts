import { addDays, tokyoDay } from '@kiwi/shared/domain/walking-event';
import { activityDays } from '../../db/schema/activity';
import { type WalkingEventRow, walkingEvents, walkingEventTeamMembers, walkingEventTeams } from '../../db/schema/walking-events';
import type { TestServer } from '../../test/server';

/** Today in Tokyo moved by `days`. */
export const day = (days: number, now = new Date()) => addDays(tokyoDay(now), days);

/** An event written straight to the database, so tests can place it in the past (the API refuses past starts). */
export async function insertWalkingEvent(
  server: TestServer,
  organizationId: number,
  overrides: Partial<typeof walkingEvents.$inferInsert> = {},
): Promise<WalkingEventRow> {
  const [row] = await server.db.db
    .insert(walkingEvents)
    .values({
      organizationId,
      title: 'Spring walk',
      startedAt: day(1),
      endedAt: day(10),
      finalResultPublishedAt: new Date(`${day(13)}T09:00:00+09:00`),
      randomType: 'manual',
      teamLimit: 10,
      memberLimit: 10,
      showTeamMemberData: true,
      showPersonalStatistics: true,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('walking event not inserted');
  return row;
}

/** Teams with their members (organisation member ids), written straight to the database. */
export async function insertTeams(
  server: TestServer,
  event: WalkingEventRow,
  teams: Record<string, number[]>,
): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const [name, members] of Object.entries(teams)) {
    const [team] = await server.db.db.insert(walkingEventTeams).values({ walkingEventId: event.id, name }).returning();
    if (!team) throw new Error('team not inserted');
    ids[name] = team.id;
    if (members.length > 0) {
      await server.db.db
        .insert(walkingEventTeamMembers)
        .values(members.map((organizationMemberId) => ({ walkingEventId: event.id, teamId: team.id, organizationMemberId })));
    }
  }
  return ids;
}

export async function insertSteps(server: TestServer, organizationMemberId: number, stepsByDay: Record<string, number>): Promise<void> {
  await server.db.db
    .insert(activityDays)
    .values(Object.entries(stepsByDay).map(([at, steps]) => ({ organizationMemberId, day: at, steps, source: 'app' as const })));
}
