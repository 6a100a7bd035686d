// The guild chat forms' rules as react-hook-form resolvers over the shared domain rules (graphemes.ts textProblem,
// guild-rules.ts GUILD_LIMITS): the checks the server's zod schemas (schemas/guild.ts) apply, without zod, so the
// <kiwi-guild-chat> widget carries no validator.
import type { TFunction } from 'i18next';
import type { FieldValues, Path, Resolver } from 'react-hook-form';
import { HttpResponseError } from '../../api/errors';
import { type TextProblem, textProblem } from '../../domain/graphemes';
import { GUILD_LIMITS } from '../../domain/guild-rules';
import { problemsResolver } from '../../forms/problems-resolver';

export type ComposerValues = { body: string; image: string | null };
export type MessageEditValues = { body: string };
export type RoleValues = { role: string };

/** A message's text: at most 1,000 graphemes (CreateGuildMessageSchema / UpdateGuildMessageSchema `body`). */
export const messageBodyProblem = (body: string): TextProblem | null => textProblem(body, { max: GUILD_LIMITS.messageMax });

/** A new message: its text within the limit, and text or an image (the server's "neither" is required on `body`). */
export function composerProblem({ body, image }: ComposerValues): TextProblem | null {
  if (body.trim() === '' && image === null) return { code: 'validation.required' };
  return messageBodyProblem(body);
}

/** A member's free role label: trimmed, at most 30 graphemes (UpdateGuildMemberSchema). */
export const roleProblem = ({ role }: RoleValues): TextProblem | null => textProblem(role.trim(), { max: GUILD_LIMITS.roleMax });

/**
 * A problem in the reader's language. The validation namespace, not errors' `validation` section: the widgets load
 * the former and leave the latter out (widgets/vite/widget-locales-plugin.ts).
 */
export function problemText(t: TFunction, problem: TextProblem): string {
  return t(`validation:${problem.code.slice('validation.'.length)}`, problem.params ?? {});
}

/** A resolver reporting one field's problem under that field, translated. */
function resolverOf<Values extends FieldValues>(
  t: TFunction,
  field: Path<Values>,
  check: (values: Values) => TextProblem | null,
): Resolver<Values> {
  return problemsResolver<Values>((values) => {
    const problem = check(values);
    return { [field]: problem && { type: problem.code, message: problemText(t, problem) } };
  });
}

export const composerResolver = (t: TFunction) => resolverOf<ComposerValues>(t, 'body', composerProblem);
export const messageEditResolver = (t: TFunction) => resolverOf<MessageEditValues>(t, 'body', (values) => messageBodyProblem(values.body));
export const roleResolver = (t: TFunction) => resolverOf<RoleValues>(t, 'role', roleProblem);

/**
 * The server's message for one field of a 422 (its JSON pointer, e.g. `/guild_member/role`), already translated by
 * the server (Accept-Language); null when the failure is not about that field.
 */
export function serverFieldError(t: TFunction, error: unknown, pointer: string): string | null {
  if (!(error instanceof HttpResponseError)) return null;
  const item = error.errors.find((candidate) => candidate.source?.pointer === pointer);
  if (!item) return null;
  return item.detail ?? (item.code ? t(`errors:${item.code}`) : t('errors:failed'));
}
