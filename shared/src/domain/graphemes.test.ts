import { describe, expect, it } from 'vitest';
import { checkLength, countGraphemes, graphemeString } from './graphemes';

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

describe('graphemeString', () => {
  const schema = graphemeString({ min: 2, max: 3 });
  const issue = (input: unknown, s = schema) => {
    const result = s.safeParse(input);
    return result.success ? null : { message: result.error.issues[0]?.message, params: (result.error.issues[0] as { params?: unknown }).params };
  };

  it.each<[string, unknown, ReturnType<typeof issue>]>([
    ['valid', 'ab', null],
    ['three emoji', '😀😀😀', null],
    ['too short', 'a', { message: 'validation.tooShort', params: { count: 2 } }],
    ['too long', 'abcd', { message: 'validation.tooLong', params: { count: 3 } }],
    ['too long in graphemes', '🇯🇵🇯🇵🇯🇵🇯🇵', { message: 'validation.tooLong', params: { count: 3 } }],
    ['empty', '', { message: 'validation.required', params: undefined }],
    ['missing', undefined, { message: 'validation.required', params: undefined }],
    ['wrong type', 12, { message: 'validation.invalidType', params: undefined }],
    ['null', null, { message: 'validation.invalidType', params: undefined }],
    ['a NUL character, which PostgreSQL text cannot hold', 'a\u0000', { message: 'validation.invalidFormat', params: undefined }],
    ['only a NUL character', '\u0000', { message: 'validation.invalidFormat', params: undefined }],
  ])('%s', (_name, input, expected) => {
    expect(issue(input)).toEqual(expected);
  });

  it('trims first when asked', () => {
    const trimmed = graphemeString({ min: 1, max: 3, trim: true });
    expect(trimmed.parse('  abc  ')).toBe('abc');
    expect(issue('   ', trimmed)).toEqual({ message: 'validation.required', params: undefined });
    expect(graphemeString({ max: 3 }).safeParse('  abc  ').success).toBe(false);
  });

  it('allows empty strings without a minimum', () => {
    expect(graphemeString({ max: 3 }).parse('')).toBe('');
  });
});
