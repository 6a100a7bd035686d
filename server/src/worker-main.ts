// Standalone workers: outbox delivery (Slack, mail) and scheduled jobs without HTTP, for deployments that scale
// delivery separately (`npm run worker -w server`). Run it against PostgreSQL (DATABASE_URL): PGlite allows one process.
import { ConfigError, loadWorkerConfig } from './config';
import { openDatabase } from './db/client';
import { DatabaseLockedError } from './db/lock';
import { migrateDatabase } from './db/migrate';
import { createLogger } from './logger';
import { createWorkers } from './workers';

async function main(): Promise<void> {
  // No Firebase settings needed: the workers verify no ID tokens.
  const config = loadWorkerConfig();
  const logger = createLogger(config);
  if (!config.databaseUrl)
    logger.warn('DATABASE_URL is not set: the worker holds the PGlite data folder, so no server can open it meanwhile');
  const db = await openDatabase(config, { logger });
  await migrateDatabase(db, { logger });
  const workers = createWorkers({ db, config, logger });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info(`${signal}: stopping the workers`);
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    await workers.stop();
    await db.close();
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
