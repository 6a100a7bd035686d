import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import { requiredOrInvalidType } from '../schemas/common';

// Japanese input methods often produce the ideographic comma or a full-width comma instead of ','.
const TAG_SEPARATOR = /[,、，]/;

/** "a, b、c,, " -> ["a", "b", "c"]: split on any comma, trim, drop blanks. */
export function splitTags(input: string): string[] {
  return input
    .split(TAG_SEPARATOR)
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

/** Tags given more than once, each listed once in first-seen order. NFC-equal spellings count as the same tag. */
export function findDuplicateTags(tags: string[]): string[] {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const tag of tags) {
    const key = tag.normalize('NFC');
    if (seen.has(key)) duplicates.add(key);
    seen.add(key);
  }
  return [...duplicates];
}

/** Comma-separated tags -> string[]; duplicates fail with validation.duplicateTags and `params.tags` = "a, b". Empty passes as []. */
export const tagListSchema = z
  .string({ error: requiredOrInvalidType })
  .transform(splitTags)
  .check((payload) => {
    const duplicates = findDuplicateTags(payload.value);
    if (duplicates.length > 0) {
      payload.issues.push({
        code: 'custom',
        message: ErrorCode.validationDuplicateTags,
        params: { tags: duplicates.join(', ') },
        input: payload.value,
      });
    }
  });
