import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { MEMBER_LIMITS } from '@kiwi/shared/schemas/member';
import { lt, sql } from 'drizzle-orm';
import type { Request, RequestHandler } from 'express';
import { type IncrementResponse, type Options, rateLimit, type Store } from 'express-rate-limit';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RedisStore } from 'rate-limit-redis';
import type { Config } from '../config';
import type { Database, DatabaseHandle } from '../db/client';
import { rateLimitHits } from '../db/schema/rate-limits';
import { ApiError } from '../jsonapi/errors';
import { withTimeout } from '../timeout';

export type RateLimitOptions = {
  /** Names the counter: limiters with different names count separately, one name counts on every replica as one. */
  name: string;
  /** Requests each client IP (or each key) may make per window; a function is asked per request (a system setting). */
  limit: number | (() => number | Promise<number>);
  windowMs?: number;
};

/** Where counts are kept: what the process was started with decides (see `rateLimitCounters`). */
export type RateLimitDependencies = { db: DatabaseHandle; config: Pick<Config, 'redisUrl'>; logger?: Logger };

/**
 * The counters behind every limiter of one process (issue 22): Redis when REDIS_URL is set, else the PostgreSQL
 * database when the engine is PostgreSQL (every replica counts against the same rows), else this process's memory
 * (PGlite is one process anyway). A store that fails or takes longer than STORE_TIMEOUT_MS lets the request through
 * and is logged: an unavailable counter must not take the API down with it.
 */
export type RateLimitCounters = {
  readonly kind: 'memory' | 'postgres' | 'redis';
  /** A store for one limiter (undefined: express-rate-limit's own memory store). */
  storeFor(name: string): Store | undefined;
  close(): Promise<void>;
};

/** Longest a request waits for a shared counter before it is let through uncounted. */
const STORE_TIMEOUT_MS = 1000;
/** How often a failing store is reported in the log (not once per request). */
const FAILURE_LOG_INTERVAL_MS = 10_000;

const countersByHandle = new WeakMap<DatabaseHandle, RateLimitCounters>();

/** The process's counters for this database handle: one Redis connection, or one PostgreSQL table, for every limiter. */
export function rateLimitCounters(deps: RateLimitDependencies): RateLimitCounters {
  let counters = countersByHandle.get(deps.db);
  if (!counters) {
    counters = createRateLimitCounters(deps);
    countersByHandle.set(deps.db, counters);
  }
  return counters;
}

export function createRateLimitCounters({ db, config, logger }: RateLimitDependencies): RateLimitCounters {
  if (config.redisUrl) {
    // No request waits on a Redis that does not answer: one retry at most, then the fail-open path below.
    const client = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, commandTimeout: STORE_TIMEOUT_MS, lazyConnect: false });
    client.on('error', (error) => logger?.warn({ err: error }, 'Redis (rate limits) error'));
    const sendCommand = (command: string, ...args: string[]) => client.call(command, ...args) as never;
    return {
      kind: 'redis',
      storeFor: (name) => failOpen(new RedisStore({ sendCommand, prefix: `kiwi:rl:${name}:` }), logger, { reinitialise: true }),
      async close() {
        await client.quit().catch(() => client.disconnect());
      },
    };
  }
  if (db.engine === 'postgres') {
    const sweeper = expiredRowSweeper(db.db, logger);
    return {
      kind: 'postgres',
      storeFor: (name) => failOpen(new PostgresRateLimitStore(db.db, `${name}:`, sweeper), logger),
      close: async () => undefined,
    };
  }
  return { kind: 'memory', storeFor: () => undefined, close: async () => undefined };
}

/**
 * Fixed windows in `rate_limit_hits`, one upsert per hit on the database's clock (replicas' clocks may differ): a row
 * whose window has passed starts again at 1.
 */
