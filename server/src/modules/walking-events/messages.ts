import { and, asc, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { organizationMembers } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import {
  type WalkingEventRow,
  walkingEventMessageReactions,
  walkingEventMessages,
  walkingEventTeams,
} from '../../db/schema/walking-events';
import { forbidden, notFound } from '../../jsonapi/errors';
import { memberDisplayName } from '../members/display';
import { type ReactionSummary, summarizeReactions } from '../reactions';
import { isHidden, visibleTo } from '../violation-reports/visibility';
import type { WalkingEventViewer } from './access';
import { teamIdOf } from './service';

/** Messages per board page (newest first). */
const BOARD_PAGE = 50;

export type BoardMessage = {
  id: number;
  teamId: number;
  body: string;
  authorName: string;
  mine: boolean;
  /** Hidden while a violation report is reviewed (only its author and managers still read it). */
  hidden: boolean;
  createdAt: Date;
  reactions: ReactionSummary[];
};

/**
 * Whose board the caller reads or writes: their own team's (members), or for a manager the team they name. Members in
 * no team have no board (403); a team of another event is not found.
 */
export async function boardTeamOf(
  tx: Executor,
  event: WalkingEventRow,
  viewer: WalkingEventViewer,
  requestedTeamId: number | undefined,
): Promise<number> {
  const own = await teamIdOf(tx, event.id, viewer.organizationMemberId);
  if (requestedTeamId === undefined || requestedTeamId === own) {
    if (own !== null) return own;
    if (!viewer.manages) throw forbidden();
    // A manager outside the teams opens on the first team's board.
    const [first] = await tx
      .select({ id: walkingEventTeams.id })
      .from(walkingEventTeams)
      .where(eq(walkingEventTeams.walkingEventId, event.id))
      .orderBy(asc(walkingEventTeams.id))
      .limit(1);
    if (!first) throw notFound();
    return first.id;
  }
  if (!viewer.manages) throw forbidden();
  const [team] = await tx
    .select({ id: walkingEventTeams.id })
    .from(walkingEventTeams)
    .where(and(eq(walkingEventTeams.walkingEventId, event.id), eq(walkingEventTeams.id, requestedTeamId)));
  if (!team) throw notFound();
  return requestedTeamId;
}

export async function listBoard(tx: Executor, teamId: number, viewer: WalkingEventViewer, before?: number): Promise<BoardMessage[]> {
  const rows = await tx
    .select({
      id: walkingEventMessages.id,
      teamId: walkingEventMessages.teamId,
      body: walkingEventMessages.body,
      authorId: walkingEventMessages.organizationMemberId,
      authorName: memberDisplayName,
      createdAt: walkingEventMessages.createdAt,
      hidden: isHidden('WalkingEventMessage', walkingEventMessages.id),
    })
    .from(walkingEventMessages)
    .innerJoin(organizationMembers, eq(organizationMembers.id, walkingEventMessages.organizationMemberId))
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(
      and(
        eq(walkingEventMessages.teamId, teamId),
        before ? lt(walkingEventMessages.id, before) : undefined,
        visibleTo({ memberId: viewer.organizationMemberId, manages: viewer.manages }, 'WalkingEventMessage', walkingEventMessages.id, {
          member: walkingEventMessages.organizationMemberId,
        }),
      ),
    )
    .orderBy(desc(walkingEventMessages.id))
    .limit(BOARD_PAGE);
  const reactions = rows.length
    ? await tx
        .select({
          messageId: walkingEventMessageReactions.messageId,
          emoji: walkingEventMessageReactions.emoji,
          memberId: walkingEventMessageReactions.organizationMemberId,
          name: memberDisplayName,
        })
        .from(walkingEventMessageReactions)
        .innerJoin(organizationMembers, eq(organizationMembers.id, walkingEventMessageReactions.organizationMemberId))
        .innerJoin(users, eq(users.id, organizationMembers.userId))
        .where(
          inArray(
            walkingEventMessageReactions.messageId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(walkingEventMessageReactions.id))
    : [];
  return rows.map((row) => ({
    id: row.id,
    teamId: row.teamId,
    body: row.body,
    authorName: row.authorName,
    mine: row.authorId === viewer.organizationMemberId,
    hidden: row.hidden,
    createdAt: row.createdAt,
    reactions: summarizeReactions(
      reactions
        .filter((reaction) => reaction.messageId === row.id)
        .map(({ emoji, name, memberId }) => ({ emoji, name, mine: memberId === viewer.organizationMemberId })),
    ),
  }));
}

/** Only team members write on their board (a manager outside the team reads it). */
export async function postMessage(tx: Executor, event: WalkingEventRow, viewer: WalkingEventViewer, body: string): Promise<number> {
  const teamId = await teamIdOf(tx, event.id, viewer.organizationMemberId);
  if (teamId === null || viewer.organizationMemberId === null) throw forbidden();
  const [row] = await tx
    .insert(walkingEventMessages)
    .values({ walkingEventId: event.id, teamId, organizationMemberId: viewer.organizationMemberId, body })
    .returning({ id: walkingEventMessages.id });
  if (!row) throw new Error('message not inserted');
  return row.id;
}

async function messageOf(tx: Executor, event: WalkingEventRow, messageId: number) {
  const [message] = await tx
    .select()
    .from(walkingEventMessages)
    .where(and(eq(walkingEventMessages.id, messageId), eq(walkingEventMessages.walkingEventId, event.id)));
  if (!message) throw notFound();
  return message;
}

/** The author or a manager deletes a message. */
export async function deleteMessage(tx: Executor, event: WalkingEventRow, viewer: WalkingEventViewer, messageId: number): Promise<void> {
  const message = await messageOf(tx, event, messageId);
  if (!viewer.manages && message.organizationMemberId !== viewer.organizationMemberId) throw forbidden();
  await tx.delete(walkingEventMessages).where(eq(walkingEventMessages.id, messageId));
}

/** Reacting is for the team's members (the board's readers who belong to it). */
export async function toggleReaction(
  tx: Executor,
  event: WalkingEventRow,
  viewer: WalkingEventViewer,
  messageId: number,
  emoji: string,
  on: boolean,
): Promise<void> {
  const message = await messageOf(tx, event, messageId);
  const teamId = await teamIdOf(tx, event.id, viewer.organizationMemberId);
  if (viewer.organizationMemberId === null || teamId !== message.teamId) throw forbidden();
  if (on) {
    await tx
      .insert(walkingEventMessageReactions)
      .values({ messageId, organizationMemberId: viewer.organizationMemberId, emoji })
      .onConflictDoNothing();
    return;
  }
  await tx
    .delete(walkingEventMessageReactions)
    .where(
      and(
        eq(walkingEventMessageReactions.messageId, messageId),
        eq(walkingEventMessageReactions.organizationMemberId, viewer.organizationMemberId),
        eq(walkingEventMessageReactions.emoji, emoji),
      ),
    );
}

/** The event a message belongs to (404 for an unknown message), for the reaction routes named by message id. */
export async function eventOfMessage(tx: Executor, messageId: number): Promise<number> {
  const [message] = await tx
    .select({ walkingEventId: walkingEventMessages.walkingEventId })
    .from(walkingEventMessages)
    .where(eq(walkingEventMessages.id, messageId));
  if (!message) throw notFound();
  return message.walkingEventId;
}
