import { describe, expect, it } from 'vitest';
import { findDuplicateTags, splitTags } from './tags';

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
