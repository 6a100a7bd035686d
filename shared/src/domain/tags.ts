// Zod-free (the feature components and the widgets use it); the zod schema tagListSchema is in schemas/text.ts.

import { PRESET_EVENT_TAGS } from './event-rules';

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

// Preset event tags (SPEC §9) are stored as their keys ("beginnersWelcome") and shown in the reader's language; a tag
// a person typed is stored and shown as typed.

/** A stored event tag as the reader sees it: a preset's key in the reader's language, any other tag as typed. */
export const eventTagLabel = (tag: string, t: (key: string) => string): string =>
  (PRESET_EVENT_TAGS as readonly string[]).includes(tag) ? t(`events:presetTags.${tag}`) : tag;

/** What makes two spellings of a tag the same: NFC, width-folded (ＯＫ = OK), case-insensitive. */
const tagMatchKey = (tag: string) => tag.normalize('NFKC').toLowerCase().trim();

/**
 * Stored form of event tags: a tag spelled as a preset's label in any language (`labels`: key -> label per language,
 * the locales' events:presetTags), or as its key, becomes the key; others stay as typed. A tag given twice once
 * mapped (無料 and Free) is kept once.
 */
export function storedEventTags(tags: string[], labels: Record<string, string>[]): string[] {
  const keyOf = new Map<string, string>();
  for (const language of labels) {
    for (const [key, label] of Object.entries(language)) {
      keyOf.set(tagMatchKey(label), key);
      keyOf.set(tagMatchKey(key), key);
    }
  }
  return [...new Set(tags.map((tag) => keyOf.get(tagMatchKey(tag)) ?? tag))];
}