class PostgresRateLimitStore implements Store {
  readonly localKeys = false;
  windowMs = 60_000;
  constructor(
    private readonly db: Database,
    readonly prefix: string,
    private readonly sweep: () => void,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async increment(key: string): Promise<IncrementResponse> {
    this.sweep();
    const expired = sql`${rateLimitHits.resetAt} <= now()`;
    const [row] = await this.db
      .insert(rateLimitHits)
      .values({ key: this.prefix + key, hits: 1, resetAt: sql`now() + ${this.windowMs} * interval '1 millisecond'` })
      .onConflictDoUpdate({
        target: rateLimitHits.key,
        set: {
          hits: sql`case when ${expired} then 1 else ${rateLimitHits.hits} + 1 end`,
          resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimitHits.resetAt} end`,
        },
      })
      .returning({ hits: rateLimitHits.hits, resetAt: rateLimitHits.resetAt });
    if (!row) throw new Error('rate limit upsert returned no row');
    return { totalHits: row.hits, resetTime: row.resetAt };
  }

  async decrement(key: string): Promise<void> {
    await this.db
      .update(rateLimitHits)
      .set({ hits: sql`greatest(${rateLimitHits.hits} - 1, 0)` })
      .where(sql`${rateLimitHits.key} = ${this.prefix + key} and ${rateLimitHits.resetAt} > now()`);
  }

  async resetKey(key: string): Promise<void> {
    await this.db.delete(rateLimitHits).where(sql`${rateLimitHits.key} = ${this.prefix + key}`);
  }
}

/** Rows of windows that ended a minute ago or more are deleted in the background, at most once a minute per process. */
function expiredRowSweeper(db: Database, logger: Logger | undefined): () => void {
  let last = 0;
  return () => {
    const now = Date.now();
    if (now - last < 60_000) return;
    last = now;
    db.delete(rateLimitHits)
      .where(lt(rateLimitHits.resetAt, sql`now() - interval '1 minute'`))
      .catch((error: unknown) => logger?.warn({ err: error }, 'could not sweep expired rate-limit rows'));
  };
}

/**
 * A shared store that fails (or does not answer within STORE_TIMEOUT_MS) lets the request through uncounted, logged
 * at most every FAILURE_LOG_INTERVAL_MS. `reinitialise`: rate-limit-redis loads its script once in init(); a Redis that
 * was down then would fail every later call, so init runs again after a failure.
 */
function failOpen(store: Store, logger: Logger | undefined, { reinitialise = false } = {}): Store {
  let options: Options | undefined;
  let lastLogged = 0;
  const failed = (error: unknown) => {
    const now = Date.now();
    if (now - lastLogged >= FAILURE_LOG_INTERVAL_MS) {
      lastLogged = now;
      logger?.error({ err: error, prefix: store.prefix }, 'rate-limit store failed; requests pass uncounted until it answers');
    }
    if (reinitialise && options) void Promise.resolve(store.init?.(options)).catch(() => undefined);
  };
  const bounded = <T>(work: Promise<T> | T): Promise<T> =>
    withTimeout(work, STORE_TIMEOUT_MS, `rate-limit store took longer than ${STORE_TIMEOUT_MS} ms`);
  return {
    localKeys: false,
    prefix: store.prefix,
    init(given) {
      options = given;
      void Promise.resolve(store.init?.(given)).catch(failed);
    },
    async increment(key) {
      try {
        return await bounded(store.increment(key));
      } catch (error) {
        failed(error);
        // Counted as the window's first hit: let through, with headers that still make sense.
        return { totalHits: 1, resetTime: new Date(Date.now() + (options?.windowMs ?? 60_000)) };
      }
    },
    async decrement(key) {
      await bounded(store.decrement(key)).catch(failed);
    },
    async resetKey(key) {
      await bounded(store.resetKey(key)).catch(failed);
    },
  };
}

function codedRateLimit(
  counters: RateLimitCounters | null,
  { name, limit, windowMs = 60_000 }: RateLimitOptions,
  keyed: Partial<Options> = {},
): RequestHandler {
  const store = counters?.storeFor(name);
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) => next(new ApiError(ErrorCode.rateLimited)),
    ...(store ? { store } : {}),
    ...keyed,
  });
}

/**
 * Per-IP limit for calls anyone can make without signing in (shared events, guest uploads). Over the limit the answer
 * is the coded 429 `rateLimited` error document, with the standard RateLimit and Retry-After headers. Counted by
 * `rateLimitCounters(deps)` (shared by every replica on PostgreSQL or Redis); `null` counts in this process's memory.
 */
export function perIpRateLimit(deps: RateLimitDependencies | null, options: RateLimitOptions): RequestHandler {
  return codedRateLimit(deps && rateLimitCounters(deps), options);
}

/**
 * The same coded 429 counted per another key than the client IP (an email address in the body, say), so that many
 * clients together cannot do to one key what one client may not. A request without a key is let through uncounted:
 * the payload check that follows refuses it.
 */
export function keyedRateLimit(
  deps: RateLimitDependencies | null,
  options: RateLimitOptions & { keyOf: (req: Request) => string | undefined },
): RequestHandler {
  const { keyOf } = options;
  return codedRateLimit(deps && rateLimitCounters(deps), options, {
    keyGenerator: (req) => keyOf(req) ?? '',
    skip: (req) => keyOf(req) === undefined,
  });
}

/**
 * The key of a per-address limit: `body[resource].email`, normalised as the lookups compare it; none when the body has
 * no string there, or one longer than any address the schemas take (not counted, so not kept in memory; refused next).
 */
export function bodyEmailKey(resource: string): (req: Request) => string | undefined {
  return (req) => {
    const email: unknown = (req.body as Record<string, { email?: unknown } | undefined> | undefined)?.[resource]?.email;
    return typeof email === 'string' && email.length <= MEMBER_LIMITS.emailMax * 2 ? email.trim().toLowerCase() : undefined;
  };
}
