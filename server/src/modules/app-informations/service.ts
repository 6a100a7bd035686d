import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { type CreateAppInformation, isAppInformationPublished, type UpdateAppInformation } from '@kiwi/shared/schemas/app-informations';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Session } from '../../auth/session-cache';
import type { Executor } from '../../db/client';
import { type AppInformationRow, appInformations, contentReads } from '../../db/schema/home';
import { ApiError, notFound } from '../../jsonapi/errors';
import { changedFields, recordStaffAction } from '../staff-actions/record';

/** Who writes, for the staff action log (issue 20 point 8). */
export type Actor = { session: Session; method: string; route: string };

const LOGGED_FIELDS = ['title', 'body', 'headCopy', 'iconName', 'publishedAt', 'unpublishedAt'] as const;

async function log(
  tx: Executor,
  actor: Actor,
  kind: string,
  id: number,
  before: AppInformationRow | null,
  after: AppInformationRow | null,
  statusCode: number,
) {
  await recordStaffAction(tx, {
    actor: actor.session,
    organizationId: null,
    kind,
    method: actor.method,
    route: actor.route,
    targetType: 'app_informations',
    targetId: id,
    changes: changedFields<AppInformationRow>(before, after, LOGGED_FIELDS),
    statusCode,
  });
}

/** Every app information (scheduled, published, unpublished), the latest publication first, one page. */
export async function listAppInformations(tx: Executor, { page, per }: { page: number; per: number }) {
  const rows = await tx
    .select()
    .from(appInformations)
    .orderBy(desc(appInformations.publishedAt), desc(appInformations.id))
    .limit(per)
    .offset((page - 1) * per);
  const [total] = await tx.select({ value: count() }).from(appInformations);
  return { rows, total: total?.value ?? 0 };
}

async function findForUpdate(tx: Executor, id: number): Promise<AppInformationRow> {
  const [row] = await tx.select().from(appInformations).where(eq(appInformations.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

/** A publication time in the past means "now": members see it from now on, listed by when it really appeared. */
const publicationTime = (written: string, now: Date) => {
  const at = new Date(written);
  return at.getTime() < now.getTime() ? new Date(now) : at;
};

export async function createAppInformation(tx: Executor, input: CreateAppInformation, now: Date, actor: Actor): Promise<AppInformationRow> {
  const [row] = await tx
    .insert(appInformations)
    .values({
      title: input.title,
      body: input.body,
      headCopy: input.head_copy || null,
      iconName: input.icon_name ?? null,
      publishedAt: publicationTime(input.published_at, now),
    })
    .returning();
  if (!row) throw new Error('app information not inserted');
  await log(tx, actor, 'app_informations.create', row.id, null, row, 201);
  return row;
}

/**
 * Title, body, head copy and icon may always change; publishedAt only while the information is not published (SPEC §4:
 * publishedAt <= now locks it, 422 news.publishedAtLocked, the code news uses for the same rule). Sending the stored
 * publishedAt again is no change. An unpublished one stays unpublished (only DELETE unpublishes; nothing republishes).
 */
export async function updateAppInformation(
  tx: Executor,
  id: number,
  input: UpdateAppInformation,
  now: Date,
  actor: Actor,
): Promise<AppInformationRow> {
  const current = await findForUpdate(tx, id);
  const requested = input.published_at === undefined ? undefined : new Date(input.published_at);
  const moves = requested !== undefined && requested.getTime() !== current.publishedAt.getTime();
  if (moves && isAppInformationPublished(current, now)) {
    throw new ApiError(ErrorCode.newsPublishedAtLocked, { pointer: '/app_information/published_at' });
  }
  const changes: Partial<typeof appInformations.$inferInsert> = {};
  if (input.title !== undefined) changes.title = input.title;
  if (input.body !== undefined) changes.body = input.body;
  if (input.head_copy !== undefined) changes.headCopy = input.head_copy || null;
  if (input.icon_name !== undefined) changes.iconName = input.icon_name;
  if (moves && input.published_at !== undefined) changes.publishedAt = publicationTime(input.published_at, now);
  if (Object.keys(changes).length === 0) return current;
  const [row] = await tx.update(appInformations).set(changes).where(eq(appInformations.id, id)).returning();
  if (!row) throw notFound();
  await log(tx, actor, 'app_informations.update', id, current, row, 200);
  return row;
}

/**
 * SPEC §4: deleting a published app information unpublishes it (members no longer see it; the console keeps it, and
 * their reads); a scheduled one nobody has seen is really deleted, with any reads. Unpublishing twice changes nothing.
 */
export async function deleteAppInformation(tx: Executor, id: number, now: Date, actor: Actor): Promise<'deleted' | 'unpublished'> {
  const current = await findForUpdate(tx, id);
  if (current.unpublishedAt !== null) return 'unpublished';
  if (isAppInformationPublished(current, now)) {
    const [row] = await tx.update(appInformations).set({ unpublishedAt: now }).where(eq(appInformations.id, id)).returning();
    await log(tx, actor, 'app_informations.delete', id, current, row ?? null, 204);
    return 'unpublished';
  }
  await tx.delete(contentReads).where(and(eq(contentReads.kind, 'app_information'), eq(contentReads.itemId, id)));
  await tx.delete(appInformations).where(eq(appInformations.id, id));
  await log(tx, actor, 'app_informations.delete', id, current, null, 204);
  return 'deleted';
}
