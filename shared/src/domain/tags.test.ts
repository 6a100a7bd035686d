import { describe, expect, it } from 'vitest';
import { findDuplicateTags, splitTags, tagListSchema } from './tags';

describe('splitTags', () => {
  it.each<[string, string, string[]]>([
    ['empty', '', []],
    ['only blanks and commas', ' , ,, ', []],
    ['one tag', 'running', ['running']],
    ['ASCII commas with spaces', 'running, yoga ,  walking', ['running', 'yoga', 'walking']],
    ['ideographic comma', 'ランニング、ヨガ', ['ランニング', 'ヨガ']],
    ['full-width comma', 'ランニング，ヨガ', ['ランニング', 'ヨガ']],
    ['mixed separators', 'a,b、c，d', ['a', 'b', 'c', 'd']],
    ['blank entries dropped', 'a,,b, ,c,', ['a', 'b', 'c']],
    ['full-width spaces trimmed', '\u3000初心者歓迎\u3000、無料', ['初心者歓迎', '無料']],
    ['spaces inside a tag kept', 'online OK, family welcome', ['online OK', 'family welcome']],
  ])('%s', (_name, input, expected) => {
    expect(splitTags(input)).toEqual(expected);
  });
});

describe('findDuplicateTags', () => {
  it.each<[string, string[], string[]]>([
    ['none', ['a', 'b'], []],
    ['empty list', [], []],
    ['one duplicate', ['a', 'b', 'a'], ['a']],
    ['listed once however often repeated', ['a', 'a', 'a'], ['a']],
    ['several, in first-seen order', ['b', 'a', 'b', 'a'], ['b', 'a']],
    ['case matters', ['Yoga', 'yoga'], []],
    ['composed and decomposed forms are the same tag', ['caf\u00e9', 'cafe\u0301'], ['caf\u00e9']],
  ])('%s', (_name, tags, expected) => {
    expect(findDuplicateTags(tags)).toEqual(expected);
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
