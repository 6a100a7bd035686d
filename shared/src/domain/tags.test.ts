import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/create-i18n';
import { eventTagLabel, PRESET_EVENT_TAGS } from './event-rules';
import { findDuplicateTags, splitTags, storedEventTags } from './tags';

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

describe('preset event tags', () => {
  const labels = [
    { free: '無料', onlineOk: 'オンラインOK' },
    { free: 'Free', onlineOk: 'Online OK' },
  ];

  it('stores a preset written in any language, any case or width, as its key; other tags as typed, once each', () => {
    expect(storedEventTags(['無料', 'ONLINE ok', '散歩'], labels)).toEqual(['preset:free', 'preset:onlineOk', '散歩']);
    expect(storedEventTags(['オンラインＯＫ', 'free', 'Free', '無料', 'preset:free'], labels)).toEqual(['preset:onlineOk', 'preset:free']);
    expect(storedEventTags([], labels)).toEqual([]);
  });

  it("shows a stored key in the reader's language and any other tag as typed", () => {
    const ja = createI18n({ lng: 'ja' }).t;
    const en = createI18n({ lng: 'en' }).t;
    expect(eventTagLabel('preset:beginnersWelcome', ja)).toBe('初心者歓迎');
    expect(eventTagLabel('preset:beginnersWelcome', en)).toBe('Beginners welcome');
    expect(eventTagLabel('散歩', en)).toBe('散歩');
    // Every preset has a label in both languages, so none is ever shown as its bare key.
    expect(eventTagLabel('free', en)).toBe('free');
    for (const key of PRESET_EVENT_TAGS) {
      expect(eventTagLabel(`preset:${key}`, ja)).not.toMatch(/preset|Tags/);
      expect(eventTagLabel(`preset:${key}`, en)).not.toMatch(/preset|Tags/);
    }
  });
});
