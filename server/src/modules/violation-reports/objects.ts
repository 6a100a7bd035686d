// Issue 19: what each violationObjectType names: where it lives, who wrote it, the evidence a report keeps, who may
// report it, how resolving removes it and how its page learns that it went or was hidden.
import type { ViolationObjectType } from '@kiwi/shared/domain/violation-report';
import { type AnyColumn, and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { can } from '../../auth/authorize';
import type { Session } from '../../auth/session-cache';
import type { Executor } from '../../db/client';
import { kiwiCoinTransfers } from '../../db/schema/coins';
import { eventGuests, eventMessages, events } from '../../db/schema/events';
import { guildMessages, guilds } from '../../db/schema/guilds';
import { organizationMembers } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import type { ViolationEvidence } from '../../db/schema/violation-reports';
import { walkingEventMessages, walkingEventTeamMembers } from '../../db/schema/walking-events';
import { ApiError, notFound } from '../../jsonapi/errors';
import { signalEventChange } from '../events/changes';
import { loadEventContext } from '../events/access';
import { guildViewerOf } from '../guilds/access';
import { appendGuildEvent, appendGuildEvents } from '../guilds/event-log';
import { loadMessageGuild } from '../guilds/messages';
import { messageView as guildMessageView } from '../guilds/views';
import { memberDisplayName } from '../members/display';

/** A reported object as it is now, with the evidence a new report would keep. */
export type ReportedObject = {
  type: ViolationObjectType;
  id: number;
  organizationId: number;
  authorMemberId: number | null;
  authorGuestId: number | null;
  evidence: ViolationEvidence;
  /** Where it lives (the event of a message or guest, the guild, the walking event and team). */
  eventId?: number;
  guildId?: number;
  walkingEventId?: number;
  teamId?: number;
};

type Author = { memberId: number | null; guestId: number | null; name: string };

/** The display name (members/display.ts) of the member whose id `memberId` names, as a subquery. */
export const memberNameOf = (memberId: AnyColumn | SQL) =>
  sql<string>`(select ${memberDisplayName} from organization_members join users on users.id = organization_members.user_id where organization_members.id = ${memberId})`;

/** The object, or null when it does not exist (never reported objects of other types under the same id). */
export async function findReportedObject(tx: Executor, type: ViolationObjectType, id: number): Promise<ReportedObject | null> {
  const base = (author: Author, evidence: Omit<ViolationEvidence, 'authorName' | 'authorMemberId' | 'authorGuestId'>) => ({
    type,
    id,
    authorMemberId: author.memberId,
    authorGuestId: author.guestId,
    evidence: { ...evidence, authorName: author.name, authorMemberId: author.memberId, authorGuestId: author.guestId },
  });
  /** A message's evidence: its text and images as they are now, when and where it was posted. */
  const messageEvidence = (message: { body: ViolationEvidence['text']; createdAt: Date }, imageUrls: string[], linkPath: string) => ({
    text: message.body,
    imageUrls,
    postedAt: message.createdAt.toISOString(),
    linkPath,
  });
  switch (type) {
    case 'EventMessage': {
      const [row] = await tx
        .select({
          message: eventMessages,
          organizationId: events.organizationId,
          memberName: memberNameOf(eventMessages.organizationMemberId),
          guestName: sql<string | null>`(select nickname from event_guests where event_guests.id = ${eventMessages.eventGuestId})`,
        })
        .from(eventMessages)
        .innerJoin(events, eq(events.id, eventMessages.eventId))
        .where(eq(eventMessages.id, id));
      if (!row) return null;
      const { message } = row;
      return {
        ...base(
          { memberId: message.organizationMemberId, guestId: message.eventGuestId, name: row.memberName ?? row.guestName ?? '' },
          messageEvidence(message, message.imageUrls, `/events/${message.eventId}`),
        ),
        organizationId: row.organizationId,
        eventId: message.eventId,
      };
    }
    case 'GuildMessage': {
      const [row] = await tx
        .select({
          message: guildMessages,
          organizationId: guilds.organizationId,
          name: memberNameOf(guildMessages.organizationMemberId),
        })
        .from(guildMessages)
        .innerJoin(guilds, eq(guilds.id, guildMessages.guildId))
        .where(eq(guildMessages.id, id));
      if (!row) return null;
      const { message } = row;
      return {
        ...base(
          { memberId: message.organizationMemberId, guestId: null, name: row.name },
          messageEvidence(message, message.imageUrls, `/guilds/${message.guildId}`),
        ),
        organizationId: row.organizationId,
        guildId: message.guildId,
      };
    }
    case 'WalkingEventMessage': {
      const [row] = await tx
        .select({
          message: walkingEventMessages,
          organizationId: organizationMembers.organizationId,
          name: memberDisplayName,
        })
        .from(walkingEventMessages)
        .innerJoin(organizationMembers, eq(organizationMembers.id, walkingEventMessages.organizationMemberId))
        .innerJoin(users, eq(users.id, organizationMembers.userId))
        .where(eq(walkingEventMessages.id, id));
      if (!row) return null;
      const { message } = row;
      return {
        ...base(
          { memberId: message.organizationMemberId, guestId: null, name: row.name },
          messageEvidence(message, [], `/walking_events/${message.walkingEventId}`),
        ),
        organizationId: row.organizationId,
        walkingEventId: message.walkingEventId,
        teamId: message.teamId,
      };
    }
    case 'OrganizationMember': {
      const [row] = await tx
        .select({ member: organizationMembers, name: memberDisplayName })
        .from(organizationMembers)
        .innerJoin(users, eq(users.id, organizationMembers.userId))
        .where(eq(organizationMembers.id, id));
      if (!row) return null;
      return {
        ...base(
          { memberId: row.member.id, guestId: null, name: row.name },
          { text: row.name, imageUrls: row.member.icon ? [row.member.icon] : [], postedAt: null, linkPath: `/members/${row.member.id}` },
        ),
        organizationId: row.member.organizationId,
      };
    }
    case 'KiwiCoinTransfer': {
      const [row] = await tx
        .select({ transfer: kiwiCoinTransfers, name: memberNameOf(kiwiCoinTransfers.senderMemberId) })
        .from(kiwiCoinTransfers)
        .where(and(eq(kiwiCoinTransfers.id, id), eq(kiwiCoinTransfers.kind, 'message')));
      // Grants have no author to report; a message already blanked by a resolve has nothing left to report.
      if (!row || row.transfer.senderMemberId === null || row.transfer.message === null) return null;
      return {
        ...base(
          { memberId: row.transfer.senderMemberId, guestId: null, name: row.name },
          { text: row.transfer.message, imageUrls: [], postedAt: row.transfer.createdAt.toISOString(), linkPath: '/kiwi_coin_transfers' },
        ),
        organizationId: row.transfer.organizationId,
      };
    }
    case 'EventGuest': {
      const [row] = await tx
        .select({ guest: eventGuests, organizationId: events.organizationId })
        .from(eventGuests)
        .innerJoin(events, eq(events.id, eventGuests.eventId))
        .where(eq(eventGuests.id, id));
      if (!row) return null;
      return {
        ...base(
          { memberId: null, guestId: row.guest.id, name: row.guest.nickname },
          {
            text: row.guest.nickname,
            imageUrls: [],
            postedAt: row.guest.createdAt.toISOString(),
            linkPath: `/events/${row.guest.eventId}`,
          },
        ),
        organizationId: row.organizationId,
        eventId: row.guest.eventId,
      };
    }
  }
}

/** 404 unless this member may see the object where it lives (a private event or guild, another team's board). */
export async function assertMemberSees(tx: Executor, session: Session, memberId: number, object: ReportedObject): Promise<void> {
  const hidden = () => new ApiError('resource.notFound');
  const orNotFound = <T>(work: Promise<T>) =>
    work.catch((error: unknown) => {
      if (error instanceof ApiError) throw hidden();
      throw error;
    });
  switch (object.type) {
    case 'EventMessage':
    case 'EventGuest':
      await orNotFound(loadEventContext(tx, session, { eventId: object.eventId! }));
      return;
    case 'GuildMessage':
      await orNotFound(loadMessageGuild(tx, guildViewerOf(session), object.id));
      return;
    case 'WalkingEventMessage': {
      if (can(session, 'walkingEvent.seeEveryTeam', { kind: 'organization', id: object.organizationId })) return;
      const [inTeam] = await tx
        .select({ id: walkingEventTeamMembers.id })
        .from(walkingEventTeamMembers)
        .where(and(eq(walkingEventTeamMembers.teamId, object.teamId!), eq(walkingEventTeamMembers.organizationMemberId, memberId)));
      if (!inTeam) throw notFound();
      return;
    }
    default:
      return;
  }
}

/** How many posts a member-wide resolve would delete (events, guilds, walking events). */
export async function countMemberPosts(tx: Executor, memberId: number): Promise<number> {
  const result = (await tx.execute(sql`select (
      (select count(*) from event_messages where organization_member_id = ${memberId})
      + (select count(*) from guild_messages where organization_member_id = ${memberId})
      + (select count(*) from walking_event_messages where organization_member_id = ${memberId}))::int as count`)) as unknown as {
    rows: { count: number }[];
  };
  return result.rows[0]?.count ?? 0;
}

/**
 * Removes everything a member posted in events, guilds and walking events, inside the caller's transaction (all or
 * nothing), and tells each open page the way a normal delete does: one "changed" per event, the guild log's
 * `message.deleted` per message (appended per guild in one statement).
 */
export async function deleteMemberPosts(tx: Executor, memberId: number): Promise<number> {
  const eventRows = await tx
    .delete(eventMessages)
    .where(eq(eventMessages.organizationMemberId, memberId))
    .returning({ eventId: eventMessages.eventId });
  for (const eventId of new Set(eventRows.map((row) => row.eventId))) await signalEventChange(tx, eventId);

  const pinned = await tx
    .select({ id: guilds.id })
    .from(guilds)
    .where(
      inArray(
        guilds.pinnedMessageId,
        tx.select({ id: guildMessages.id }).from(guildMessages).where(eq(guildMessages.organizationMemberId, memberId)),
      ),
    );
  const guildRows = await tx
    .delete(guildMessages)
    .where(eq(guildMessages.organizationMemberId, memberId))
    .returning({ id: guildMessages.id, guildId: guildMessages.guildId });
  const byGuild = new Map<number, number[]>();
  for (const row of guildRows) byGuild.set(row.guildId, [...(byGuild.get(row.guildId) ?? []), row.id]);
  for (const [guildId, ids] of byGuild) {
    await appendGuildEvents(
      tx,
      guildId,
      ids.map((messageId) => ({ kind: 'message.deleted' as const, payload: { id: messageId } })),
    );
  }
  for (const guild of pinned) await appendGuildEvent(tx, guild.id, 'guild.pinned', { pinnedMessageId: null, message: null });

  const walkingRows = await tx
    .delete(walkingEventMessages)
    .where(eq(walkingEventMessages.organizationMemberId, memberId))
    .returning({ id: walkingEventMessages.id });
  return eventRows.length + guildRows.length + walkingRows.length;
}

/** Resolving one object: the post goes (a coin message is blanked: the transfer is money and stays); returns how many posts went. */
export async function deleteReportedObject(tx: Executor, object: ReportedObject): Promise<number> {
  switch (object.type) {
    case 'EventMessage':
      await tx.delete(eventMessages).where(eq(eventMessages.id, object.id));
      await signalEventChange(tx, object.eventId!);
      return 1;
    case 'GuildMessage': {
      const [guild] = await tx
        .select({ pinnedMessageId: guilds.pinnedMessageId })
        .from(guilds)
        .where(eq(guilds.id, object.guildId!))
        .for('update');
      await tx.delete(guildMessages).where(eq(guildMessages.id, object.id));
      await appendGuildEvent(tx, object.guildId!, 'message.deleted', { id: object.id });
      if (guild?.pinnedMessageId === object.id) {
        await appendGuildEvent(tx, object.guildId!, 'guild.pinned', { pinnedMessageId: null, message: null });
      }
      return 1;
    }
    case 'WalkingEventMessage':
      await tx.delete(walkingEventMessages).where(eq(walkingEventMessages.id, object.id));
      return 1;
    case 'KiwiCoinTransfer':
      await tx.update(kiwiCoinTransfers).set({ message: null }).where(eq(kiwiCoinTransfers.id, object.id));
      return 1;
    case 'EventGuest':
      // The guest goes with their messages, reactions and votes (the foreign keys cascade).
      await tx.delete(eventGuests).where(eq(eventGuests.id, object.id));
      await signalEventChange(tx, object.eventId!);
      return 1;
    case 'OrganizationMember':
      return deleteMemberPosts(tx, object.id);
  }
}

/**
 * A hidden object disappears from open pages as a deleted one does; a restored one comes back (an event page reloads
 * and filters per reader; the guild log carries the message again). Boards without a stream show it on their next load.
 */
export async function signalVisibilityChange(tx: Executor, object: ReportedObject, hidden: boolean): Promise<void> {
  if ((object.type === 'EventMessage' || object.type === 'EventGuest') && object.eventId) {
    await signalEventChange(tx, object.eventId);
    return;
  }
  if (object.type !== 'GuildMessage' || !object.guildId) return;
  if (hidden) {
    await appendGuildEvent(tx, object.guildId, 'message.deleted', { id: object.id });
    return;
  }
  const view = await guildMessageView(tx, object.id);
  if (view) await appendGuildEvent(tx, object.guildId, 'message.created', { message: view });
}
