import type { z } from 'zod';
import { graphemeString } from './text';
import { strictPayload } from './common';
import { dateTimeField } from './dates';

export const NEWS_LIMITS = { titleMax: 100, bodyMax: 5000 } as const;

const publishedAt = dateTimeField();

const fields = {
  title: graphemeString({ min: 1, max: NEWS_LIMITS.titleMax, trim: true }),
  body: graphemeString({ min: 1, max: NEWS_LIMITS.bodyMax }),
  /** null: a draft (issue 21: "save" no longer publishes at once); a future time schedules it, now publishes it. */
  published_at: publishedAt.nullable(),
};

export const CreateNewsSchema = strictPayload({ news: strictPayload(fields) });
export const UpdateNewsSchema = strictPayload({
  news: strictPayload({ title: fields.title.optional(), body: fields.body.optional(), published_at: fields.published_at.optional() }),
});
export type CreateNews = z.output<typeof CreateNewsSchema>['news'];
export type UpdateNews = z.output<typeof UpdateNewsSchema>['news'];

/** Spec §4: news already sent (publishedAt reached) keeps its publishedAt. */
export function isNewsSent(news: { publishedAt: Date | string | null }, now: Date): boolean {
  return news.publishedAt !== null && new Date(news.publishedAt).getTime() <= now.getTime();
}
