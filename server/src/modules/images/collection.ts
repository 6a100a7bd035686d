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

/** One kind of image reference: its urls, and (`in`) the condition that keeps the rows of one organisation. */
type ImageReference = { urls: SQL; in: ((organizationId: number) => SQL) | null };
const ofOrganization = (organizationId: number) => sql`organization_id = ${organizationId}`;

/**
 * Every place that points at an image by its url (`/api/images/{key}`, relative or absolute), one kind per column.
 * `in` is null where a row belongs to no one organisation (a user, a platform gift). collection.test.ts checks each
 * kind and that every schema column named like an image is listed here; organisation deletion uses the scoped kinds.
 */
export const IMAGE_REFERENCES: Record<string, ImageReference> = {
  'organizations.icon': { urls: sql`select icon as url from organizations`, in: (id) => sql`id = ${id}` },
  'organization_members.icon': { urls: sql`select icon from organization_members`, in: ofOrganization },
  'users.icon': { urls: sql`select icon from users`, in: null },
  'events.header_image_url': { urls: sql`select header_image_url from events`, in: ofOrganization },
  'event_messages.image_urls': {
    urls: sql`select unnest(image_urls) from event_messages`,
    in: (id) => sql`event_id in (select id from events where organization_id = ${id})`,
  },
  'guilds.header_image_url': { urls: sql`select header_image_url from guilds`, in: ofOrganization },
  'guild_messages.image_urls': {
    urls: sql`select unnest(image_urls) from guild_messages`,
    in: (id) => sql`guild_id in (select id from guilds where organization_id = ${id})`,
  },
  'gifts.thumbnail_url': { urls: sql`select thumbnail_url from gifts`, in: null },
  'violation_reports.evidence': {
    urls: sql`select jsonb_array_elements_text(coalesce(evidence -> 'imageUrls', '[]'::jsonb)) from violation_reports`,
    in: ofOrganization,
  },
};

const IMAGE_KEY = '/api/images/([A-Za-z0-9_-]+)';

/**
 * The image keys the urls of `urls` (a query of one column `url`) name. `organizationId` keeps only the references
 * in rows of that organisation; `extra` adds urls of the caller's own (a query of one column).
 */
export function referencedImageKeys({ organizationId, extra }: { organizationId?: number; extra?: SQL } = {}): SQL {
  const kinds = Object.values(IMAGE_REFERENCES).flatMap((kind) => {
    if (organizationId === undefined) return [kind.urls];
    return kind.in ? [sql`${kind.urls} where ${kind.in(organizationId)}`] : [];
  });
  const urls = sql.join(extra ? [...kinds, extra] : kinds, sql` union all `);
  return sql`select (regexp_match(url, ${IMAGE_KEY}))[1] as key from (${urls}) as referenced(url) where url is not null`;
}

/** Deletes at most `limit` images older than the grace period that nothing refers to; answers how many. */
export async function collectUnreferencedImages(tx: Executor, now: Date, { limit = COLLECTION_BATCH } = {}): Promise<number> {
  const cutoff = new Date(now.getTime() - IMAGE_GRACE_MS).toISOString();
  const result = await tx.execute(sql`
    delete from images where id in (
      select id from images
      where created_at < ${cutoff}::timestamptz and key not in (select key from (${referencedImageKeys()}) as keys where key is not null)
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
