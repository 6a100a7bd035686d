import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import type { DatabaseHandle } from '../../db/client';
import { createRealtimeHub, type RealtimeEvent, type RealtimeHub } from '../../realtime/hub';
import { frameEvent, lastEventIdOf, limitStreamLifetime, openEventStream } from '../../realtime/sse';
import type { StreamOwner } from '../../realtime/stream-owners';
import { fetchGuildEvents, GUILD_EVENTS_CHANNEL } from './event-log';
import { presentMessage } from './presenter';
import type { MessageView } from './views';

export function createGuildHub(db: DatabaseHandle, logger: Logger): RealtimeHub {
  return createRealtimeHub({
    db,
    channel: GUILD_EVENTS_CHANNEL,
    fetchSince: (guildId, after, limit) => fetchGuildEvents(db.db, guildId, after, limit),
    logger,
  });
}

type MessagePayload = { message: MessageView };
type PinPayload = { pinnedMessageId: number | null; message: MessageView | null };

// A message differs per viewer only in `reacted-by-me` and `mine`: without reactions there are two renderings (for its
// author and for everybody else), so 500 open chats cost two JSON.stringify calls, not 500.
const rendered = new WeakMap<RealtimeEvent, Map<number | null, Buffer>>();

function renderKey(event: RealtimeEvent, viewerMemberId: number | null): number | null {
  const message = (event.payload as Partial<MessagePayload> | null)?.message;
  if (!message || message.reactions.length > 0) return viewerMemberId;
  return viewerMemberId === message.author.organizationMemberId ? viewerMemberId : null;
}

/** An event's `data` for one viewer: message documents carry that viewer's `reacted-by-me` and `mine`. */
export function eventData(event: RealtimeEvent, viewerMemberId: number | null): string {
  switch (event.kind) {
    case 'message.created':
    case 'message.updated':
    case 'message.reactions':
      return JSON.stringify(presentMessage((event.payload as MessagePayload).message, viewerMemberId));
    case 'guild.pinned': {
      const { pinnedMessageId, message } = event.payload as PinPayload;
      return JSON.stringify({ 'pinned-message-id': pinnedMessageId, message: message ? presentMessage(message, viewerMemberId) : null });
    }
    default:
      return JSON.stringify(event.payload ?? {});
  }
}

/** The SSE frame of an event for one viewer, built once per distinct rendering and shared as one Buffer. */
export function eventFrameFor(event: RealtimeEvent, viewerMemberId: number | null): Buffer {
  let byViewer = rendered.get(event);
  if (!byViewer) {
    byViewer = new Map();
    rendered.set(event, byViewer);
  }
  const key = renderKey(event, viewerMemberId);
  const cached = byViewer.get(key);
  if (cached !== undefined) return cached;
  const frame = frameEvent({ id: event.seq, event: event.kind, data: eventData(event, viewerMemberId) });
  if (byViewer.size < 1000) byViewer.set(key, frame);
  return frame;
}

/**
 * GET /guilds/:id/stream: Server-Sent Events of the guild's log after Last-Event-ID (the header a reconnecting client
 * sends, or the guild's `last-event-id` the page loaded with). Each event's `id` is its sequence number.
 */
export async function streamGuild(
  hub: RealtimeHub,
  req: Request,
  res: Response,
  {
    guildId,
    viewerMemberId,
    startAt,
    stillReadable,
    owner,
  }: {
    guildId: number;
    viewerMemberId: number | null;
    startAt: number;
    /** Asked after membership or visibility changes: a member removed from a private guild stops receiving at once. */
    stillReadable: () => Promise<boolean>;
    /** The session that opens the stream: it ends when that session's rights change or its token expires (issue 22). */
    owner?: StreamOwner;
  },
) {
  const after = lastEventIdOf(req) ?? startAt;
  const stream = openEventStream(req, res);
  // An id this guild never reached (a log from another database, say): the client's view cannot be trusted.
  if (after > startAt) {
    stream.send({ event: 'reset', data: '{}' });
    stream.close();
    return;
  }
  // A stream lives at most `Prefer: wait=N` seconds, else 30 minutes, and never past its token's expiry or a change to
  // its owner's rights: the client then reconnects with Last-Event-ID and a fresh token, which is checked again.
  if (owner) owner.watch(stream);
  else limitStreamLifetime(stream, req);
  let unsubscribe: () => void = () => undefined;
  // While a membership or visibility change is being re-checked, later events wait: a member removed from a private
  // guild must not receive what was posted right after the removal.
  let checks = 0;
  const held: Buffer[] = [];
  const recheck = () => {
    checks += 1;
    stillReadable().then(
      (readable) => {
        checks -= 1;
        if (!readable) {
          held.length = 0;
          stream.close();
          return;
        }
        if (checks === 0) for (const frame of held.splice(0)) stream.write(frame);
      },
      () => {
        checks -= 1;
        held.length = 0;
        stream.close();
      },
    );
  };
  try {
    unsubscribe = await hub.subscribe(guildId, after, {
      deliver: (event) => {
        const frame = eventFrameFor(event, viewerMemberId);
        if (checks === 0) stream.write(frame);
        // A re-check that takes this long: end the stream rather than hold events without bound (the client resumes).
        else if (held.push(frame) > MAX_HELD_EVENTS) stream.close();
        // Only a private guild can lock a reader out (public ones are open to the whole organisation).
        const publicRange = (event.payload as { publicRange?: string } | null)?.publicRange;
        if ((event.kind === 'members.changed' || event.kind === 'guild.updated') && publicRange !== 'public') recheck();
      },
      reset: () => {
        stream.send({ event: 'reset', data: '{}' });
        stream.close();
      },
    });
  } catch (error) {
    stream.close();
    throw error;
  }
  await stream.closed;
  unsubscribe();
}

const MAX_HELD_EVENTS = 1000;
