import type { Logger } from 'pino';
import { type DatabaseHandle, type Executor, notifyIn } from '../db/client';

/** One entry of a topic's ordered log (a guild's chat, say): `seq` counts up from 1 per topic, in commit order. */
export type RealtimeEvent = { seq: number; kind: string; payload: unknown };

export type Subscriber = {
  /** Gets each event after the cursor exactly once, in order. */
  deliver: (event: RealtimeEvent) => void;
  /**
   * The cursor fell so far behind that the log cannot fill the gap (more than `maxCatchUp` events): the client must
   * reload and subscribe again. Delivery stops.
   */
  reset: () => void;
};

export type RealtimeHubOptions = {
  db: DatabaseHandle;
  /** The NOTIFY channel, lowercase: `kiwi_guild_events`. */
  channel: string;
  /** The topic's events with seq > after, oldest first, at most `limit`. */
  fetchSince: (topicId: number, after: number, limit: number) => Promise<RealtimeEvent[]>;
  logger?: Logger;
  /** How many events a reconnecting client may be behind and still catch up; beyond, it is reset. */
  maxCatchUp?: number;
};

export type RealtimeHub = {
  /** Delivers every event with seq > `after`: first the backlog from the log, then live ones. */
  subscribe(topicId: number, after: number, subscriber: Subscriber): Promise<() => void>;
  close(): Promise<void>;
};

type Subscription = Subscriber & { cursor: number; active: boolean };
type Topic = { subscriptions: Set<Subscription>; fetching: boolean; again: boolean };

/** The NOTIFY payload: which topic moved and to which seq (the events themselves are read from the log). */
export type RealtimeNotice = {
  topic: number;
  seq: number;
  /** The event itself when it fits in a NOTIFY payload: subscribers that are up to date get it without a read. */
  event?: { kind: string; payload: unknown };
  /** The topic is gone (a deleted guild): subscribers are reset. */
  reset?: boolean;
};

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; larger events are read from the log instead. */
const MAX_NOTICE_BYTES = 7000;

/** The notice for an appended event, carrying the event when it is small enough. */
export function noticeFor(topic: number, seq: number, kind: string, payload: unknown): string {
  const full = JSON.stringify({ topic, seq, event: { kind, payload } } satisfies RealtimeNotice);
  return Buffer.byteLength(full) < MAX_NOTICE_BYTES ? full : JSON.stringify({ topic, seq } satisfies RealtimeNotice);
}

/** Inside the transaction that appended the event: PostgreSQL sends it on commit, never for a rollback. */
export function notifyTopic(tx: Executor, channel: string, notice: RealtimeNotice | string): Promise<void> {
  return notifyIn(tx, channel, typeof notice === 'string' ? notice : JSON.stringify(notice));
}

const PAGE = 200;

/**
 * Fan-out of one process: a single LISTEN per channel, and per topic one reader of the log that feeds every local
 * subscriber from its own cursor. A notification says "topic N reached seq S" (with the event when it is small); the
 * log is the truth, so a lost or delayed notification can delay but never skip or repeat an event, and a reconnect
 * with Last-Event-ID is just a cursor.
 */
