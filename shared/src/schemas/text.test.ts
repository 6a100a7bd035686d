import { describe, expect, it } from 'vitest';
import { graphemeString, tagListSchema } from './text';

describe('graphemeString', () => {
  const schema = graphemeString({ min: 2, max: 3 });
  const issue = (input: unknown, s = schema) => {
    const result = s.safeParse(input);
    return result.success
      ? null
      : { message: result.error.issues[0]?.message, params: (result.error.issues[0] as { params?: unknown }).params };
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

describe('tagListSchema', () => {
  it.each<[string, unknown, { data?: string[]; message?: string; tags?: string }]>([
    ['empty passes', '', { data: [] }],
    ['blanks pass', ' , 、', { data: [] }],
    ['distinct tags', 'a, b、c', { data: ['a', 'b', 'c'] }],
    ['duplicates after trimming', 'a, b,a ', { message: 'validation.duplicateTags', tags: 'a' }],
    ['duplicates across separators', 'ヨガ、ラン，ヨガ,ラン', { message: 'validation.duplicateTags', tags: 'ヨガ, ラン' }],
    ['missing', undefined, { message: 'validation.required' }],
    ['not a string', ['a'], { message: 'validation.invalidType' }],
  ])('%s', (_name, input, expected) => {
    const result = tagListSchema.safeParse(input);
    if (expected.data) {
      expect(result).toEqual({ success: true, data: expected.data });
    } else {
      expect(result.success).toBe(false);
      const issue = result.error?.issues[0] as { message: string; params?: { tags?: string } };
      expect(issue.message).toBe(expected.message);
      expect(issue.params?.tags).toBe(expected.tags);
    }
  });
});
