// The zod schemas of text fields, built on the zod-free rules in domain/ (which the feature components use directly).
import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import { type LengthLimits, textProblem } from '../domain/graphemes';
import { findDuplicateTags, splitTags } from '../domain/tags';
import { requiredOrInvalidType } from './common';

/** textProblem as a zod issue: the code as message and `params.count` = the limit; null when the text is fine. */
export function textIssue(text: string, limits: LengthLimits) {
  const problem = textProblem(text, limits);
  if (!problem) return null;
  return { code: 'custom' as const, message: problem.code, ...(problem.params ? { params: problem.params } : {}), input: text };
}

/**
 * A zod string measured in graphemes (domain/graphemes.ts textProblem, which bounds its work before counting).
 * `trim: true` trims before measuring (names, titles); leave it off where leading spaces mean something.
 */
export function graphemeString({ min, max, trim = false }: LengthLimits & { trim?: boolean } = {}) {
  const base = z.string({ error: requiredOrInvalidType });
  return (trim ? base.trim() : base).check((payload) => {
    const issue = textIssue(payload.value, { min, max });
    if (issue) payload.issues.push(issue);
  });
}

/** A zod check of a list: its duplicates (domain/tags findDuplicateTags) fail with `code`, `params[param]` = "a, b". */
export function rejectDuplicates(code: string, param: string) {
  return (payload: z.core.ParsePayload<string[]>) => {
    const duplicates = findDuplicateTags(payload.value);
    if (duplicates.length > 0) {
      payload.issues.push({ code: 'custom', message: code, params: { [param]: duplicates.join(', ') }, input: payload.value });
    }
  };
}

/** Comma-separated tags -> string[]; duplicates fail with validation.duplicateTags and `params.tags` = "a, b". Empty passes as []. */
export const tagListSchema = z
  .string({ error: requiredOrInvalidType })
  .transform(splitTags)
  .check(rejectDuplicates(ErrorCode.validationDuplicateTags, 'tags'));