export function createRealtimeHub({ db, channel, fetchSince, logger, maxCatchUp = 1000 }: RealtimeHubOptions): RealtimeHub {
  const topics = new Map<number, Topic>();
  let listening: Promise<() => Promise<void>> | null = null;
  let closed = false;

  const ensureListening = () => {
    listening ??= db.listen(
      channel,
      (payload) => {
        let notice: RealtimeNotice;
        try {
          notice = JSON.parse(payload) as RealtimeNotice;
        } catch {
          logger?.warn({ channel, payload }, 'unreadable realtime notice');
          return;
        }
        if (notice.reset) resetTopic(notice.topic);
        else if (topics.has(notice.topic)) receive(notice);
      },
      // Whatever was notified while the connection was down is in the log: read every topic again.
      { onReconnect: () => topics.forEach((_topic, id) => void pump(id)) },
    );
    return listening;
  };

  function resetTopic(topicId: number) {
    const topic = topics.get(topicId);
    if (!topic) return;
    topics.delete(topicId);
    for (const subscription of topic.subscriptions) {
      if (!subscription.active) continue;
      subscription.active = false;
      subscription.reset();
    }
  }

  /**
   * Subscribers whose cursor is right before the notice's seq get its event at once; anyone else (behind, or a notice
   * without its event) is served from the log, which keeps order and fills gaps.
   */
  function receive(notice: RealtimeNotice) {
    const topic = topics.get(notice.topic);
    if (!topic) return;
    if (!notice.event || topic.fetching) {
      void pump(notice.topic);
      return;
    }
    const event: RealtimeEvent = { seq: notice.seq, kind: notice.event.kind, payload: notice.event.payload };
    let behind = false;
    for (const subscription of topic.subscriptions) {
      if (!subscription.active || subscription.cursor >= event.seq) continue;
      if (subscription.cursor === event.seq - 1) deliverTo(subscription, [event]);
      else behind = true;
    }
    if (behind) void pump(notice.topic);
  }

  async function pump(topicId: number): Promise<void> {
    const topic = topics.get(topicId);
    if (!topic) return;
    if (topic.fetching) {
      topic.again = true;
      return;
    }
    topic.fetching = true;
    try {
      do {
        topic.again = false;
        for (;;) {
          const live = [...topic.subscriptions].filter((subscription) => subscription.active);
          if (live.length === 0) break;
          const from = Math.min(...live.map((subscription) => subscription.cursor));
          const events = await fetchSince(topicId, from, PAGE);
          if (events.length === 0) break;
          for (const subscription of live) deliverTo(subscription, events);
          if (events.length < PAGE) break;
        }
      } while (topic.again && !closed);
    } catch (error) {
      logger?.error({ err: error, topicId }, 'realtime fan-out failed');
    } finally {
      topic.fetching = false;
    }
  }

  function deliverTo(subscription: Subscription, events: RealtimeEvent[]) {
    for (const event of events) {
      if (!subscription.active) return;
      if (event.seq <= subscription.cursor) continue;
      // The log is gap-free per topic; a gap means the log was pruned past this subscriber's cursor.
      if (event.seq !== subscription.cursor + 1) {
        subscription.active = false;
        subscription.reset();
        return;
      }
      subscription.cursor = event.seq;
      try {
        subscription.deliver(event);
      } catch (error) {
        logger?.warn({ err: error }, 'a realtime subscriber failed');
      }
    }
  }

  return {
    async subscribe(topicId, after, subscriber) {
      if (closed) throw new Error('the realtime hub is closed');
      await ensureListening();
      const subscription: Subscription = { ...subscriber, cursor: after, active: true };
      let topic = topics.get(topicId);
      if (!topic) {
        topic = { subscriptions: new Set(), fetching: false, again: false };
        topics.set(topicId, topic);
      }
      topic.subscriptions.add(subscription);
      const unsubscribe = () => {
        subscription.active = false;
        const current = topics.get(topicId);
        current?.subscriptions.delete(subscription);
        if (current && current.subscriptions.size === 0) topics.delete(topicId);
      };
      // Too far behind to catch up from the log within reason: start over.
      const [newest] = await fetchSince(topicId, after + maxCatchUp, 1);
      if (newest) {
        subscription.active = false;
        unsubscribe();
        subscriber.reset();
        return () => undefined;
      }
      void pump(topicId);
      return unsubscribe;
    },
    async close() {
      closed = true;
      for (const topic of topics.values()) for (const subscription of topic.subscriptions) subscription.active = false;
      topics.clear();
      const unlisten = await listening?.catch(() => null);
      await unlisten?.();
    },
  };
}
