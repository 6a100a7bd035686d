import { describe, expect, it } from 'vitest';
import { checkLength, countGraphemes, textProblem } from './graphemes';

describe('countGraphemes', () => {
  it.each<[string, string, number]>([
    ['empty', '', 0],
    ['ASCII', 'Kiwi', 4],
    ['Japanese', 'こんにちは', 5],
    ['half-width katakana with voiced mark', 'ｶﾞ', 1],
    ['surrogate pair kanji', '𠮷野家', 3],
    ['single emoji', '😀', 1],
    ['emoji with skin tone', '👍🏽', 1],
    ['ZWJ family', '👨‍👩‍👧‍👦', 1],
    ['ZWJ profession with skin tone', '👩🏻‍💻', 1],
    ['flag', '🇯🇵', 1],
    ['two flags', '🇯🇵🇺🇸', 2],
    ['keycap', '1️⃣', 1],
    ['combining acute (decomposed)', 'e\u0301', 1],
    ['several combining marks', 'a\u0300\u0301\u0302', 1],
    ['Japanese combining dakuten', 'か\u3099', 1],
    ['CRLF', '\r\n', 1],
    ['mixed', 'Hi 👋🏻 🇯🇵!', 7],
  ])('%s', (_name, text, expected) => {
    expect(countGraphemes(text)).toBe(expected);
  });
});

describe('checkLength', () => {
  it.each<[string, string, { min?: number; max?: number }, ReturnType<typeof checkLength>]>([
    ['no limits', 'anything', {}, null],
    ['at the minimum', 'ab', { min: 2 }, null],
    ['below the minimum', 'a', { min: 2 }, { code: 'validation.tooShort', limit: 2 }],
    ['at the maximum', 'abc', { max: 3 }, null],
    ['above the maximum', 'abcd', { max: 3 }, { code: 'validation.tooLong', limit: 3 }],
    ['emoji counted as one against max', '👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦', { max: 3 }, null],
    ['emoji counted as one against min', '🇯🇵', { min: 2 }, { code: 'validation.tooShort', limit: 2 }],
    ['empty with min 0', '', { min: 0, max: 5 }, null],
    ['inside both', 'abc', { min: 1, max: 5 }, null],
  ])('%s', (_name, text, limits, expected) => {
    expect(checkLength(text, limits)).toEqual(expected);
  });
});

describe('textProblem (zod-free, what the feature forms check)', () => {
  it.each<[string, string, { min?: number; max?: number }, ReturnType<typeof textProblem>]>([
    ['valid', 'ab', { min: 2, max: 3 }, null],
    ['too short', 'a', { min: 2, max: 3 }, { code: 'validation.tooShort', params: { count: 2 } }],
    ['too long in graphemes', '🇯🇵🇯🇵🇯🇵🇯🇵', { max: 3 }, { code: 'validation.tooLong', params: { count: 3 } }],
    ['empty where required', '', { min: 1, max: 3 }, { code: 'validation.required' }],
    ['empty without a minimum', '', { max: 3 }, null],
    ['a NUL character', 'a\u0000', { max: 3 }, { code: 'validation.invalidFormat' }],
  ])('%s', (_name, text, limits, expected) => {
    expect(textProblem(text, limits)).toEqual(expected);
  });
});
