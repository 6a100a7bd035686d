// react-hook-form resolvers of the event features' forms over the shared domain rules (domain/event-rules.ts,
// domain/graphemes.ts): the same rules the server's zod schemas (schemas/event.ts) apply, checked without zod so the
// widgets carry no validator (docs/decisions.md, issue 21 session 3).
import type { TFunction } from 'i18next';
import type { FieldValues, Resolver } from 'react-hook-form';
import { EVENT_LIMITS, guestNicknameProblem } from '../../domain/event-rules';
import { type TextProblem, textProblem } from '../../domain/graphemes';
import { problemsResolver } from '../../forms/problems-resolver';

/** Each field's problem (or null) under the form's values. */
type Rules<V> = (values: V) => { [K in keyof V]?: TextProblem | null };

/** A resolver from `rules`: each problem as a field error, its code translated with its parameters (errors.json). */
export function rulesResolver<V extends FieldValues>(t: TFunction, rules: Rules<V>): Resolver<V> {
  return problemsResolver<V>((values) =>
    Object.fromEntries(
      Object.entries(rules(values)).map(([field, problem]) => [
        field,
        problem && { type: problem.code, message: t(`errors:${problem.code}`, problem.params ?? {}) },
      ]),
    ),
  );
}

const required: TextProblem = { code: 'validation.required' };

export type GuestJoinValues = { nickname: string };
/** A shared-event guest's nickname, as CreateEventGuestSchema checks it (trimmed, 1..30 graphemes, nothing disguising). */
export const guestJoinRules: Rules<GuestJoinValues> = ({ nickname }) => ({ nickname: guestNicknameProblem(nickname) });

export type ComposerValues = { body: string; images: string[] };
/** A new event message (CreateEventMessageSchema): text, images or both; the text at most messageMax graphemes. */
export const composerRules: Rules<ComposerValues> = ({ body, images }) => ({
  body: body.trim() === '' && images.length === 0 ? required : textProblem(body, { max: EVENT_LIMITS.messageMax }),
  images: images.length > EVENT_LIMITS.messageImagesMax ? { code: 'validation.tooBig' } : null,
});

export type MessageEditValues = { body: string };
/** An edited event message's text (UpdateEventMessageSchema): at most messageMax graphemes. */
export const messageEditRules: Rules<MessageEditValues> = ({ body }) => ({ body: textProblem(body, { max: EVENT_LIMITS.messageMax }) });

export type InviteValues = { search: string; person: string; role: 'member' | 'manager' };
/** An invitation names a colleague; the role is one of the two the select offers. */
export const inviteRules: Rules<InviteValues> = ({ person }) => ({ person: person === '' ? required : null });
