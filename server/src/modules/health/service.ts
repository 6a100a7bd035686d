import type { Identity } from '../../auth/identity';
import type { DatabaseHandle, Engine } from '../../db/client';

export type Health = {
  id: 'server';
  status: 'ok' | 'degraded';
  database: 'ok' | 'down';
  identity: 'ok' | 'down';
  engine: Engine;
};

export async function checkHealth({ db, identity }: { db: DatabaseHandle; identity: Identity }): Promise<Health> {
  const [database, identityReady] = await Promise.all([db.ping(), identity.ready()]);
  return {
    id: 'server',
    status: database && identityReady ? 'ok' : 'degraded',
    database: database ? 'ok' : 'down',
    identity: identityReady ? 'ok' : 'down',
    engine: db.engine,
  };
}
