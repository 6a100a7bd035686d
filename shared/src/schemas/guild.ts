import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import { isEmoji, normalizeEmoji } from '../domain/emoji';
import { GUILD_LIMITS, GUILD_PARTICIPATION_TYPES, GUILD_PUBLIC_RANGES } from '../domain/guild-rules';
import { UTF16_UNITS_PER_GRAPHEME } from '../domain/graphemes';
import { graphemeString, tagListSchema, textIssue } from './text';
import { PaginationSchema, requiredOrInvalidType, strictPayload } from './common';
import { dateParameter } from './dates';

// The limits live in domain/guild-rules.ts (zod-free, for the components); re-exported here for the server.
export { GUILD_LIMITS, GUILD_PARTICIPATION_TYPES, GUILD_PUBLIC_RANGES } from '../domain/guild-rules';

const invalidParameter = { error: ErrorCode.requestInvalidParameter };
const MAX_ID = 2_147_483_647;
const id = z
  .int({ error: requiredOrInvalidType })
  .positive({ error: ErrorCode.validationPositive })
  .max(MAX_ID, { error: ErrorCode.validationTooBig });
const idParameter = z
  .string(invalidParameter)
  .regex(/^[1-9]\d{0,9}$/, invalidParameter)
  .transform(Number)
  .pipe(z.number().max(MAX_ID, invalidParameter));

/** A URL POST /api/images handed out (contract 5): never an arbitrary address a browser would fetch. */
export const imageUrlSchema = z
  .string({ error: requiredOrInvalidType })
  .regex(/^\/api\/images\/[A-Za-z0-9_-]{32}$/, { error: ErrorCode.validationInvalidFormat });

/** "a, b、c" or ["a", "b"]; duplicates after trimming are refused (spec §5), each tag 1..20 graphemes, at most 10. */
export const guildTagsSchema = z
  .union([z.array(z.string({ error: ErrorCode.validationInvalidType })).transform((tags) => tags.join(',')), z.string()], {
    error: requiredOrInvalidType,
  })
  .pipe(tagListSchema)
  .check((payload) => {
    if (payload.value.length > GUILD_LIMITS.tagsMax) {
      payload.issues.push({
        code: 'custom',
        message: ErrorCode.validationTooLong,
        params: { count: GUILD_LIMITS.tagsMax },
        input: payload.value,
      });
      return;
    }
    const issue = payload.value.map((tag) => textIssue(tag, { max: GUILD_LIMITS.tagMax })).find((found) => found !== null);
    if (issue) payload.issues.push(issue);
  });

const guildFields = {
  name: graphemeString({ min: 1, max: GUILD_LIMITS.nameMax, trim: true }),
  description: graphemeString({ max: GUILD_LIMITS.descriptionMax }),
  tags: guildTagsSchema,
  public_range: z.enum(GUILD_PUBLIC_RANGES, {
    error: (issue) => (issue.input === undefined ? ErrorCode.validationRequired : ErrorCode.validationOneOf),
  }),
  header_image_url: imageUrlSchema.nullable(),
};

/** POST /organizations/:orgId/guilds */
export const CreateGuildSchema = strictPayload({
  guild: strictPayload({
    ...guildFields,
    description: guildFields.description.default(''),
    tags: guildFields.tags.default([]),
    public_range: guildFields.public_range.default('public'),
    header_image_url: guildFields.header_image_url.default(null),
  }),
});
export type CreateGuildInput = z.output<typeof CreateGuildSchema>['guild'];

/** PUT /organizations/:orgId/guilds/:id: any subset of the fields. */
export const UpdateGuildSchema = strictPayload({ guild: strictPayload(guildFields).partial() });
export type UpdateGuildInput = z.output<typeof UpdateGuildSchema>['guild'];

/** PUT /organizations/:orgId/guilds/:id/pinned_message: null unpins. */
export const PinGuildMessageSchema = strictPayload({ guild: strictPayload({ pinned_message_id: id.nullable() }) });

const messageBody = graphemeString({ max: GUILD_LIMITS.messageMax });
const messageImages = z
  .array(imageUrlSchema, { error: requiredOrInvalidType })
  .max(GUILD_LIMITS.imagesPerMessage, { error: ErrorCode.validationTooLong });

/** Text, images or both; a message with neither is validation.required on `body`. */
function notEmpty(value: { body?: string; image_urls?: string[] }, ctx: z.RefinementCtx) {
  if ((value.body ?? '').trim() === '' && (value.image_urls ?? []).length === 0) {
    ctx.addIssue({ code: 'custom', message: ErrorCode.validationRequired, path: ['body'] });
  }
}

