// Issue 22: the one way a process tells every process (itself included) that cached data changed. Every in-process
// cache (sessions, verified tokens, embed origins, system settings, Slack settings) and the open event streams act on
// these messages; one LISTEN kiwi_cache per database handle carries them all.
import type { Logger } from 'pino';
import { type DatabaseHandle, type Executor, notifyIn } from '../db/client';

export const INVALIDATION_CHANNEL = 'kiwi_cache';

/**
 * What changed. `sessions`: one user's (`userId`), one organisation's members' (`organizationId`), or everybody's;
 * `tokens`: the verified ID tokens of one identity (`uid`) are no longer to be trusted; the others name a whole cache.
 */
export type Invalidation =
  | { cache: 'sessions'; userId?: number; organizationId?: number }
  | { cache: 'tokens'; uid: string }
  | { cache: 'embed-origins' }
  | { cache: 'settings' }
  | { cache: 'slack-settings'; organizationId?: number };

export type CacheName = Invalidation['cache'];
type MessageOf<C extends CacheName> = Extract<Invalidation, { cache: C }>;

/**
 * `message` is what changed; `null` means anything may have changed (the LISTEN connection was lost and came back, so
 * notifications were missed): drop everything.
 */
export type InvalidationHandler<C extends CacheName> = (message: MessageOf<C> | null) => void;

export type InvalidationBus = {
  on<C extends CacheName>(cache: C, handler: InvalidationHandler<C>): () => void;
  /** Drops this process's copies at once, then NOTIFYs every other process (after a commit: outside any transaction). */
  publish(message: Invalidation): Promise<void>;
  /** Resolves true once LISTEN is in place (false when it failed: a cache should then not keep anything). */
  readonly listening: Promise<boolean>;
};

const CACHE_NAMES: ReadonlySet<string> = new Set<CacheName>(['sessions', 'tokens', 'embed-origins', 'settings', 'slack-settings']);

/**
 * Inside the transaction that changes the data: PostgreSQL sends it on commit only (and to this process too), so no
 * process drops its copy before the change is visible, and a rollback tells nobody.
 */
export function invalidateIn(tx: Executor, message: Invalidation): Promise<void> {
  return notifyIn(tx, INVALIDATION_CHANNEL, JSON.stringify(message));
}

/** A payload from the channel, or null when it is not one of ours (never trusted blindly: anyone may NOTIFY). */
export function parseInvalidation(payload: string): Invalidation | null {
  if (payload.length > 1000) return null;
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { cache, userId, organizationId, uid } = value as Record<string, unknown>;
  if (typeof cache !== 'string' || !CACHE_NAMES.has(cache)) return null;
  const id = (field: unknown) => field === undefined || Number.isSafeInteger(field);
  if (!id(userId) || !id(organizationId)) return null;
  if (cache === 'tokens' && typeof uid !== 'string') return null;
  return value as Invalidation;
}

const buses = new WeakMap<DatabaseHandle, InvalidationBus>();

/** The one bus of this database handle (one per process), listening from its first use. */
export function invalidationBus(db: DatabaseHandle, logger?: Logger): InvalidationBus {
  let bus = buses.get(db);
  if (!bus) {
    bus = createInvalidationBus(db, logger);
    buses.set(db, bus);
  }
  return bus;
}

function createInvalidationBus(db: DatabaseHandle, logger: Logger | undefined): InvalidationBus {
  const handlers = new Map<CacheName, Set<(message: Invalidation | null) => void>>();

  const dispatch = (message: Invalidation | null) => {
    const targets = message ? [handlers.get(message.cache)] : [...handlers.values()];
    for (const set of targets) {
      for (const handler of set ?? []) {
        try {
          handler(message);
        } catch (error) {
          logger?.error({ err: error, message }, 'a cache invalidation handler failed');
        }
      }
    }
  };

  const listening = db
    .listen(
      INVALIDATION_CHANNEL,
      (payload) => {
        const message = parseInvalidation(payload);
        if (message) dispatch(message);
        else logger?.warn({ payload: payload.slice(0, 200) }, 'ignored a malformed kiwi_cache notification');
      },
      {
        onReconnect: () => {
          logger?.info('LISTEN kiwi_cache is back; dropping every cache, as what was notified meanwhile is lost');
          dispatch(null);
        },
      },
    )
    .then(
      () => true,
      (error: unknown) => {
        logger?.error({ err: error }, 'could not LISTEN kiwi_cache; caches cannot be invalidated from other processes');
        return false;
      },
    );

  return {
    listening,
    on(cache, handler) {
      const set = handlers.get(cache) ?? new Set();
      set.add(handler as (message: Invalidation | null) => void);
      handlers.set(cache, set);
      return () => {
        set.delete(handler as (message: Invalidation | null) => void);
      };
    },
    async publish(message) {
      dispatch(message);
      try {
        await db.notify(INVALIDATION_CHANNEL, JSON.stringify(message));
      } catch (error) {
        logger?.error({ err: error, message }, 'could not broadcast a cache invalidation');
      }
    },
  };
}
