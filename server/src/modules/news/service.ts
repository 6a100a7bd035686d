import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { type CreateNews, isNewsSent, type UpdateNews } from '@kiwi/shared/schemas/news';
import { and, count, desc, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contentReads } from '../../db/schema/home';
import { news, type NewsRow } from '../../db/schema/news';
import { outbox } from '../../db/schema/outbox';
import { ApiError, notFound } from '../../jsonapi/errors';
import { enqueue } from '../../outbox/enqueue';

/** Where the Slack message links to: the member's home, where published news shows. */
const NEWS_PATH = '/';

/** The Slack notice leaves when publishedAt comes (an outbox row held back until then). */
async function schedulePublishedNotice(tx: Executor, row: NewsRow, now: Date): Promise<void> {
  // A draft has no time to announce yet.
  if (row.publishedAt === null) return;
  await enqueue(
    tx,
    'slack.news_published',
    { newsId: row.id, title: row.title, path: NEWS_PATH },
    { organizationId: row.organizationId, ...(row.publishedAt > now ? { notBefore: row.publishedAt } : {}) },
  );
}

/** Withdraws the notice of news not sent yet (deleted, or moved to another time). */
async function withdrawPendingNotice(tx: Executor, newsId: number): Promise<void> {
  await tx
    .delete(outbox)
    .where(
      and(eq(outbox.topic, 'slack.news_published'), eq(outbox.status, 'pending'), sql`(${outbox.payload}->>'newsId')::int = ${newsId}`),
    );
}

export async function listNews(
  tx: Executor,
  organizationId: number,
  { page, per, publishedOnly, now }: { page: number; per: number; publishedOnly: boolean; now: Date },
) {
  const where = publishedOnly
    ? and(eq(news.organizationId, organizationId), lte(news.publishedAt, now))
    : eq(news.organizationId, organizationId);
  const rows = await tx
    .select()
    .from(news)
    .where(where)
    .orderBy(desc(news.publishedAt), desc(news.id))
    .limit(per)
    .offset((page - 1) * per);
  const [total] = await tx.select({ value: count() }).from(news).where(where);
  return { rows, total: total?.value ?? 0 };
}

export async function findNews(tx: Executor, organizationId: number, newsId: number, { forUpdate = false } = {}): Promise<NewsRow> {
  const query = tx
    .select()
    .from(news)
    .where(and(eq(news.organizationId, organizationId), eq(news.id, newsId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

export async function createNews(tx: Executor, organizationId: number, input: CreateNews, now: Date): Promise<NewsRow> {
  const [row] = await tx
    .insert(news)
    .values({
      organizationId,
      title: input.title,
      body: input.body,
      publishedAt: input.published_at === null ? null : new Date(input.published_at),
    })
    .returning();
  if (!row) throw new Error('news not inserted');
  await schedulePublishedNotice(tx, row, now);
  return row;
}

/** Title and body may always change; publishedAt only while the news is not sent (spec §4). */
export async function updateNews(tx: Executor, organizationId: number, newsId: number, input: UpdateNews, now: Date): Promise<NewsRow> {
  const current = await findNews(tx, organizationId, newsId, { forUpdate: true });
  // undefined: unchanged; null: back to draft; a time: scheduled (or published when it has passed).
  const publishedAt = input.published_at == null ? input.published_at : new Date(input.published_at);
  const moves = publishedAt !== undefined && publishedAt?.getTime() !== current.publishedAt?.getTime();
  if (moves && isNewsSent(current, now)) throw new ApiError(ErrorCode.newsPublishedAtLocked, { pointer: '/news/published_at' });

  const changes: Partial<typeof news.$inferInsert> = {};
  if (input.title !== undefined) changes.title = input.title;
  if (input.body !== undefined) changes.body = input.body;
  if (moves) changes.publishedAt = publishedAt;
  if (Object.keys(changes).length === 0) return current;
  const [row] = await tx.update(news).set(changes).where(eq(news.id, newsId)).returning();
  if (!row) throw notFound();
  if (!isNewsSent(current, now)) {
    await withdrawPendingNotice(tx, newsId);
    await schedulePublishedNotice(tx, row, now);
  }
  return row;
}

export async function deleteNews(tx: Executor, organizationId: number, newsId: number): Promise<void> {
  await findNews(tx, organizationId, newsId, { forUpdate: true });
  await withdrawPendingNotice(tx, newsId);
  await tx.delete(contentReads).where(and(eq(contentReads.kind, 'news'), eq(contentReads.itemId, newsId)));
  await tx.delete(news).where(eq(news.id, newsId));
}
