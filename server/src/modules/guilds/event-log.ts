import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { guildEvents, guilds } from '../../db/schema/guilds';
import { noticeFor, notifyTopic, type RealtimeEvent } from '../../realtime/hub';

/** The NOTIFY channel every server process LISTENs on for guild chats. */
export const GUILD_EVENTS_CHANNEL = 'kiwi_guild_events';

export type GuildEventKind =
  | 'message.created'
  | 'message.updated'
  | 'message.deleted'
  | 'message.reactions'
  | 'guild.pinned'
  | 'guild.updated'
  | 'guild.deleted'
  | 'members.changed';

/**
 * Appends to the guild's ordered log inside the change's transaction and NOTIFYs on commit. Bumping
 * guilds.last_event_seq locks the guild row until commit, so sequence order is commit order: a reader that saw seq n
 * has seen every event before it.
 */
export async function appendGuildEvent(tx: Executor, guildId: number, kind: GuildEventKind, payload: unknown): Promise<number> {
  const [row] = await tx
    .update(guilds)
    .set({ lastEventSeq: sql`${guilds.lastEventSeq} + 1`, updatedAt: sql`${guilds.updatedAt}` })
    .where(eq(guilds.id, guildId))
    .returning({ seq: guilds.lastEventSeq });
  if (!row) throw new Error(`guild ${guildId} vanished while appending an event`);
  await tx.insert(guildEvents).values({ guildId, seq: row.seq, kind, payload });
  await notifyTopic(tx, GUILD_EVENTS_CHANNEL, noticeFor(guildId, row.seq, kind, payload));
  return row.seq;
}

export async function fetchGuildEvents(executor: Executor, guildId: number, after: number, limit: number): Promise<RealtimeEvent[]> {
  return executor
    .select({ seq: guildEvents.seq, kind: guildEvents.kind, payload: guildEvents.payload })
    .from(guildEvents)
    .where(and(eq(guildEvents.guildId, guildId), gt(guildEvents.seq, after)))
    .orderBy(asc(guildEvents.seq))
    .limit(limit);
}

/**
 * Many events of one guild in one step (a moderator's member-wide delete): the sequence moves once, the rows go in
 * batches, and one notice tells the readers to read the log up to the last seq.
 */
export async function appendGuildEvents(
  tx: Executor,
  guildId: number,
  entries: readonly { kind: GuildEventKind; payload: unknown }[],
): Promise<number> {
  if (entries.length === 0) return 0;
  const [row] = await tx
    .update(guilds)
    .set({ lastEventSeq: sql`${guilds.lastEventSeq} + ${entries.length}`, updatedAt: sql`${guilds.updatedAt}` })
    .where(eq(guilds.id, guildId))
    .returning({ seq: guilds.lastEventSeq });
  if (!row) throw new Error(`guild ${guildId} vanished while appending events`);
  const first = row.seq - entries.length + 1;
  for (let at = 0; at < entries.length; at += APPEND_BATCH) {
    await tx
      .insert(guildEvents)
      .values(
        entries
          .slice(at, at + APPEND_BATCH)
          .map((entry, index) => ({ guildId, seq: first + at + index, kind: entry.kind, payload: entry.payload })),
      );
  }
  await notifyTopic(tx, GUILD_EVENTS_CHANNEL, { topic: guildId, seq: row.seq });
  return row.seq;
}

/** Rows per insert: 4 parameters each, well under PostgreSQL's 65,535. */
const APPEND_BATCH = 2_000;
