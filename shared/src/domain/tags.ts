// Zod-free (the feature components and the widgets use it); the zod schema tagListSchema is in schemas/text.ts.

import { PRESET_TAG_PREFIX } from './event-rules';

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

// Preset event tags (SPEC §9) are stored as their keys ("preset:free") and shown in the reader's language (eventTagLabel
// in event-rules.ts, beside the presets, so the widgets' event views carry no module more).

/** What makes two spellings of a tag the same: NFC, width-folded (ＯＫ = OK), case-insensitive. */
const tagMatchKey = (tag: string) => tag.normalize('NFKC').toLowerCase().trim();

/**
 * Stored form of event tags: a tag spelled as a preset's label in any language (`labels`: key -> label per language,
 * the locales' events:presetTags), or as its key, becomes "preset:<key>"; others stay as typed. A tag given twice once
 * mapped (無料 and Free) is kept once.
 */
export function storedEventTags(tags: string[], labels: Record<string, string>[]): string[] {
  const keyOf = new Map<string, string>();
  for (const language of labels) {
    for (const [key, label] of Object.entries(language)) {
      keyOf.set(tagMatchKey(label), `${PRESET_TAG_PREFIX}${key}`);
      keyOf.set(tagMatchKey(key), `${PRESET_TAG_PREFIX}${key}`);
      keyOf.set(tagMatchKey(`${PRESET_TAG_PREFIX}${key}`), `${PRESET_TAG_PREFIX}${key}`);
    }
  }
  return [...new Set(tags.map((tag) => keyOf.get(tagMatchKey(tag)) ?? tag))];
}
