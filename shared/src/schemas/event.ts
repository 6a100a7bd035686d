import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import { EVENT_LIMITS, eventScheduleProblems, hasDisguisingCharacters } from '../domain/event-rules';
import { UTF16_UNITS_PER_GRAPHEME } from '../domain/graphemes';
import { graphemeString, rejectDuplicates, textIssue } from './text';
import { splitTags } from '../domain/tags';
import { requiredOrInvalidType, strictPayload, integerError, oneOfError } from './common';
import { dateParameter, dateTimeWithFormat } from './dates';
import { reactionEmoji } from './guild';

/**
 * An instant with its offset (`Z` or `±hh:mm`; a bare local time would be read in the server's zone) and a real
 * calendar date; seconds may be left out (the picker's `HH:mm`). The range (spec §9) is dates.ts's, on the day as written.
 */
const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;
export function isEventDateTime(value: string): boolean {
  const parts = ISO_INSTANT.exec(value);
  if (!parts) return false;
  const [year, month, day, hour, minute, second = 0, offsetHours = 0, offsetMinutes = 0] = parts
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part)));
  const calendar = new Date(Date.UTC(year!, month! - 1, day!));
  const realDay = calendar.getUTCFullYear() === year && calendar.getUTCMonth() === month! - 1 && calendar.getUTCDate() === day;
  const realTime = hour! < 24 && minute! < 60 && second < 60 && offsetHours < 15 && offsetMinutes < 60;
  return realDay && realTime && !Number.isNaN(Date.parse(value));
}

const dateTime = dateTimeWithFormat(isEventDateTime).transform((value) => new Date(value));

const applicants = z
  .int({ error: integerError })
  .min(1, { error: ErrorCode.validationTooSmall })
  .max(EVENT_LIMITS.applicantsMax, { error: ErrorCode.validationTooBig });

/** An image this server stores (/api/images/{key}) or any https URL. */
export const imageUrlSchema = z
  .string({ error: requiredOrInvalidType })
  .max(2048, { error: ErrorCode.validationTooLong })
  .refine((value) => /^\/api\/images\/[A-Za-z0-9_-]{32}$/.test(value) || /^https:\/\/\S+$/.test(value), {
    error: ErrorCode.validationInvalidFormat,
  });

const pushDuplicates = rejectDuplicates(ErrorCode.validationDuplicateTags, 'tags');

/** Comma-separated (string, spec §5) or already split (array); each tag at most tagMax graphemes, at most tagsMax, no duplicates. */
const tags = z
  .preprocess(
    (value) => (typeof value === 'string' ? splitTags(value) : value),
    z.array(z.string({ error: requiredOrInvalidType }).trim(), { error: requiredOrInvalidType }),
  )
  .transform((list) => list.filter((tag) => tag !== ''))
  .check((payload) => {
    pushDuplicates(payload);
    if (payload.value.length > EVENT_LIMITS.tagsMax) {
      payload.issues.push({
        code: 'custom',
        message: ErrorCode.validationTooBig,
        params: { max: EVENT_LIMITS.tagsMax },
        input: payload.value,
      });
    }
    const issue = payload.value.map((tag) => textIssue(tag, { max: EVENT_LIMITS.tagMax })).find((found) => found !== null);
    if (issue) payload.issues.push(issue);
  });

const pollItems = z
  .array(graphemeString({ min: 1, max: EVENT_LIMITS.pollItemMax, trim: true }), { error: requiredOrInvalidType })
  .max(EVENT_LIMITS.pollItemsMax, { error: ErrorCode.validationTooBig })
  .check(rejectDuplicates(ErrorCode.eventDuplicatePollItems, 'values'));

const fields = {
  name: graphemeString({ min: 1, max: EVENT_LIMITS.nameMax, trim: true }),
  description: graphemeString({ max: EVENT_LIMITS.descriptionMax }),
  started_at: dateTime,
  ended_at: dateTime,
  recruitment_deadline: dateTime.nullable(),
  location: graphemeString({ max: EVENT_LIMITS.locationMax, trim: true }).nullable(),
  apply_minimum: applicants.nullable(),
  apply_maximum: applicants.nullable(),
  tags,
  public_range: z.enum(['public', 'private'], {
    error: oneOfError,
  }),
  send_notification: z.boolean({ error: requiredOrInvalidType }),
  header_image_url: imageUrlSchema.nullable(),
  poll_items: pollItems,
};

