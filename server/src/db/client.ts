import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { backoffDelay } from '@kiwi/shared/domain/backoff';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { acquireLockFile, type FileLock } from './lock';

/** The one drizzle type every module uses, whichever engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = PgTransaction<PgQueryResultHKT>;
/** Something queries can run on: the database outside a transaction, or the transaction inside one. */
export type Executor = Database | Transaction;

export type Engine = 'pglite' | 'postgres';
export type NotificationListener = (payload: string) => void;
export type ListenOptions = {
  /**
   * Called after the listening connection was lost and LISTEN is in place again. Notifications sent in between are
   * lost, so whatever they keep fresh must be refreshed here. Never called on PGlite, which has no connection to lose.
   */
  onReconnect?: () => void;
};

export type DatabaseHandle = {
  engine: Engine;
  db: Database;
  /** true when a trivial query answers within a second or so. */
  ping(): Promise<boolean>;
  /** LISTEN on a lowercase channel; resolves to an unsubscribe function. */
  listen(channel: string, listener: NotificationListener, options?: ListenOptions): Promise<() => Promise<void>>;
  /** NOTIFY outside a transaction. Inside one, use `notifyIn(tx, ...)` so it is sent on commit. */
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
};

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;
function assertChannel(channel: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`Invalid notification channel "${channel}" (lowercase letters, digits, _)`);
}

/** NOTIFY inside a transaction: PostgreSQL delivers it only if the transaction commits. */
export async function notifyIn(executor: Executor, channel: string, payload: string): Promise<void> {
  assertChannel(channel);
  await executor.execute(sql`select pg_notify(${channel}, ${payload})`);
}

type OpenOptions = { logger?: Logger };

/**
 * PGlite under DATA_DIR/db (guarded by DATA_DIR/db.lock) unless DATABASE_URL points at PostgreSQL.
 */
export async function openDatabase(config: Pick<Config, 'dataDir' | 'databaseUrl'>, options: OpenOptions = {}): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    return wrapPool(new pg.Pool({ connectionString: config.databaseUrl, application_name: 'kiwi' }), options);
  }
  mkdirSync(config.dataDir, { recursive: true });
  const lock = acquireLockFile(join(config.dataDir, 'db.lock'));
  try {
    const client = await PGlite.create(join(config.dataDir, 'db'));
    return wrapPGlite(client, { lock });
  } catch (error) {
    lock.release();
    throw error;
  }
}

export function wrapPGlite(client: PGlite, { lock }: { lock?: FileLock } = {}): DatabaseHandle {
  // drizzle-orm's types are built against an older @electric-sql/pglite; the runtime API it uses is the same.
  const db = drizzlePglite({ client: client as never }) as unknown as Database;
  let closed = false;
  return {
    engine: 'pglite',
    db,
    ping: answersWithin(2000, () => client.query('select 1')),
    async listen(channel, listener) {
      assertChannel(channel);
      const unsubscribe = await client.listen(channel, listener);
      return async () => {
        if (!client.closed) await unsubscribe();
      };
    },
    async notify(channel, payload) {
      assertChannel(channel);
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        if (!client.closed) await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

export function wrapPool(pool: pg.Pool, { logger }: OpenOptions = {}): DatabaseHandle {
  const db = drizzleNodePg({ client: pool }) as unknown as Database;
  // Idle clients can error when the server restarts; without a handler node-postgres would crash the process.
  pool.on('error', (error) => logger?.warn({ err: error }, 'idle PostgreSQL client error'));
  const listener = createPgListener(pool, logger);
  let closed = false;
  return {
    engine: 'postgres',
    db,
    ping: answersWithin(2000, () => pool.query('select 1')),
    listen: (channel, fn, options) => {
      assertChannel(channel);
      return listener.listen(channel, fn, options);
    },
    async notify(channel, payload) {
      assertChannel(channel);
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      if (closed) return;
      closed = true;
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * One dedicated connection per process holds every LISTEN; it reconnects and re-listens after a failure, then calls
 * each subscriber's `onReconnect`, since what was notified while it was down never arrives.
 */
function createPgListener(pool: pg.Pool, logger: Logger | undefined) {
  const channels = new Map<string, Set<NotificationListener>>();
  const reconnectHooks = new Set<() => void>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let lostConnection = false;
  let closed = false;
  let retryTimer: NodeJS.Timeout | null = null;

  const lose = (lost: pg.Client, error: Error | undefined) => {
    if (client !== lost) return;
    logger?.warn({ err: error }, 'PostgreSQL LISTEN connection lost; reconnecting');
    client = null;
    lostConnection = true;
    lost.end().catch(() => {});
    scheduleReconnect();
  };

  const connect = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const next = new pg.Client({ ...pool.options, application_name: 'kiwi-listen' } as pg.ClientConfig);
      next.on('notification', (message) => {
        for (const fn of channels.get(message.channel) ?? []) fn(message.payload ?? '');
      });
      next.on('error', (error) => lose(next, error));
      next.on('end', () => lose(next, undefined));
      try {
        await next.connect();
        for (const channel of channels.keys()) await next.query(`LISTEN ${channel}`);
      } catch (error) {
        next.end().catch(() => {});
        throw error;
      }
      if (closed) {
        await next.end().catch(() => {});
        throw new Error('the LISTEN connection was closed while connecting');
      }
      client = next;
      if (lostConnection) {
        lostConnection = false;
        for (const hook of reconnectHooks) {
          try {
            hook();
          } catch (error) {
            logger?.error({ err: error }, 'a LISTEN reconnect hook failed');
          }
        }
      }
      return next;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  const scheduleReconnect = (attempt = 1) => {
    if (closed || retryTimer || channels.size === 0) return;
    const delay = backoffDelay(attempt, { baseDelayMs: 1000, maxDelayMs: 30_000 });
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().catch((error) => {
        logger?.warn({ err: error }, 'PostgreSQL LISTEN reconnect failed');
        scheduleReconnect(attempt + 1);
      });
    }, delay);
    retryTimer.unref();
  };

  return {
    async listen(channel: string, fn: NotificationListener, { onReconnect }: ListenOptions = {}) {
      const known = channels.get(channel);
      const set = known ?? new Set<NotificationListener>();
      set.add(fn);
      channels.set(channel, set);
      // A fresh function per subscription, so one listener subscribed twice unsubscribes its hooks separately.
      const hook = onReconnect ? () => onReconnect() : null;
      if (hook) reconnectHooks.add(hook);
      const connection = await connect();
      if (!known) await connection.query(`LISTEN ${channel}`);
      return async () => {
        if (hook) reconnectHooks.delete(hook);
        set.delete(fn);
        if (set.size > 0) return;
        channels.delete(channel);
        if (client && !closed) await client.query(`UNLISTEN ${channel}`).catch(() => {});
      };
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client ?? (connecting ? await connecting.catch(() => null) : null);
      client = null;
      await current?.end().catch(() => {});
    },
  };
}

/** A ping: true when the query succeeds within `ms`. */
function answersWithin(ms: number, query: () => Promise<unknown>): () => Promise<boolean> {
  return () =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      Promise.resolve()
        .then(query)
        .then(
          () => {
            clearTimeout(timer);
            resolve(true);
          },
          () => {
            clearTimeout(timer);
            resolve(false);
          },
        );
    });
}
