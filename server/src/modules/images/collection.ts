// Issue 22 point 5: images nothing refers to any more are deleted by a daily job after a grace period. An upload is
// attached by a later request (a form saved after the picture was chosen), so a fresh image is never collected.
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { JobHandler } from '../../jobs/worker';
import { scheduleJob } from '../../jobs/schedule';

export const COLLECT_IMAGES_JOB = 'images.collect_unreferenced';
/** An unreferenced image is kept this long after its upload. */
export const IMAGE_GRACE_MS = 7 * 24 * 3600 * 1000;
/** Images deleted per job run (one transaction); a full batch continues at once. */
export const COLLECTION_BATCH = 1000;
const DAY_MS = 24 * 3600 * 1000;

/**
 * Every place that points at an image by its url (`/api/images/{key}`, relative or absolute), one kind per column.
 * collection.test.ts checks each kind and that every schema column named like an image is listed here.
 */
export const IMAGE_REFERENCES: Record<string, SQL> = {
  'organizations.icon': sql`select icon as url from organizations`,
  'organization_members.icon': sql`select icon from organization_members`,
  'users.icon': sql`select icon from users`,
  'events.header_image_url': sql`select header_image_url from events`,
  'event_messages.image_urls': sql`select unnest(image_urls) from event_messages`,
  'guilds.header_image_url': sql`select header_image_url from guilds`,
  'guild_messages.image_urls': sql`select unnest(image_urls) from guild_messages`,
  'gifts.thumbnail_url': sql`select thumbnail_url from gifts`,
  'violation_reports.evidence': sql`select jsonb_array_elements_text(coalesce(evidence -> 'imageUrls', '[]'::jsonb)) from violation_reports`,
};

const IMAGE_KEY = '/api/images/([A-Za-z0-9_-]+)';

function referencedKeys(): SQL {
  const urls = sql.join(Object.values(IMAGE_REFERENCES), sql` union all `);
  return sql`select (regexp_match(url, ${IMAGE_KEY}))[1] from (${urls}) as referenced where url is not null`;
}

/** Deletes at most `limit` images older than the grace period that nothing refers to; answers how many. */
export async function collectUnreferencedImages(tx: Executor, now: Date, { limit = COLLECTION_BATCH } = {}): Promise<number> {
  const cutoff = new Date(now.getTime() - IMAGE_GRACE_MS).toISOString();
  const result = await tx.execute(sql`
    delete from images where id in (
      select id from images
      where created_at < ${cutoff}::timestamptz and key not in (select key from (${referencedKeys()}) as keys(key) where key is not null)
      order by id limit ${limit})
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

const dayKey = (at: Date, batch = 0) => `${COLLECT_IMAGES_JOB}:${at.toISOString().slice(0, 10)}${batch > 0 ? `:${batch}` : ''}`;

/** Makes sure today's collection exists (each worker process calls it at start; one per UTC day by dedupe key). */
export async function scheduleImageCollection(tx: Executor, now: Date): Promise<void> {
  await scheduleJob(tx, { kind: COLLECT_IMAGES_JOB, runAt: now, dedupeKey: dayKey(now) });
}

export const collectImagesJob: JobHandler = async (tx, job, now) => {
  const batch = Number((job.payload as { batch?: unknown }).batch ?? 0) || 0;
  if ((await collectUnreferencedImages(tx, now)) === COLLECTION_BATCH) {
    await scheduleJob(tx, { kind: COLLECT_IMAGES_JOB, runAt: now, payload: { batch: batch + 1 }, dedupeKey: dayKey(now, batch + 1) });
  }
  const tomorrow = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY_MS);
  await scheduleJob(tx, { kind: COLLECT_IMAGES_JOB, runAt: tomorrow, dedupeKey: dayKey(tomorrow) });
};

export const imageJobHandlers: Record<string, JobHandler> = { [COLLECT_IMAGES_JOB]: collectImagesJob };
