import { competitionRanks, daysBetweenInclusive, tokyoDay } from '@kiwi/shared/domain/walking-event';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { FrozenWalkingEventResult, WalkingEventRow } from '../../db/schema/walking-events';
import { memberDisplayName } from '../members/display';

export type Standings = FrozenWalkingEventResult;

/**
 * The event's standings from activity_days (one row per member and day, so a day synced from two devices counts once):
 * each participant's steps on the event's days, each team's total divided by its member count (members who never
 * synced count as zero), ranks shared on ties. `days` is the number of event days so far (the daily average's divisor).
 */
export async function computeStandings(tx: Executor, event: WalkingEventRow, now: Date): Promise<Standings> {
  const today = tokyoDay(now);
  // Days so far: to today while the event runs, to its end day after.
  const days = daysBetweenInclusive(event.startedAt, [event.endedAt, today].sort()[0] as string);
  // One pass over the event's rows (a hash aggregate), not one lookup per member: 10,000 members x 30 days in tens of ms.
  const result = (await tx.execute(sql`
    with steps as (
      select a.organization_member_id, sum(a.steps) as steps
      from walking_event_team_members m
      join activity_days a on a.organization_member_id = m.organization_member_id
        and a.day between ${event.startedAt} and ${event.endedAt}
      where m.walking_event_id = ${event.id}
      group by a.organization_member_id
    )
    select t.id as team_id, t.name as team_name, m.organization_member_id as member_id, ${memberDisplayName} as name,
      steps.steps as steps
    from walking_event_teams t
    left join walking_event_team_members m on m.team_id = t.id
    left join steps on steps.organization_member_id = m.organization_member_id
    left join organization_members on organization_members.id = m.organization_member_id
    left join users on users.id = organization_members.user_id
    where t.walking_event_id = ${event.id}
    order by t.id, m.organization_member_id`)) as unknown as {
    rows: { team_id: number; team_name: string; member_id: number | null; name: string | null; steps: string | null }[];
  };

  const teams = new Map<number, { teamId: number; teamName: string; memberCount: number; totalSteps: number }>();
  const people: Omit<Standings['people'][number], 'rank'>[] = [];
  for (const row of result.rows) {
    const teamId = Number(row.team_id);
    const team = teams.get(teamId) ?? { teamId, teamName: row.team_name, memberCount: 0, totalSteps: 0 };
    teams.set(teamId, team);
    if (row.member_id === null) continue;
    const totalSteps = Number(row.steps ?? 0);
    team.memberCount += 1;
    team.totalSteps += totalSteps;
    people.push({
      organizationMemberId: Number(row.member_id),
      teamId,
      name: row.name ?? '',
      totalSteps,
      dailyAverage: days > 0 ? Math.round(totalSteps / days) : 0,
    });
  }
  const scored = [...teams.values()]
    .map((team) => ({ ...team, score: team.memberCount > 0 ? team.totalSteps / team.memberCount : 0 }))
    .sort((a, b) => b.score - a.score || a.teamId - b.teamId);
  const teamRanks = competitionRanks(scored, (team) => team.score);
  people.sort((a, b) => b.totalSteps - a.totalSteps || a.organizationMemberId - b.organizationMemberId);
  const personRanks = competitionRanks(people, (person) => person.totalSteps);
  return {
    teams: scored.map((team, index) => ({ ...team, rank: teamRanks[index] as number })),
    people: people.map((person, index) => ({ ...person, rank: personRanks[index] as number })),
    days,
  };
}

/** The frozen result once there is one (never recomputed), else the live standings. */
export async function standingsOf(tx: Executor, event: WalkingEventRow, now: Date): Promise<{ standings: Standings; frozen: boolean }> {
  if (event.finalResult) return { standings: event.finalResult, frozen: true };
  return { standings: await computeStandings(tx, event, now), frozen: false };
}
