import type { DatabaseHandle } from '../../db/client';

/**
 * Whether this replica should get traffic (GET /api/ready). Liveness (/api/health) says the process works; readiness
 * says "send me requests": false while draining (SIGTERM received) or while the database does not answer. Nothing is
 * cached, so a replica whose database comes back is ready again on the next probe, without a restart.
 */
export type Readiness = {
  /** Set once at SIGTERM: from then on the load balancer sends this replica nothing new. */
  drain(): void;
  readonly draining: boolean;
};

export function createReadiness(): Readiness {
  let draining = false;
  return {
    drain() {
      draining = true;
    },
    get draining() {
      return draining;
    },
  };
}

export type ReadinessState = { id: 'server'; status: 'ready' | 'draining' | 'unavailable'; database: 'ok' | 'down' };

export async function checkReadiness({ db, readiness }: { db: DatabaseHandle; readiness: Readiness }): Promise<ReadinessState> {
  // A draining replica answers at once: its database may already be closing.
  if (readiness.draining) return { id: 'server', status: 'draining', database: 'ok' };
  const database = await db.ping();
  return { id: 'server', status: database ? 'ready' : 'unavailable', database: database ? 'ok' : 'down' };
}
