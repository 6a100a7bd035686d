import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import { requiredOrInvalidType } from '../schemas/common';

export type LengthLimits = { min?: number; max?: number };
export type LengthProblem = { code: typeof ErrorCode.validationTooShort | typeof ErrorCode.validationTooLong; limit: number };

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Length as a person counts it: an emoji ZWJ sequence, a flag or a letter with combining marks is one. */
export function countGraphemes(text: string): number {
  let count = 0;
  for (const _ of segmenter.segment(text)) count += 1;
  return count;
}

export function checkLength(text: string, { min, max }: LengthLimits): LengthProblem | null {
  const length = countGraphemes(text);
  if (min !== undefined && length < min) return { code: ErrorCode.validationTooShort, limit: min };
  if (max !== undefined && length > max) return { code: ErrorCode.validationTooLong, limit: max };
  return null;
}

/**
 * A zod string measured in graphemes. Issues carry the code as message and `params.count` = the limit.
 * An empty string where `min >= 1` is reported as validation.required, which reads better on a form than "too short".
 * `trim: true` trims before measuring (names, titles); leave it off where leading spaces mean something.
 * U+0000 is validation.invalidFormat: PostgreSQL text cannot store it, so a form should say so before the server does.
 */
export function graphemeString({ min, max, trim = false }: LengthLimits & { trim?: boolean } = {}) {
  const base = z.string({ error: requiredOrInvalidType });
  return (trim ? base.trim() : base).check((payload) => {
    if (payload.value.includes('\u0000')) {
      payload.issues.push({ code: 'custom', message: ErrorCode.validationInvalidFormat, input: payload.value });
      return;
    }
    if (payload.value === '' && min !== undefined && min >= 1) {
      payload.issues.push({ code: 'custom', message: ErrorCode.validationRequired, input: payload.value });
      return;
    }
    const problem = checkLength(payload.value, { min, max });
    if (problem) {
      payload.issues.push({ code: 'custom', message: problem.code, params: { count: problem.limit }, input: payload.value });
    }
  });
}
