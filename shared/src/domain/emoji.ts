import { countGraphemes } from './graphemes';

// Every code point of an emoji sequence: pictographs, skin tones, ZWJ, variation selector 16, keycap, tag characters
// (subdivision flags) and regional indicators (country flags).
const EMOJI_CODE_POINTS =
  /^(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|[\u200D\uFE0F\u20E3#*0-9\u{E0020}-\u{E007F}])+$/u;
// What an emoji starts with: a pictograph, a flag's first indicator, or a keycap base followed by its keycap mark.
const EMOJI_START = /^(?:\p{Extended_Pictographic}|\p{Regional_Indicator}{2}|[#*0-9]\uFE0F?\u20E3)/u;
// The longest real sequences (family ZWJ sequences, subdivision flags) are well under this many UTF-16 units.
const MAX_LENGTH = 32;

/**
 * true for exactly one emoji as a person sees it: 👍, 👍🏽, 👨‍👩‍👧, 🇯🇵, 🏴󠁧󠁢󠁳󠁣󠁴󠁿, 1️⃣.
 * Letters, digits alone, two emoji, text with an emoji and blanks around it are refused.
 */
export function isEmoji(text: unknown): text is string {
  if (typeof text !== 'string' || text === '' || text.length > MAX_LENGTH) return false;
  if (!EMOJI_CODE_POINTS.test(text) || !EMOJI_START.test(text)) return false;
  return countGraphemes(text) === 1;
}

// A pictograph whose default look is text-like: its emoji form carries U+FE0F.
const TEXT_DEFAULT_PICTOGRAPH = /^(?=\p{Extended_Pictographic})\P{Emoji_Presentation}$/u;
const EMOJI_MODIFIER = /^\p{Emoji_Modifier}$/u;
const KEYCAP_BASE = /^[#*0-9]$/;
const ZWJ = '\u200D';

/**
 * The one spelling of an emoji that looks the same (its fully-qualified form), so equal-looking reactions are one:
 * NFC; every variation selector (U+FE0E text style, U+FE0F emoji style) dropped, then U+FE0F put back exactly where the
 * emoji form needs it (after a text-default pictograph not followed by a skin tone, and between a keycap base and its
 * mark); stray joiners (U+200D at either end, doubled) removed. Skin tones stay: 👍🏽 is another reaction than 👍.
 * `👍︎`, `👍️` -> `👍`; `❤`, `❤︎` -> `❤️`; `1⃣` -> `1️⃣`; `👍‍` (trailing ZWJ) -> `👍`.
 */
export function normalizeEmoji(text: string): string {
  const points = [
    ...text
      .normalize('NFC')
      .replace(/[\uFE0E\uFE0F]/g, '')
      .replace(/\u200D{2,}/g, ZWJ),
  ];
  while (points[0] === ZWJ) points.shift();
  while (points.at(-1) === ZWJ) points.pop();
  let out = '';
  points.forEach((point, index) => {
    out += point;
    const next = points[index + 1];
    if (TEXT_DEFAULT_PICTOGRAPH.test(point) && !(next !== undefined && EMOJI_MODIFIER.test(next))) out += '\uFE0F';
    else if (KEYCAP_BASE.test(point) && next === '\u20E3') out += '\uFE0F';
  });
  return out;
}

/** The picker's curated set, in the order it shows them (reactions people use at work, then a few for fun). */
export const PICKER_EMOJI: readonly string[] = [
  '👍',
  '👏',
  '🙌',
  '🙏',
  '❤️',
  '😊',
  '😂',
  '🥰',
  '😮',
  '😢',
  '🤔',
  '👀',
  '🎉',
  '✨',
  '🔥',
  '💯',
  '✅',
  '💪',
  '🏃',
  '🚶',
  '🧘',
  '🚴',
  '🏊',
  '⚽',
  '🍀',
  '🌸',
  '☀️',
  '🌈',
  '☕',
  '🍵',
  '🍙',
  '🍰',
  '🐱',
  '🐶',
  '🥝',
  '🎵',
  '📣',
  '💡',
  '🆗',
  '🙇',
];
