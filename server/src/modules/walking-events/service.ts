import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { tokyoDay, type WalkingEventDates, walkingEventDateViolations, walkingEventEditability } from '@kiwi/shared/domain/walking-event';
import type { CreateWalkingEvent, UpdateWalkingEvent } from '@kiwi/shared/schemas/walking-event';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { organizationMembers } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import {
  type WalkingEventRow,
  type WalkingEventTeamRow,
  walkingEvents,
  walkingEventTeamMembers,
  walkingEventTeams,
} from '../../db/schema/walking-events';
import { cancelJob, scheduleJob } from '../../jobs/schedule';
import { ApiError, ApiErrorList, notFound, notFoundInOrganization } from '../../jsonapi/errors';
import { memberDisplayName } from '../members/display';

export const FINAL_RESULT_JOB = 'walking_event.final_result';

const finalResultJobKey = (event: Pick<WalkingEventRow, 'id' | 'finalResultPublishedAt'>) =>
  `${FINAL_RESULT_JOB}:${event.id}:${event.finalResultPublishedAt.toISOString()}`;

export async function scheduleFinalResult(tx: Executor, event: WalkingEventRow): Promise<void> {
  await scheduleJob(tx, {
    kind: FINAL_RESULT_JOB,
    runAt: event.finalResultPublishedAt,
    payload: { walkingEventId: event.id },
    dedupeKey: finalResultJobKey(event),
  });
}

/** SPEC §5's rules as one 422 naming each broken rule at its field. */
function checkDates(dates: WalkingEventDates, now: Date, startMustBeFuture: boolean): void {
  const violations = walkingEventDateViolations(dates, now, { startMustBeFuture });
  if (violations.length === 0) return;
  const codes = {
    nextDayOrLater: ErrorCode.validationNextDayOrLater,
    endAfterStart: ErrorCode.validationEndAfterStart,
    finalResultAfterEnd: ErrorCode.validationFinalResultAfterEnd,
  } as const;
  throw new ApiErrorList(violations.map(({ field, rule }) => new ApiError(codes[rule], { pointer: `/walking_event/${field}` })));
}

export async function listWalkingEvents(tx: Executor, organizationId: number): Promise<WalkingEventRow[]> {
  return tx
    .select()
    .from(walkingEvents)
    .where(eq(walkingEvents.organizationId, organizationId))
    .orderBy(desc(walkingEvents.startedAt), desc(walkingEvents.id));
}

