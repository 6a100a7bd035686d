// Standalone workers: outbox delivery (Slack, mail) and scheduled jobs without HTTP, for deployments that scale
// delivery separately (`npm run worker -w server`). Run it against PostgreSQL (DATABASE_URL): PGlite allows one process.
import { createIdentity } from './auth/identity';
import { ConfigError, loadWorkerConfig } from './config';
import { openDatabase } from './db/client';
import { DatabaseLockedError } from './db/lock';
import { migrateDatabase } from './db/migrate';
import { createLogger } from './logger';
import { createWorkers } from './workers';

async function main(): Promise<void> {
  // No Firebase settings needed: the workers verify no ID tokens. With the emulator host or a credentials file they get
  // Firebase admin access, so the `identity.delete_account` rows they claim are done rather than dead.
  const config = loadWorkerConfig();
  const logger = createLogger(config);
  if (!config.databaseUrl)
    logger.warn('DATABASE_URL is not set: the worker holds the PGlite data folder, so no server can open it meanwhile');
  const db = await openDatabase(config, { logger });
  await migrateDatabase(db, { logger });
  const identity = config.adminIdentity ? createIdentity({ firebase: config.adminIdentity }, { logger }) : null;
  if (!identity) logger.warn('no FIREBASE_AUTH_EMULATOR_HOST nor GOOGLE_APPLICATION_CREDENTIALS: account deletions are left to a server');
  const workers = createWorkers({ db, config, logger, ...(identity ? { identity } : {}) });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info(`${signal}: stopping the workers`);
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    await workers.stop();
    await db.close();
    await identity?.close();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));
  workers.start();
  logger.info(`Kiwi workers are running (database: ${db.engine})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError) process.stderr.write(`${error.message}\n`);
  else process.stderr.write(`Kiwi workers could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