/** POST /guilds/:id/messages */
export const CreateGuildMessageSchema = strictPayload({
  guild_message: strictPayload({ body: messageBody.default(''), image_urls: messageImages.default([]) }).superRefine(notEmpty),
});
/** PUT /guilds/:id/messages/:messageId (the author only). */
export const UpdateGuildMessageSchema = strictPayload({
  guild_message: strictPayload({ body: messageBody, image_urls: messageImages.optional() }),
});
export type CreateGuildMessageInput = z.output<typeof CreateGuildMessageSchema>['guild_message'];
export type UpdateGuildMessageInput = z.output<typeof UpdateGuildMessageSchema>['guild_message'];

/**
 * One emoji grapheme (shared with event reactions), in its one spelling (normalizeEmoji): 👍 and 👍 + U+FE0F are the
 * same reaction.
 */
export const reactionEmoji = z
  .string({ error: requiredOrInvalidType })
  .refine(isEmoji, { error: ErrorCode.validationInvalidFormat })
  .transform(normalizeEmoji);
/** POST and DELETE /guild_messages/:messageId/reactions */
export const MessageReactionSchema = strictPayload({ message_reaction: strictPayload({ emoji: reactionEmoji }) });

/** POST /guilds/:id/members/join: yourself without a body; another member of the organisation to invite them. */
export const JoinGuildSchema = z
  .union([z.undefined(), z.null(), strictPayload({ guild_member: strictPayload({ organization_member_id: id }).partial().optional() })])
  .transform((value) => ({ organizationMemberId: value?.guild_member?.organization_member_id ?? null }));

/** PUT /guilds/:id/members/:memberId: the free role label. */
export const UpdateGuildMemberSchema = strictPayload({
  guild_member: strictPayload({ role: graphemeString({ max: GUILD_LIMITS.roleMax, trim: true }) }),
});

const booleanParameter = z.enum(['true', 'false'], invalidParameter).transform((value) => value === 'true');
// A search term is compared, not counted: a bound in UTF-16 units (the longest tag there can be) is enough.
const filterTag = z.string(invalidParameter).max(GUILD_LIMITS.tagMax * UTF16_UNITS_PER_GRAPHEME, invalidParameter);
const tagFilter = z
  .union([filterTag.transform((tag) => [tag]), z.array(filterTag).max(GUILD_LIMITS.tagsMax, invalidParameter)])
  .transform((tags) => tags.map((tag) => tag.trim()).filter((tag) => tag !== ''));

/** GET /organizations/:orgId/guilds: q[name], q[tags][] (every tag), q[joined]=true (mine), page, per. */
export const GuildListQuerySchema = PaginationSchema.extend({
  q: z
    .object(
      {
        name: z.string(invalidParameter).max(100, invalidParameter).optional(),
        tags: tagFilter.optional(),
        joined: booleanParameter.optional(),
      },
      invalidParameter,
    )
    .optional(),
});
export type GuildListQuery = z.output<typeof GuildListQuerySchema>;

/** GET /organizations/:orgId/guild_tags: q[most_used]=true&per=5 gives the most used; otherwise all, by name. */
export const GuildTagsQuerySchema = PaginationSchema.extend({
  q: z
    .object(
      { most_used: booleanParameter.optional(), name: z.string(invalidParameter).max(50, invalidParameter).optional() },
      invalidParameter,
    )
    .optional(),
});

/** GET /guilds/:id/messages: newest first; `before` (a message id) pages back from there, or page/per. */
export const GuildMessagesQuerySchema = PaginationSchema.extend({ before: idParameter.optional() });

const day = dateParameter();
/** GET /organizations/:orgId/guilds_summary: from/to (YYYY-MM-DD, default the last 30 days), guild_id for one guild. */
export const GuildsSummaryQuerySchema = z.object({ from: day.optional(), to: day.optional(), guild_id: idParameter.optional() });

/**
 * The communication dashboard's guild figures. `CountKey` is how the nested rankings spell their messages count: the
 * server builds them camelCase (`messagesCount`) and its presenter kebab-cases them; the client decoder camelCases
 * attribute names only, never keys nested inside an attribute, so the decoded shape keeps `messages-count`.
 */
export type GuildsSummaryOf<CountKey extends string> = {
  id: string;
  from: string;
  to: string;
  guildsCount: number;
  publicGuildsCount: number;
  privateGuildsCount: number;
  participantsCount: number;
  organizationMembersCount: number;
  participationRate: number;
  messagesCount: number;
  reactionsCount: number;
  days: { date: string; messages: number; reactions: number }[];
  topGuilds: ({ id: number; name: string } & Record<CountKey, number>)[];
  topPosters: ({ name: string } & Record<CountKey, number>)[];
  topEmoji: { emoji: string; count: number }[];
};

/** GET /organizations/:orgId/guilds_participation_rate: type = age | belonging | occupation. */
export const GuildsParticipationQuerySchema = z.object({ type: z.enum(GUILD_PARTICIPATION_TYPES, invalidParameter).default('age') });
