// Zod-free on purpose: the feature components (and so the widgets) count and check text with these; the zod schema
// built on them (graphemeString) lives in schemas/text.ts. The codes are written as literals (checked against the
// ErrorCode union): importing the ErrorCode object would put the whole table into every widget chunk using this.
import type { ErrorCode } from '../api/error-codes';

export type LengthLimits = { min?: number; max?: number };
export type LengthProblem = { code: Extract<ErrorCode, 'validation.tooShort' | 'validation.tooLong'>; limit: number };
/** A text field's error code and its translation parameters (`count` = the limit), as the server's 422 gives it. */
export type TextProblem = { code: ErrorCode; params?: { count: number } };

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Length as a person counts it: an emoji ZWJ sequence, a flag or a letter with combining marks is one. */
export function countGraphemes(text: string): number {
  let count = 0;
  for (const _ of segmenter.segment(text)) count += 1;
  return count;
}

export function checkLength(text: string, { min, max }: LengthLimits): LengthProblem | null {
  const length = countGraphemes(text);
  if (min !== undefined && length < min) return { code: 'validation.tooShort', limit: min };
  if (max !== undefined && length > max) return { code: 'validation.tooLong', limit: max };
  return null;
}

/**
 * The rule of a text field (schemas/text.ts graphemeString applies it to the server's payloads): U+0000 is
 * validation.invalidFormat (PostgreSQL text cannot store it); an empty string where `min >= 1` is validation.required,
 * which reads better on a form than "too short"; otherwise the grapheme length. Trim first where the field trims.
 */
export function textProblem(text: string, { min, max }: LengthLimits): TextProblem | null {
  if (text.includes('\u0000')) return { code: 'validation.invalidFormat' };
  if (text === '' && min !== undefined && min >= 1) return { code: 'validation.required' };
  const problem = checkLength(text, { min, max });
  return problem ? { code: problem.code, params: { count: problem.limit } } : null;
}
