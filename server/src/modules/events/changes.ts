// Live refresh of an event page: every change to an event's messages, reactions, poll or members NOTIFYs
// `kiwi_event_changes` with the event id on commit; each server process LISTENs once and tells the open streams of that
// event "changed", and the page reloads what it shows. A lost notification only delays the refresh until the page's
// periodic reload, so no log is kept (unlike guild chat, whose stream carries the messages themselves).
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, type Executor, notifyIn } from '../../db/client';
import { limitStreamLifetime, openEventStream } from '../../realtime/sse';
import type { StreamOwner } from '../../realtime/stream-owners';

export const EVENT_CHANGES_CHANNEL = 'kiwi_event_changes';

/** Inside the change's transaction: sent on commit, never for a rollback. */
export function signalEventChange(tx: Executor, eventId: number): Promise<void> {
  return notifyIn(tx, EVENT_CHANGES_CHANNEL, String(eventId));
}

/**
 * Inside a member's removal, before the membership goes: every event they took part in (as a participant, a reactor or
 * a voter) is told "changed" on commit, so its open pages reload without them. The membership's cascade takes those
 * rows without a word; this is the word.
 */
export async function signalMemberEventsChanged(tx: Executor, memberId: number): Promise<void> {
  const result = (await tx.execute(sql`
    select event_id from event_members where organization_member_id = ${memberId}
    union
    select messages.event_id from event_message_reactions reactions
      join event_messages messages on messages.id = reactions.event_message_id
      where reactions.organization_member_id = ${memberId}
    union
    select polls.event_id from poll_votes votes
      join poll_items items on items.id = votes.poll_item_id
      join polls on polls.id = items.poll_id
      where votes.organization_member_id = ${memberId}`)) as unknown as { rows: { event_id: number }[] };
  for (const row of result.rows) await signalEventChange(tx, Number(row.event_id));
}

export type EventChangeBroker = { subscribe(eventId: number, onChange: () => void): Promise<() => void> };

const brokers = new WeakMap<DatabaseHandle, EventChangeBroker>();

/** One LISTEN per database handle, fanned out to the streams of this process. */
export function eventChangeBroker(db: DatabaseHandle, logger?: Logger): EventChangeBroker {
  const existing = brokers.get(db);
  if (existing) return existing;
  const listeners = new Map<number, Set<() => void>>();
  let listening: Promise<unknown> | null = null;
  const broker: EventChangeBroker = {
    async subscribe(eventId, onChange) {
      listening ??= db
        .listen(EVENT_CHANGES_CHANNEL, (payload) => {
          for (const listener of listeners.get(Number(payload)) ?? []) listener();
        })
        .catch((error: unknown) => {
          listening = null;
          logger?.error({ err: error }, 'event changes: LISTEN failed');
          throw error;
        });
      await listening;
      const set = listeners.get(eventId) ?? new Set();
      set.add(onChange);
      listeners.set(eventId, set);
      return () => {
        set.delete(onChange);
        if (set.size === 0) listeners.delete(eventId);
      };
    },
  };
  brokers.set(db, broker);
  return broker;
}

/**
 * `event: changed` whenever the event changes, for at most `Prefer: wait=N` seconds (30 minutes by default) and never
 * past the expiry of the token it was opened with; the
 * client then reconnects, which checks its right to read the event again. `stillAllowed` is asked on every change:
 * once the reader may no longer see the event (unpublished, deleted, removed from a private event) the stream sends
 * that last `changed` (the page reloads and learns why) and ends.
 */
export async function streamEventChanges(
  broker: EventChangeBroker,
  req: Request,
  res: Response,
  eventId: number,
  stillAllowed: () => Promise<boolean> = async () => true,
  /** The session that opens the stream: it ends when that session's rights change or its token expires (issue 22). */
  owner?: StreamOwner,
): Promise<void> {
  // Subscribed before the stream answers: a change made once the client sees the stream open is never missed (one
  // that arrives in between is sent as soon as the stream is open).
  let stream: ReturnType<typeof openEventStream> | undefined;
  let missed = false;
  const changed = () => {
    if (!stream) {
      missed = true;
      return;
    }
    stream.send({ event: 'changed', data: '{}' });
    stillAllowed().then(
      (allowed) => allowed || stream?.close(),
      () => stream?.close(),
    );
  };
  const unsubscribe = await broker.subscribe(eventId, changed);
  stream = openEventStream(req, res);
  if (missed) changed();
  if (owner) owner.watch(stream);
  else limitStreamLifetime(stream, req);
  await stream.closed;
  unsubscribe();
}
