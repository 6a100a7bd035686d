// Zod-free (the feature components and the widgets use it); the zod schema tagListSchema is in schemas/text.ts.

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