type ScheduleInput = {
  started_at?: Date;
  ended_at?: Date;
  recruitment_deadline?: Date | null;
  apply_minimum?: number | null;
  apply_maximum?: number | null;
};

/** The cross-field rules as zod issues (pointers under /event). Runs only when the fields involved are present. */
function scheduleIssues(event: ScheduleInput) {
  // A field that failed its own check is still the raw input here: judge the relation only between real dates.
  if (!(event.started_at instanceof Date) || !(event.ended_at instanceof Date)) return [];
  const deadline = event.recruitment_deadline instanceof Date ? event.recruitment_deadline : null;
  const number = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : null);
  return eventScheduleProblems({
    startedAt: event.started_at,
    endedAt: event.ended_at,
    recruitmentDeadline: deadline,
    applyMinimum: number(event.apply_minimum),
    applyMaximum: number(event.apply_maximum),
  });
}

/** POST /organizations/{id}/events */
export const CreateEventSchema = strictPayload({
  event: strictPayload({
    ...fields,
    description: fields.description.default(''),
    recruitment_deadline: fields.recruitment_deadline.default(null),
    location: fields.location.default(null),
    apply_minimum: fields.apply_minimum.default(null),
    apply_maximum: fields.apply_maximum.default(null),
    tags: fields.tags.default([]),
    public_range: fields.public_range.default('public'),
    send_notification: fields.send_notification.default(false),
    header_image_url: fields.header_image_url.default(null),
    poll_items: fields.poll_items.default([]),
  }).check((payload) => {
    for (const problem of scheduleIssues(payload.value)) {
      payload.issues.push({ code: 'custom', message: problem.code, path: [problem.field], input: payload.value });
    }
  }),
});

/**
 * PUT /organizations/{id}/events/{eventId}: any field may be left out; `cancel: true` cancels (spec §7),
 * `externally_published` publishes or unpublishes. Cross-field rules are checked again on the merged event by the server.
 */
export const UpdateEventSchema = strictPayload({
  event: strictPayload({
    name: fields.name.optional(),
    description: fields.description.optional(),
    started_at: fields.started_at.optional(),
    ended_at: fields.ended_at.optional(),
    recruitment_deadline: fields.recruitment_deadline.optional(),
    location: fields.location.optional(),
    apply_minimum: fields.apply_minimum.optional(),
    apply_maximum: fields.apply_maximum.optional(),
    tags: fields.tags.optional(),
    public_range: fields.public_range.optional(),
    send_notification: fields.send_notification.optional(),
    header_image_url: fields.header_image_url.optional(),
    poll_items: fields.poll_items.optional(),
    cancel: z
      .literal(true, { error: (issue) => (issue.input === false ? ErrorCode.validationOneOf : requiredOrInvalidType(issue)) })
      .optional(),
    externally_published: z.boolean({ error: requiredOrInvalidType }).optional(),
  }),
});

export type CreateEvent = z.output<typeof CreateEventSchema>['event'];
export type UpdateEvent = z.output<typeof UpdateEventSchema>['event'];

/** POST .../events/{eventId}/members/join: yourself (joins) or a colleague (an invitation, as member or co-host). */
export const JoinEventSchema = strictPayload({
  event_member: strictPayload({
    // A number, or its digits as a string; an int4 key at most (a larger one would reach the database as an error).
    organization_member_id: z.preprocess(
      (value) => (typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value),
      z
        .int({ error: integerError })
        .positive({ error: ErrorCode.validationPositive })
        .max(2_147_483_647, { error: ErrorCode.validationTooBig }),
    ),
    role: z
      .enum(['member', 'manager'], {
        error: oneOfError,
      })
      .default('member'),
  }),
});

const messageBody = graphemeString({ max: EVENT_LIMITS.messageMax });
const messageImages = z
  .array(imageUrlSchema, { error: requiredOrInvalidType })
  .max(EVENT_LIMITS.messageImagesMax, { error: ErrorCode.validationTooBig });