export async function findWalkingEvent(
  tx: Executor,
  organizationId: number,
  eventId: number,
  { lock = false } = {},
): Promise<WalkingEventRow> {
  const query = tx
    .select()
    .from(walkingEvents)
    .where(and(eq(walkingEvents.organizationId, organizationId), eq(walkingEvents.id, eventId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

export async function createWalkingEvent(
  tx: Executor,
  organizationId: number,
  input: CreateWalkingEvent,
  now: Date,
): Promise<WalkingEventRow> {
  const finalResultPublishedAt = new Date(input.final_result_published_at);
  checkDates({ startedAt: input.started_at, endedAt: input.ended_at, finalResultPublishedAt }, now, true);
  const [row] = await tx
    .insert(walkingEvents)
    .values({
      organizationId,
      title: input.title,
      startedAt: input.started_at,
      endedAt: input.ended_at,
      finalResultPublishedAt,
      randomType: input.random_type,
      teamLimit: input.team_limit,
      memberLimit: input.member_limit,
      showTeamMemberData: input.show_team_member_data,
      showPersonalStatistics: input.show_personal_statistics,
    })
    .returning();
  if (!row) throw new Error('walking event not inserted');
  await scheduleFinalResult(tx, row);
  return row;
}

const FIELD_COLUMNS = {
  title: 'title',
  started_at: 'startedAt',
  ended_at: 'endedAt',
  random_type: 'randomType',
  team_limit: 'teamLimit',
  member_limit: 'memberLimit',
  show_team_member_data: 'showTeamMemberData',
  show_personal_statistics: 'showPersonalStatistics',
} as const satisfies Record<Exclude<keyof UpdateWalkingEvent, 'final_result_published_at'>, keyof WalkingEventRow>;

/**
 * SPEC §4: before the start day anything may change; from it only the final-result time; from the final-result day
 * nothing. A field sent unchanged is not a change. The dates are checked again as a whole (§5).
 */
export async function updateWalkingEvent(
  tx: Executor,
  organizationId: number,
  eventId: number,
  input: UpdateWalkingEvent,
  now: Date,
): Promise<WalkingEventRow> {
  const current = await findWalkingEvent(tx, organizationId, eventId, { lock: true });
  const changes: Partial<typeof walkingEvents.$inferInsert> = {};
  const changed: string[] = [];
  for (const [field, column] of Object.entries(FIELD_COLUMNS) as [keyof typeof FIELD_COLUMNS, keyof WalkingEventRow][]) {
    const value = input[field];
    if (value === undefined || value === current[column]) continue;
    Object.assign(changes, { [column]: value });
    changed.push(field);
  }
  if (input.final_result_published_at !== undefined) {
    const at = new Date(input.final_result_published_at);
    if (at.getTime() !== current.finalResultPublishedAt.getTime()) {
      changes.finalResultPublishedAt = at;
      changed.push('final_result_published_at');
    }
  }
  if (changed.length === 0) return current;

  const editability = current.finalizedAt ? 'none' : walkingEventEditability(current, now);
  if (editability === 'none') throw new ApiError(ErrorCode.walkingEventFinalLocked, { pointer: `/walking_event/${changed[0]}` });
  const locked = changed.find((field) => field !== 'final_result_published_at');
  if (editability === 'finalResultOnly' && locked)
    throw new ApiError(ErrorCode.walkingEventLocked, { pointer: `/walking_event/${locked}` });

  const next = { ...current, ...changes } as WalkingEventRow;
  // A start day already passed stays (the event runs); a new start day must be tomorrow or later.
  checkDates(next, now, changes.startedAt !== undefined);
  const [row] = await tx.update(walkingEvents).set(changes).where(eq(walkingEvents.id, eventId)).returning();
  if (!row) throw notFound();
  if (changes.finalResultPublishedAt) {
    await cancelJob(tx, finalResultJobKey(current));
    await scheduleFinalResult(tx, row);
  }
  return row;
}

/** Deleting follows §4 like a change: possible until the final-result day. */
export async function deleteWalkingEvent(tx: Executor, organizationId: number, eventId: number, now: Date): Promise<void> {
  const current = await findWalkingEvent(tx, organizationId, eventId, { lock: true });
  if (current.finalizedAt || walkingEventEditability(current, now) === 'none') throw new ApiError(ErrorCode.walkingEventFinalLocked);
  await cancelJob(tx, finalResultJobKey(current));
  await tx.delete(walkingEvents).where(eq(walkingEvents.id, eventId));
}

export type TeamMemberView = { organizationMemberId: number; name: string };
export type TeamView = WalkingEventTeamRow & { members: TeamMemberView[] };

export async function listTeams(tx: Executor, eventId: number): Promise<TeamView[]> {
  const teams = await tx
    .select()
    .from(walkingEventTeams)
    .where(eq(walkingEventTeams.walkingEventId, eventId))
    .orderBy(asc(walkingEventTeams.id));
  const members = await tx
    .select({
      teamId: walkingEventTeamMembers.teamId,
      organizationMemberId: walkingEventTeamMembers.organizationMemberId,
      name: memberDisplayName,
    })
    .from(walkingEventTeamMembers)
    .innerJoin(organizationMembers, eq(organizationMembers.id, walkingEventTeamMembers.organizationMemberId))
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(eq(walkingEventTeamMembers.walkingEventId, eventId))
    .orderBy(asc(walkingEventTeamMembers.id));
  return teams.map((team) => ({
    ...team,
    members: members
      .filter((member) => member.teamId === team.id)
      .map(({ organizationMemberId, name }) => ({ organizationMemberId, name })),
  }));
}

/** Teams are part of the event (SPEC §3): like its fields, the set of teams is fixed from the start day (and draws stop). */
export function assertTeamsEditable(event: WalkingEventRow, now: Date): void {
  if (event.finalizedAt || walkingEventEditability(event, now) !== 'all') throw new ApiError(ErrorCode.walkingEventTeamsLocked);
}

/**
 * Who is in a team (and its name) may change until the end day: a member who joins the organisation after the start is
 * placed in a team late (issue 17) and counts from the days they have.
 */
export function assertTeamMembersEditable(event: WalkingEventRow, now: Date): void {
  if (event.finalizedAt || tokyoDay(now) > event.endedAt) throw new ApiError(ErrorCode.walkingEventTeamsLocked);
}

/** The caller holds the event's row lock, so two requests cannot both take the last team place. */
export async function createTeam(tx: Executor, event: WalkingEventRow, name: string, now: Date): Promise<WalkingEventTeamRow> {
  assertTeamsEditable(event, now);
  const [existing] = await tx.select({ value: count() }).from(walkingEventTeams).where(eq(walkingEventTeams.walkingEventId, event.id));
  if ((existing?.value ?? 0) >= event.teamLimit) throw new ApiError(ErrorCode.walkingEventTeamLimitReached);
  const [team] = await tx.insert(walkingEventTeams).values({ walkingEventId: event.id, name }).returning();
  if (!team) throw new Error('team not inserted');
  return team;
}

async function teamOfEvent(tx: Executor, event: WalkingEventRow, teamId: number): Promise<WalkingEventTeamRow> {
  const [team] = await tx
    .select()
    .from(walkingEventTeams)
    .where(and(eq(walkingEventTeams.id, teamId), eq(walkingEventTeams.walkingEventId, event.id)));
  if (!team) throw notFound();
  return team;
}

export async function renameTeam(
  tx: Executor,
  event: WalkingEventRow,
  teamId: number,
  name: string,
  now: Date,
): Promise<WalkingEventTeamRow> {
  await teamOfEvent(tx, event, teamId);
  assertTeamMembersEditable(event, now);
  const [team] = await tx.update(walkingEventTeams).set({ name }).where(eq(walkingEventTeams.id, teamId)).returning();
  if (!team) throw notFound();
  return team;
}

export async function deleteTeam(tx: Executor, event: WalkingEventRow, teamId: number, now: Date): Promise<void> {
  await teamOfEvent(tx, event, teamId);
  assertTeamsEditable(event, now);
  await tx.delete(walkingEventTeams).where(eq(walkingEventTeams.id, teamId));
}

/**
 * Adds an organisation member to a team. Under the event's row lock: the team's member count and the one-team-per-event
 * rule (also a unique constraint) hold however many requests race.
 */
export async function addTeamMember(
  tx: Executor,
  event: WalkingEventRow,
  teamId: number,
  organizationMemberId: number,
  now: Date,
): Promise<TeamView> {
  await teamOfEvent(tx, event, teamId);
  assertTeamMembersEditable(event, now);
  const pointer = '/walking_event_team_member/organization_member_id';
  const [member] = await tx
    .select({ id: organizationMembers.id })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.id, organizationMemberId), eq(organizationMembers.organizationId, event.organizationId)));
  if (!member) throw notFoundInOrganization(pointer);
  const [already] = await tx
    .select({ teamId: walkingEventTeamMembers.teamId })
    .from(walkingEventTeamMembers)
    .where(
      and(eq(walkingEventTeamMembers.walkingEventId, event.id), eq(walkingEventTeamMembers.organizationMemberId, organizationMemberId)),
    );
  if (already) throw new ApiError(ErrorCode.walkingEventAlreadyInTeam, { pointer });
  const [size] = await tx.select({ value: count() }).from(walkingEventTeamMembers).where(eq(walkingEventTeamMembers.teamId, teamId));
  if ((size?.value ?? 0) >= event.memberLimit) throw new ApiError(ErrorCode.walkingEventTeamFull);
  await tx.insert(walkingEventTeamMembers).values({ walkingEventId: event.id, teamId, organizationMemberId });
  return teamView(tx, event, teamId);
}

export async function removeTeamMember(
  tx: Executor,
  event: WalkingEventRow,
  teamId: number,
  organizationMemberId: number,
  now: Date,
): Promise<void> {
  await teamOfEvent(tx, event, teamId);
  assertTeamMembersEditable(event, now);
  const removed = await tx
    .delete(walkingEventTeamMembers)
    .where(and(eq(walkingEventTeamMembers.teamId, teamId), eq(walkingEventTeamMembers.organizationMemberId, organizationMemberId)))
    .returning({ id: walkingEventTeamMembers.id });
  if (removed.length === 0) throw notFound();
}

export async function teamView(tx: Executor, event: WalkingEventRow, teamId: number): Promise<TeamView> {
  const team = (await listTeams(tx, event.id)).find((candidate) => candidate.id === teamId);
  if (!team) throw notFound();
  return team;
}

/** The team ids of an event's members, for the caller's own team. */
export async function teamIdOf(tx: Executor, eventId: number, organizationMemberId: number | null): Promise<number | null> {
  if (organizationMemberId === null) return null;
  const [row] = await tx
    .select({ teamId: walkingEventTeamMembers.teamId })
    .from(walkingEventTeamMembers)
    .where(
      and(eq(walkingEventTeamMembers.walkingEventId, eventId), eq(walkingEventTeamMembers.organizationMemberId, organizationMemberId)),
    );
  return row?.teamId ?? null;
}
