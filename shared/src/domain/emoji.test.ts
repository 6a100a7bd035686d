import { describe, expect, it } from 'vitest';
import { isEmoji, normalizeEmoji, PICKER_EMOJI } from './emoji';

describe('isEmoji', () => {
  it.each<[string, unknown, boolean]>([
    ['thumbs up', '👍', true],
    ['heart with variation selector', '❤️', true],
    ['heart without variation selector', '❤', true],
    ['skin tone modifier', '👍🏽', true],
    ['family ZWJ sequence', '👨‍👩‍👧‍👦', true],
    ['profession ZWJ sequence', '🧑‍💻', true],
    ['country flag', '🇯🇵', true],
    ['subdivision flag (tag sequence)', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', true],
    ['keycap', '1️⃣', true],
    ['keycap without variation selector', '#⃣', true],
    ['kiwi', '🥝', true],
    ['empty', '', false],
    ['a letter', 'a', false],
    ['a digit alone', '1', false],
    ['a hash alone', '#', false],
    ['a kanji', '漢', false],
    ['a word', 'like', false],
    ['two emoji', '👍👍', false],
    ['emoji and text', '👍ok', false],
    ['emoji with a space', ' 👍', false],
    ['a lone regional indicator', '🇯', false],
    ['a lone ZWJ', '\u200D', false],
    ['a lone skin tone', '🏽', false],
    ['html', '<b>', false],
    ['shortcode', ':thumbsup:', false],
    ['not a string', 128077, false],
    ['null', null, false],
    ['too long to be one emoji', '👍'.repeat(20), false],
  ])('%s', (_name, input, expected) => {
    expect(isEmoji(input)).toBe(expected);
  });

  it('accepts every emoji the picker offers, each once', () => {
    for (const emoji of PICKER_EMOJI) expect(isEmoji(emoji), emoji).toBe(true);
    expect(new Set(PICKER_EMOJI).size).toBe(PICKER_EMOJI.length);
  });
});

describe('normalizeEmoji', () => {
  it.each<[string, string, string]>([
    ['thumbs up stays', '👍', '👍'],
    ['thumbs up + emoji selector U+FE0F', '👍\uFE0F', '👍'],
    ['thumbs up + text selector U+FE0E', '👍\uFE0E', '👍'],
    ['thumbs up + trailing ZWJ', '👍\u200D', '👍'],
    ['thumbs up + selector and trailing ZWJ', '👍\uFE0F\u200D', '👍'],
    ['heart with selector stays', '❤️', '❤️'],
    ['bare heart gets its emoji selector', '❤', '❤\uFE0F'],
    ['heart with text selector', '❤\uFE0E', '❤\uFE0F'],
    ['heart with two selectors', '❤\uFE0F\uFE0F', '❤\uFE0F'],
    ['skin tone kept as is', '👍🏽', '👍🏽'],
    ['skin tone with a stray selector', '👍\uFE0F🏽', '👍🏽'],
    ['text-default pictograph with skin tone: no selector', '☝🏽', '☝🏽'],
    ['keycap without selector', '1\u20E3', '1\uFE0F\u20E3'],
    ['keycap stays', '1️⃣', '1️⃣'],
    ['rainbow flag without selector', '🏳\u200D🌈', '🏳\uFE0F\u200D🌈'],
    ['doubled ZWJ', '👨\u200D\u200D💻', '👨\u200D💻'],
    ['family stays', '👨‍👩‍👧‍👦', '👨‍👩‍👧‍👦'],
    ['country flag stays', '🇯🇵', '🇯🇵'],
    ['subdivision flag stays', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '🏴󠁧󠁢󠁳󠁣󠁴󠁿'],
  ])('%s', (_name, input, expected) => {
    expect(normalizeEmoji(input)).toBe(expected);
    expect(normalizeEmoji(expected)).toBe(expected);
    expect(isEmoji(normalizeEmoji(input))).toBe(true);
  });

  it('leaves every picker emoji as the picker shows it (a picked reaction matches an existing one)', () => {
    for (const emoji of PICKER_EMOJI) expect(normalizeEmoji(emoji)).toBe(emoji);
  });
});
