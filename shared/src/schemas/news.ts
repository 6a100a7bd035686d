import type { z } from 'zod';
import { graphemeString } from './text';
import { strictPayload } from './common';
import { dateTimeField } from './dates';

export const NEWS_LIMITS = { titleMax: 100, bodyMax: 5000 } as const;

const publishedAt = dateTimeField();

const fields = {
  title: graphemeString({ min: 1, max: NEWS_LIMITS.titleMax, trim: true }),
  body: graphemeString({ min: 1, max: NEWS_LIMITS.bodyMax }),
  published_at: publishedAt,
};

export const CreateNewsSchema = strictPayload({ news: strictPayload(fields) });
export const UpdateNewsSchema = strictPayload({
  news: strictPayload({ title: fields.title.optional(), body: fields.body.optional(), published_at: fields.published_at.optional() }),
});
export type CreateNews = z.output<typeof CreateNewsSchema>['news'];
export type UpdateNews = z.output<typeof UpdateNewsSchema>['news'];

/** Spec §4: news already sent (publishedAt reached) keeps its publishedAt. */
export function isNewsSent(news: { publishedAt: Date | string }, now: Date): boolean {
  return new Date(news.publishedAt).getTime() <= now.getTime();
}