/** POST .../messages (organisation and shared events): text, images or both. */
export const CreateEventMessageSchema = strictPayload({
  event_message: strictPayload({
    body: messageBody.default(''),
    image_urls: messageImages.default([]),
  }).check((payload) => {
    if (payload.value.body.trim() === '' && payload.value.image_urls.length === 0) {
      payload.issues.push({ code: 'custom', message: ErrorCode.validationRequired, path: ['body'], input: payload.value.body });
    }
  }),
});

export const UpdateEventMessageSchema = strictPayload({
  event_message: strictPayload({ body: messageBody, image_urls: messageImages.optional() }),
});

/** POST and DELETE .../reactions (spec §7: message_reaction.emoji). */
export const EventMessageReactionSchema = strictPayload({
  message_reaction: strictPayload({
    emoji: reactionEmoji,
  }),
});

/** POST /shared_events/{id}/guests (the same rule as domain/event-rules.ts guestNicknameProblem, which the page checks). */
export const CreateEventGuestSchema = strictPayload({
  event_guest: strictPayload({
    nickname: graphemeString({ min: 1, max: EVENT_LIMITS.nicknameMax, trim: true }).refine(
      (nickname) => !hasDisguisingCharacters(nickname),
      {
        error: ErrorCode.validationInvalidFormat,
      },
    ),
  }),
});

const invalidParameter = { error: ErrorCode.requestInvalidParameter };

/** GET .../events: upcoming or past, optionally one tag. */
export const EventListQuerySchema = z.object({
  period: z.enum(['upcoming', 'past'], invalidParameter).default('upcoming'),
  tag: z
    .string(invalidParameter)
    .max(EVENT_LIMITS.tagMax * UTF16_UNITS_PER_GRAPHEME, invalidParameter)
    .optional(),
});

/** The periods the events statistics count by (spec §7 `type`). */
export const EVENT_STATISTICS_TYPES = ['daily', 'weekly', 'monthly'] as const;
export type EventStatisticsType = (typeof EVENT_STATISTICS_TYPES)[number];

/** GET .../events_summary and .../events_participation_rate (spec §7: from, to, type); the server defaults to the last 12 months. */
export const EventStatisticsQuerySchema = z
  .object({
    from: dateParameter().optional(),
    to: dateParameter().optional(),
    type: z.enum(EVENT_STATISTICS_TYPES, invalidParameter).default('monthly'),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { ...invalidParameter, path: ['to'] });

/**
 * What both statistics answer besides their figures: the range the server settled on (defaults filled), the period
 * kind asked for (`periodType`: JSON:API 1.1 forbids an attribute named `type`) and one label per period (YYYY-MM-DD, or
 * YYYY-MM for months). The server serialises these objects as flat attributes; the client decodes them back to the same
 * shape (the resource `id`, the organisation's, is left out: nothing reads it).
 */
type EventStatisticsPeriods = { from: string; to: string; periodType: EventStatisticsType; labels: string[] };

/** GET .../events_summary: events held (by start), cancelled, their participants and messages, per period. */
export type EventsSummary = EventStatisticsPeriods & {
  eventsCount: number[];
  cancelledCount: number[];
  participantsCount: number[];
  messagesCount: number[];
  totals: { events: number; cancelled: number; participants: number; messages: number };
};

/** GET .../events_participation_rate, per period. */
export type EventsParticipationRate = EventStatisticsPeriods & {
  /** Share (0..1) of the period's active members who joined at least one event held in it; null with no members. */
  rates: (number | null)[];
  participants: number[];
  members: number[];
};

/** GET /shared_events/{id}/guests/search */
export const GuestSearchQuerySchema = z.object({
  // Compared, not counted: bounded like the longest nickname there can be, in UTF-16 units.
  nickname: z
    .string(invalidParameter)
    .min(1, invalidParameter)
    .max(EVENT_LIMITS.nicknameMax * UTF16_UNITS_PER_GRAPHEME, invalidParameter),
});

/**
 * GET /api/shared_events/{id}?optional=true: an event that is not published answers 200 with `data: null` instead of
 * 404, for the events widget's probe before sign-in, which asked on every load and filled the page's console with a
 * 404 (issue 21). Without it, the 404 stays (the shared page and every call under it).
 */
export const SharedEventQuerySchema = z.object({
  optional: z.enum(['true'], { error: ErrorCode.requestInvalidParameter }).optional(),
});
