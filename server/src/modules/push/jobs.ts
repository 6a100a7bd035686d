import type { Executor } from '../../db/client';
import type { JobHandler } from '../../jobs/worker';
import { scheduleJob } from '../../jobs/schedule';
import { dropIdleDevices } from './devices';

/** Once a day: devices unseen for 60 days are dropped. The job schedules the next day's run itself. */
export const DROP_IDLE_DEVICES_JOB = 'push.drop_idle_devices';

const DAY_MS = 24 * 3600 * 1000;
const dayKey = (at: Date) => `${DROP_IDLE_DEVICES_JOB}:${at.toISOString().slice(0, 10)}`;

/**
 * Makes sure today's cleanup exists (each worker process calls it at start): the dedupe key is the UTC day, so however
 * many processes start, one job runs per day, and a day already done is not scheduled again.
 */
export async function scheduleIdleDeviceCleanup(tx: Executor, now: Date): Promise<void> {
  await scheduleJob(tx, { kind: DROP_IDLE_DEVICES_JOB, runAt: now, dedupeKey: dayKey(now) });
}

export const dropIdleDevicesJob: JobHandler = async (tx, _job, now) => {
  await dropIdleDevices(tx, now);
  const tomorrow = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY_MS);
  await scheduleJob(tx, { kind: DROP_IDLE_DEVICES_JOB, runAt: tomorrow, dedupeKey: dayKey(tomorrow) });
};

export const pushJobHandlers: Record<string, JobHandler> = { [DROP_IDLE_DEVICES_JOB]: dropIdleDevicesJob };
