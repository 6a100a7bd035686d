import { isNewsSent } from '@kiwi/shared/schemas/news';
import type { NewsRow } from '../../db/schema/news';
import { serialize } from '../../jsonapi/serialize';

const attributes = (now: Date) => (row: NewsRow) => ({
  title: row.title,
  body: row.body,
  publishedAt: row.publishedAt,
  sent: isNewsSent(row, now),
  draft: row.publishedAt === null,
  createdAt: row.createdAt,
});

export const presentNews = (row: NewsRow, now: Date) => serialize('news', row, { attributes: attributes(now) });

export const presentNewsList = (rows: NewsRow[], now: Date, pagination: { page: number; per: number; total: number; url: string }) =>
  serialize('news', rows, { attributes: attributes(now), pagination });
