import { z } from 'zod';
import { APP_INFORMATION_ICON_NAMES } from '../domain/app-information-icons';
import { strictPayload, oneOfError } from './common';
import { dateTimeField } from './dates';
import { graphemeString } from './text';

/** Issue 20 point 5: the platform's notices to every member (SPEC §3 app information). */
export const APP_INFORMATION_LIMITS = { titleMax: 100, headCopyMax: 40, bodyMax: 5000 } as const;

const iconName = z.enum(APP_INFORMATION_ICON_NAMES, {
  error: oneOfError,
});

const fields = {
  title: graphemeString({ min: 1, max: APP_INFORMATION_LIMITS.titleMax, trim: true }),
  /** Markdown (domain/markdown.ts subset), shown on the member's home. */
  body: graphemeString({ min: 1, max: APP_INFORMATION_LIMITS.bodyMax }),
  /** A short line above the title; empty or null for none. */
  head_copy: graphemeString({ max: APP_INFORMATION_LIMITS.headCopyMax, trim: true }).nullable(),
  icon_name: iconName.nullable(),
  /** Now or in the future (scheduled); a time in the past publishes at once. */
  published_at: dateTimeField(),
};

/** POST /api/app_informations: `{ app_information: { title, body, head_copy?, icon_name?, published_at } }`. */
export const CreateAppInformationSchema = strictPayload({
  app_information: strictPayload({
    title: fields.title,
    body: fields.body,
    head_copy: fields.head_copy.optional(),
    icon_name: fields.icon_name.optional(),
    published_at: fields.published_at,
  }),
});

/** PUT /api/app_informations/{id}: any of the fields; published_at only while not published (SPEC §4). */
export const UpdateAppInformationSchema = strictPayload({
  app_information: strictPayload({
    title: fields.title.optional(),
    body: fields.body.optional(),
    head_copy: fields.head_copy.optional(),
    icon_name: fields.icon_name.optional(),
    published_at: fields.published_at.optional(),
  }),
});

export type CreateAppInformation = z.output<typeof CreateAppInformationSchema>['app_information'];
export type UpdateAppInformation = z.output<typeof UpdateAppInformationSchema>['app_information'];

/**
 * SPEC §4: an app information is published once its publishedAt has come (publishedAt <= now, to the millisecond);
 * from then on its publishedAt is fixed, and deleting it unpublishes it.
 */
export function isAppInformationPublished(item: { publishedAt: Date | string }, now: Date): boolean {
  return new Date(item.publishedAt).getTime() <= now.getTime();
}

/** The state the console shows: scheduled (not yet), published, or unpublished (deleted after publication). */
export type AppInformationState = 'scheduled' | 'published' | 'unpublished';
export function appInformationState(
  item: { publishedAt: Date | string; unpublishedAt: Date | string | null },
  now: Date,
): AppInformationState {
  if (item.unpublishedAt !== null) return 'unpublished';
  return isAppInformationPublished(item, now) ? 'published' : 'scheduled';
}
