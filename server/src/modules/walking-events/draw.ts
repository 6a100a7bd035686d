import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { addDays, BALANCE_LOOKBACK_DAYS, type DrawCandidate, drawTeams, tokyoDay } from '@kiwi/shared/domain/walking-event';
import type { RandomTeamsInput } from '@kiwi/shared/schemas/walking-event';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client';
import { groups } from '../../db/schema/groups';
import type { WalkingEventRow } from '../../db/schema/walking-events';
import { walkingEvents, walkingEventTeamMembers, walkingEventTeams } from '../../db/schema/walking-events';
import { ApiError, notFoundInOrganization } from '../../jsonapi/errors';
import { memberDisplayName } from '../members/display';
import { assertTeamsEditable } from './service';

export type DrawnTeam = {
  teamName: string;
  averageSteps: number;
  members: { organizationMemberId: number; name: string; steps: number }[];
};
export type Draw = { seed: string; applied: boolean; teams: DrawnTeam[] };

/**
 * The members a draw places: active today, optionally only those in one of `groupIds`, each with their steps over the
 * BALANCE_LOOKBACK_DAYS days before today (Asia/Tokyo).
 */
async function eligibleMembers(
  tx: Executor,
  event: WalkingEventRow,
  groupIds: readonly number[] | undefined,
  now: Date,
): Promise<(DrawCandidate & { name: string })[]> {
  if (groupIds && groupIds.length > 0) {
    const found = await tx
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.organizationId, event.organizationId), inArray(groups.id, [...groupIds])));
    if (found.length !== new Set(groupIds).size) throw notFoundInOrganization('/random_teams/group_ids');
  }
  const today = tokyoDay(now);
  const groupFilter =
    groupIds && groupIds.length > 0
      ? sql`and exists (select 1 from group_memberships g where g.organization_member_id = organization_members.id
          and g.group_id in (${sql.join(
            groupIds.map((id) => sql`${id}`),
            sql`, `,
          )}))`
      : sql``;
  const result = (await tx.execute(sql`
    select organization_members.id, ${memberDisplayName} as name,
      (select coalesce(sum(a.steps), 0) from activity_days a where a.organization_member_id = organization_members.id
        and a.day between ${addDays(today, -BALANCE_LOOKBACK_DAYS)} and ${addDays(today, -1)}) as steps
    from organization_members join users on users.id = organization_members.user_id
    where organization_members.organization_id = ${event.organizationId}
      and (organization_members.active_from is null or organization_members.active_from <= ${now.toISOString()})
      and (organization_members.active_to is null or organization_members.active_to > ${now.toISOString()})
      ${groupFilter}`)) as unknown as { rows: { id: number; name: string; steps: string }[] };
  return result.rows.map((row) => ({ organizationMemberId: Number(row.id), name: row.name, steps: Number(row.steps) }));
}

/**
 * Issue 17 random teams: one team per teamLimit (fewer when there are fewer members), sizes within one of each other,
 * `random` or `balanced` as the event says, reproducible from the seed. `apply` replaces the event's teams; otherwise
 * nothing is written (the preview). Re-runnable until the start day, like every team change.
 */
export async function drawRandomTeams(
  tx: Executor,
  event: WalkingEventRow,
  input: RandomTeamsInput,
  { now, teamName }: { now: Date; teamName: (number: number) => string },
): Promise<Draw> {
  if (event.randomType === 'manual') throw new ApiError(ErrorCode.walkingEventManualTeams);
  assertTeamsEditable(event, now);
  const candidates = await eligibleMembers(tx, event, input.group_ids, now);
  if (candidates.length === 0) throw new ApiError(ErrorCode.walkingEventNoEligibleMembers);
  if (candidates.length > event.teamLimit * event.memberLimit) throw new ApiError(ErrorCode.walkingEventTooManyMembers);
  const seed = input.seed ?? randomBytes(6).toString('base64url');
  const names = new Map(candidates.map((candidate) => [candidate.organizationMemberId, candidate.name]));
  const drawn = drawTeams(candidates, { teamCount: Math.min(event.teamLimit, candidates.length), type: event.randomType, seed });
  const teams = drawn.map((members, index) => ({
    teamName: teamName(index + 1),
    averageSteps:
      members.length > 0 ? Math.round(members.reduce((sum, member) => sum + member.steps, 0) / members.length / BALANCE_LOOKBACK_DAYS) : 0,
    members: members.map((member) => ({ ...member, name: names.get(member.organizationMemberId) ?? '' })),
  }));
  if (input.apply) {
    await tx.delete(walkingEventTeams).where(eq(walkingEventTeams.walkingEventId, event.id));
    for (const team of teams) {
      const [row] = await tx.insert(walkingEventTeams).values({ walkingEventId: event.id, name: team.teamName }).returning();
      if (!row) throw new Error('team not inserted');
      if (team.members.length > 0) {
        await tx
          .insert(walkingEventTeamMembers)
          .values(
            team.members.map((member) => ({ walkingEventId: event.id, teamId: row.id, organizationMemberId: member.organizationMemberId })),
          );
      }
    }
    await tx.update(walkingEvents).set({ randomSeed: seed }).where(eq(walkingEvents.id, event.id));
  }
  return { seed, applied: input.apply, teams };
}
