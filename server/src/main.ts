import type { Server } from 'node:http';
import { createApp } from './app';
import { createIdentity } from './auth/identity';
import { createSessionCache } from './auth/session-cache';
import { ConfigError, isLoopback, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DatabaseLockedError } from './db/lock';
import { migrateDatabase } from './db/migrate';
import { closeEventStreams } from './realtime/sse';
import { createReadiness } from './modules/health/readiness';
import { demoAccountsTable } from './db/seed';
import { seedDemo } from './demo-seed';
import { createLogger } from './logger';
import { createWorkers } from './workers';
import { startWidgetsDemo, type WidgetsDemo } from './widgets/demo-server';
import { demoEmbedOrigin, warnWithoutDemoEmbedOrigin } from './modules/embed-origins/seed';

class StartupError extends Error {}

function identityUnreachable(emulatorHost: string | undefined): string {
  return emulatorHost
    ? `The Firebase Auth Emulator does not answer at ${emulatorHost}. \`npm start\` starts it; SEED_DEMO=false starts without seeding.`
    : 'Firebase Authentication does not answer: check GOOGLE_APPLICATION_CREDENTIALS and the network.';
}

// Composition root: the only place that reads the environment and owns process lifetime.
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  if (config.nodeEnv === 'production' && config.firebase.emulatorHost) {
    logger.warn('FIREBASE_AUTH_EMULATOR_HOST is set in production: tokens are NOT verified against Google');
  }
  if (config.firebase.emulatorHost && !isLoopback(config.host)) {
    logger.warn(`ALLOW_EMULATOR_ON_NETWORK: listening on ${config.host} with the Auth Emulator; anyone who reaches it can act as any user`);
  }

  const db = await openDatabase(config, { logger });
  let server: Server | null = null;
  let demo: WidgetsDemo | null = null;
  const identity = createIdentity(config, { logger });
  const sessions = createSessionCache(db, { logger });
  const workers = config.workers ? createWorkers({ db, config, logger, identity }) : null;
  const readiness = createReadiness();
  let stopping = false;

  const shutdown = async (signal: string) => {
    if (stopping) {
      logger.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    logger.info(`${signal}: draining, then shutting down`);
    const force = setTimeout(() => {
      logger.error(`shutdown took longer than ${config.shutdown.drainMs + 10_000} ms; exiting`);
      process.exit(1);
    }, config.shutdown.drainMs + 10_000);
    force.unref();
    try {
      if (server) {
        // 1. Not ready: the load balancer's next probe (or its next request, answered with Connection: close) moves
        //    traffic to the other replicas while this one still answers whatever reaches it meanwhile.
        readiness.drain();
        await new Promise((resolve) => setTimeout(resolve, config.shutdown.drainMs));
        // 2. Stop accepting; idle keep-alive sockets go now, busy ones after their answer (Connection: close).
        const closed = new Promise<void>((resolve) => server?.close(() => resolve()));
        server.closeIdleConnections();
        // 3. Live streams (guild chats, event pages) never finish by themselves: each is told to reconnect elsewhere
        //    after a jittered wait, then ended; their clients resume with Last-Event-ID on another replica.
        const streams = closeEventStreams();
        if (streams > 0) logger.info(`${streams} event streams told to reconnect elsewhere`);
        // 4. Requests in flight get a moment to finish; then whatever is left is cut.
        setTimeout(() => server?.closeAllConnections(), 8_000).unref();
        await closed;
      }
      await demo?.close();
      await workers?.stop();
      await sessions.stop();
      await db.close();
      await identity.close();
      logger.info('stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));
  // Logs to a terminal that was closed must not stop the shutdown before the database is closed.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});

  try {
    await migrateDatabase(db, { logger });
    if (config.seedDemo) {
      if (!(await identity.ready())) throw new StartupError(identityUnreachable(config.firebase.emulatorHost));
      await seedDemo({ db, identity, logger, widgetsDemoOrigin: demoEmbedOrigin(config.widgets.demoPort) });
    }
    await sessions.start();
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }

  workers?.start();
  const app = createApp({ db, identity, config, logger, sessions, readiness });
  server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(config.port, config.host, (error?: Error) => (error ? reject(error) : resolve(listening)));
  });
  const shownHost = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(config.host) ? 'localhost' : config.host;
  const lines = [
    '',
    `Kiwi is running at http://${shownHost}:${config.port}  (database: ${db.engine}${db.engine === 'pglite' ? ` in ${config.dataDir}` : ''})`,
  ];
  if (config.widgets.demoPort !== undefined) {
    try {
      demo = await startWidgetsDemo({ port: config.widgets.demoPort, host: config.host, db, kiwiOrigin: config.publicUrl, logger });
      const demoUrl = `http://${shownHost}:${demo.port}/`;
      lines.push(`Widgets demo (an intranet page on another origin) at ${demoUrl}`);
      await warnWithoutDemoEmbedOrigin(db, demoEmbedOrigin(demo.port), logger);
    } catch (error) {
      // The demo is a convenience: Kiwi itself keeps running without it.
      logger.warn({ err: error }, `widgets demo not started on port ${config.widgets.demoPort}`);
    }
  }
  if (config.seedDemo) lines.push('', demoAccountsTable());
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError || error instanceof StartupError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Kiwi could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
