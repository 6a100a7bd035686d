import { createCommandAnswerDelivery, createSlackDelivery } from '@kiwi/slack-app/delivery';
import type { Logger } from 'pino';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { createJobWorker, type JobHandler, type JobWorker } from './jobs/worker';
import { mailOutboxHandler } from './mail/deliver';
import type { Identity } from './auth/identity';
import { activityJobHandlers, scheduleDailySettlement } from './modules/activity/settlement';
import { identityDeletionHandler } from './modules/cancellation/identity-deletion';
import { imageJobHandlers, scheduleImageCollection } from './modules/images/collection';
import { IDENTITY_DELETE_TOPIC } from './modules/cancellation/service';
import { runScheduledGrant, SCHEDULED_GRANT_JOB } from './modules/coins/jobs';
import { createExportWorker, type ExportWorker } from './modules/exports/worker';
import { createGiftIssuingWorker, type GiftIssuingWorker } from './modules/gift-issuing/worker';
import { gachaJobHandlers, scheduleWeeklyStock } from './modules/gacha/jobs';
import { createPushDelivery } from './modules/push/fcm';
import { pushJobHandlers, scheduleIdleDeviceCleanup } from './modules/push/jobs';
import { slackSettingsPort } from './modules/slack-settings/ports';
import { invalidationBus } from './realtime/invalidation';
import { surveyJobHandlers } from './modules/surveys/jobs';
import { walkingEventJobHandlers } from './modules/walking-events/final-result';
import { createOutboxWorker, type OutboxHandler, type OutboxHandlers, type OutboxWorker } from './outbox/worker';

/** Every scheduled job kind and what runs it (inside the claiming transaction). */
export const jobHandlers: Record<string, JobHandler> = {
  [SCHEDULED_GRANT_JOB]: runScheduledGrant,
  ...surveyJobHandlers,
  ...pushJobHandlers,
  ...walkingEventJobHandlers,
  ...gachaJobHandlers,
  ...activityJobHandlers,
  ...imageJobHandlers,
};

export type WorkerDependencies = {
  db: DatabaseHandle;
  /** Without `push`, push is off (its outbox rows are marked skipped). */
  config: Pick<Config, 'publicUrl' | 'mail'> & Partial<Pick<Config, 'push' | 'giftIssuer'>>;
  logger?: Logger;
  /** Tests pass a fetch, or options for the workers (short backoff). */
  fetch?: typeof globalThis.fetch;
  outbox?: Partial<Parameters<typeof createOutboxWorker>[0]>;
  jobs?: Partial<Parameters<typeof createJobWorker>[0]>;
  gifts?: Partial<Parameters<typeof createGiftIssuingWorker>[0]>;
  exports?: Partial<Parameters<typeof createExportWorker>[0]>;
  /** Firebase admin access for `identity.delete_account` (a cancelled user's account); the server process passes it. */
  identity?: Pick<Identity, 'auth'>;
};

/** Outbox topics and their delivery: `slack.*` and `slack_command.answer` -> the Slack app, `mail.send` -> SMTP or the dev mailbox, `push.send` -> FCM. */
export function outboxHandlers({
  db,
  config,
  fetch,
  logger,
  identity,
}: Pick<WorkerDependencies, 'db' | 'config' | 'fetch' | 'logger' | 'identity'>): OutboxHandlers {
  const slack: OutboxHandler = createSlackDelivery({
    settings: slackSettingsPort(db.db, { invalidations: invalidationBus(db, logger) }),
    publicUrl: config.publicUrl,
    ...(fetch ? { fetch } : {}),
  });
  const byTopic: Record<string, OutboxHandler> = {
    'mail.send': mailOutboxHandler({ db, config }),
    'slack_command.answer': createCommandAnswerDelivery(fetch ? { fetch } : {}),
    'push.send': createPushDelivery({ db, config, logger, ...(fetch ? { fetch } : {}) }),
    ...(identity ? { [IDENTITY_DELETE_TOPIC]: identityDeletionHandler(identity) } : {}),
  };
  return (topic) => byTopic[topic] ?? (topic.startsWith('slack.') ? slack : undefined);
}

export type Workers = {
  outbox: OutboxWorker;
  jobs: JobWorker;
  /** Issues pending prizes (off without config.giftIssuer). */
  gifts: GiftIssuingWorker;
  /** Writes queued score and return-amount exports (issue 20 point 7). */
  exports: ExportWorker;
  start(): void;
  stop(): Promise<void>;
  runOnce(): Promise<number>;
};

/** The outbox and jobs workers of one process (the server's, or the standalone `npm run worker -w server`). */
export function createWorkers(deps: WorkerDependencies): Workers {
  const outbox = createOutboxWorker({ db: deps.db, handlers: outboxHandlers(deps), logger: deps.logger, ...deps.outbox });
  const jobs = createJobWorker({ db: deps.db, handlers: jobHandlers, logger: deps.logger, ...deps.jobs });
  const gifts = createGiftIssuingWorker({
    db: deps.db,
    issuer: deps.config.giftIssuer ?? { url: undefined, token: undefined },
    logger: deps.logger,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    ...deps.gifts,
  });
  const exports = createExportWorker({ db: deps.db, logger: deps.logger, ...deps.exports });
  return {
    outbox,
    jobs,
    gifts,
    exports,
    start() {
      outbox.start();
      jobs.start();
      gifts.start();
      exports.start();
      // Periodic work is a job that schedules its next run; starting makes sure today's exists.
      void deps.db.db
        .transaction((tx) => scheduleIdleDeviceCleanup(tx, new Date()))
        .catch((error: unknown) => deps.logger?.error({ err: error }, 'could not schedule the idle device cleanup'));
      void deps.db.db
        .transaction((tx) => scheduleWeeklyStock(tx, new Date()))
        .catch((error: unknown) => deps.logger?.error({ err: error }, 'could not schedule the weekly gacha stock'));
      void deps.db.db
        .transaction((tx) => scheduleDailySettlement(tx, new Date()))
        .catch((error: unknown) => deps.logger?.error({ err: error }, 'could not schedule the daily coin settlement'));
      void deps.db.db
        .transaction((tx) => scheduleImageCollection(tx, new Date()))
        .catch((error: unknown) => deps.logger?.error({ err: error }, 'could not schedule the image collection'));
    },
    async stop() {
      await Promise.all([outbox.stop(), jobs.stop(), gifts.stop(), exports.stop()]);
    },
    // Jobs first: a job's outbox rows are then delivered in the same call.
    async runOnce() {
      const ran = await jobs.runOnce();
      return ran + (await outbox.runOnce()) + (await gifts.runOnce()) + (await exports.runOnce());
    },
  };
}
