// The migrate-once step of a deployment (docs/deploy.md, `npm run start:cluster`): applies the migrations and, with
// SEED_DEMO=true, seeds the demo data into an empty database, then exits. Replicas and workers start after it.
import { createIdentity } from './auth/identity';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DatabaseLockedError } from './db/lock';
import { migrateDatabase } from './db/migrate';
import { seedDemo } from './demo-seed';
import { createLogger } from './logger';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  const db = await openDatabase(config, { logger });
  const identity = config.seedDemo ? createIdentity(config, { logger }) : null;
  try {
    await migrateDatabase(db, { logger });
    if (identity) {
      if (!(await identity.ready()))
        throw new ConfigError('The identity backend (Auth Emulator or Firebase) does not answer: cannot seed.');
      const { seededDatabase } = await seedDemo({ db, identity, logger });
      logger.info(seededDatabase ? 'demo data seeded' : 'database not empty: demo data not seeded');
    }
  } finally {
    await db.close();
    await identity?.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof DatabaseLockedError) process.stderr.write(`${error.message}\n`);
    else process.stderr.write(`Kiwi migrations failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
