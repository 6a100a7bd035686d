import { addDays, daysBetweenInclusive, tokyoDay } from '@kiwi/shared/domain/walking-event';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { WalkingEventRow } from '../../db/schema/walking-events';
import type { Standings } from './rankings';

/** Teams drawn in the daily chart: the leaders (500 lines would read as none). */
export const CHARTED_TEAMS = 8;

export type DailySummary = {
  days: string[];
  /** Per charted team, its average steps per member on each day. */
  teams: { teamId: number; teamName: string; dailyAverage: number[] }[];
  /** Per day, the share of participants with a record that day (0..1). */
  participation: number[];
  participants: number;
  /** Participants with at least one record on the event's days. */
  everSynced: number;
};

/** The dashboard's figures: the leading teams' daily averages and the daily participation, from activity_days. */
export async function dailySummary(tx: Executor, event: WalkingEventRow, standings: Standings, now: Date): Promise<DailySummary> {
  const today = tokyoDay(now);
  const lastDay = [event.endedAt, today].sort()[0] as string;
  const count = daysBetweenInclusive(event.startedAt, lastDay);
  const days = Array.from({ length: count }, (_, index) => addDays(event.startedAt, index));
  const result = (await tx.execute(sql`
    select m.team_id, a.day::text as day, sum(a.steps) as steps, count(*) as synced
    from walking_event_team_members m
    join activity_days a on a.organization_member_id = m.organization_member_id and a.day between ${event.startedAt} and ${lastDay}
    where m.walking_event_id = ${event.id}
    group by m.team_id, a.day`)) as unknown as { rows: { team_id: number; day: string; steps: string; synced: string }[] };
  const ever = (await tx.execute(sql`
    select count(distinct m.organization_member_id) as n
    from walking_event_team_members m
    join activity_days a on a.organization_member_id = m.organization_member_id and a.day between ${event.startedAt} and ${lastDay}
    where m.walking_event_id = ${event.id}`)) as unknown as { rows: { n: string }[] };

  const index = new Map(days.map((day, at) => [day, at]));
  const charted = standings.teams.slice(0, CHARTED_TEAMS);
  const stepsByTeam = new Map(charted.map((team) => [team.teamId, days.map(() => 0)]));
  const syncedPerDay = days.map(() => 0);
  for (const row of result.rows) {
    const at = index.get(row.day);
    if (at === undefined) continue;
    syncedPerDay[at] = (syncedPerDay[at] as number) + Number(row.synced);
    const steps = stepsByTeam.get(Number(row.team_id));
    if (steps) steps[at] = Number(row.steps);
  }
  const participants = standings.people.length;
  return {
    days,
    teams: charted.map((team) => ({
      teamId: team.teamId,
      teamName: team.teamName,
      dailyAverage: (stepsByTeam.get(team.teamId) ?? []).map((steps) => (team.memberCount > 0 ? Math.round(steps / team.memberCount) : 0)),
    })),
    participation: syncedPerDay.map((synced) => (participants > 0 ? synced / participants : 0)),
    participants,
    everSynced: Number(ever.rows[0]?.n ?? 0),
  };
}
