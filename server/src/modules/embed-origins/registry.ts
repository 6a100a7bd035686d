import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { DatabaseHandle, Executor } from '../../db/client';
import { embedOrigins } from '../../db/schema/embed-origins';
import { organizations } from '../../db/schema/organizations';
import { invalidateIn, invalidationBus } from '../../realtime/invalidation';

/**
 * How long this process trusts its copy of the registered origins when no invalidation arrives (a safety net only): a
 * change clears every process's copy through the invalidation bus within moments of its commit.
 */
const EMBED_ORIGINS_TTL_MS = 30_000;

/**
 * Inside the transaction of a change to the registered origins (a list edited, an organisation archived or deleted):
 * every process, this one included, drops its copy on commit.
 */
export const embedOriginsChanged = (tx: Executor) => invalidateIn(tx, { cache: 'embed-origins' });

export type EmbedOriginRegistry = {
  /** The organisations (ids) that registered `origin`, or null when none did. */
  organizationsFor(origin: string): Promise<ReadonlySet<number> | null>;
  /** Forget the cached list (after a change); the next lookup reads the database. */
  invalidate(): void;
};

type Snapshot = Map<string, Set<number>>;
type Options = { ttlMs?: number; now?: () => number; logger?: Logger };

const registries = new WeakMap<DatabaseHandle, EmbedOriginRegistry>();

/**
 * The union of every (not archived) organisation's embed origins, read in one query and kept for EMBED_ORIGINS_TTL_MS.
 * One registry per database handle, so the CORS middleware and the routes that change the list share it.
 */
export function embedOriginRegistry(db: DatabaseHandle, logger?: Logger): EmbedOriginRegistry {
  let registry = registries.get(db);
  if (!registry) {
    registry = createEmbedOriginRegistry(db, logger ? { logger } : {});
    registries.set(db, registry);
  }
  return registry;
}

/** A registry of its own (tests give it a clock); the app uses embedOriginRegistry(). */
export function createEmbedOriginRegistry(
  db: DatabaseHandle,
  { ttlMs = EMBED_ORIGINS_TTL_MS, now = Date.now, logger }: Options = {},
): EmbedOriginRegistry {
  let cached: { snapshot: Snapshot; at: number } | null = null;
  let loading: Promise<Snapshot> | null = null;
  // Bumped by invalidate(): a load that started before must not store what it read.
  let generation = 0;

  const load = (): Promise<Snapshot> => {
    if (loading) return loading;
    const started = generation;
    const pending = (async () => {
      const rows = await db.db
        .select({ origin: embedOrigins.origin, organizationId: embedOrigins.organizationId })
        .from(embedOrigins)
        .innerJoin(organizations, eq(organizations.id, embedOrigins.organizationId))
        .where(eq(organizations.archived, false));
      const snapshot: Snapshot = new Map();
      for (const { origin, organizationId } of rows) {
        let owners = snapshot.get(origin);
        if (!owners) {
          owners = new Set();
          snapshot.set(origin, owners);
        }
        owners.add(organizationId);
      }
      if (generation === started) cached = { snapshot, at: now() };
      return snapshot;
    })();
    loading = pending;
    void pending.then(
      () => {
        if (loading === pending) loading = null;
      },
      () => {
        if (loading === pending) loading = null;
      },
    );
    return pending;
  };

  const invalidate = () => {
    generation += 1;
    cached = null;
    loading = null;
  };
  // Another process changed the list (or LISTEN came back after missing notifications): read it again.
  const bus = invalidationBus(db, logger);
  bus.on('embed-origins', invalidate);

  return {
    async organizationsFor(origin) {
      // Without LISTEN a copy could outlive a removal: read every time rather than trust one.
      const fresh = cached && now() - cached.at < ttlMs && (await bus.listening);
      const snapshot = fresh && cached ? cached.snapshot : await load();
      return snapshot.get(origin) ?? null;
    },
    invalidate,
  };
}
