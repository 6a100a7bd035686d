import { afterEach, describe, expect, it, vi } from 'vitest';
import { countGraphemes, MAX_CLUSTER_CODE_POINTS, textProblem, truncateLongClusters, UTF16_UNITS_PER_GRAPHEME } from './graphemes';

const FAMILY = '👨‍👩‍👧‍👦';
const SKIN_TONED_COUPLE = '👩🏻‍❤️‍💋‍👨🏿';
const SCOTLAND = '🏴󠁧󠁢󠁳󠁣󠁴󠁿';
const mark = '\u0301';
/** A letter with `marks` combining acute accents: one cluster of marks + 1 code points. */
const stacked = (marks: number) => `a${mark.repeat(marks)}`;
const segmentSpy = () => vi.spyOn(Intl.Segmenter.prototype, 'segment');

afterEach(() => {
  vi.restoreAllMocks();
});

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
    ['skin-toned ZWJ couple', SKIN_TONED_COUPLE, 1],
    ['subdivision flag', SCOTLAND, 1],
    ['Devanagari conjuncts', 'नमस्ते', 3],
    ['Devanagari with a virama chain', 'क्षत्रिय', 3],
    ['Thai with vowel and tone marks', 'สวัสดี', 4],
    ['Thai sara am', 'น้ำ', 1],
    ['Hangul jamo', '\u1100\u1161\u11A8', 1],
  ])('%s', (_name, text, expected) => {
    expect(countGraphemes(text)).toBe(expected);
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
    ['at the minimum', 'ab', { min: 2 }, null],
    ['emoji counted as one against min', '🇯🇵', { min: 2 }, { code: 'validation.tooShort', params: { count: 2 } }],
    ['no limits', 'anything', {}, null],
    ['families count as one each', FAMILY.repeat(3), { max: 3 }, null],
    ['skin-toned ZWJ sequences and subdivision flags', `${SKIN_TONED_COUPLE}${SCOTLAND}`, { min: 1, max: 2 }, null],
    ['Devanagari and Thai clusters', 'नमस्ते สวัสดี', { max: 8 }, null],
    ['a cluster at the bound', stacked(MAX_CLUSTER_CODE_POINTS - 1), { max: 1 }, null],
    ['a cluster one code point over the bound', stacked(MAX_CLUSTER_CODE_POINTS), { max: 30 }, { code: 'validation.clusterTooLong' }],
    ['32 marks after a line break (a cluster of 32)', `\n${mark.repeat(MAX_CLUSTER_CODE_POINTS)}`, { max: 30 }, null],
    ['an astral letter and 32 marks', `😀${mark.repeat(MAX_CLUSTER_CODE_POINTS)}`, { max: 30 }, { code: 'validation.clusterTooLong' }],
    ['32 marks at the start (a cluster of 32)', mark.repeat(MAX_CLUSTER_CODE_POINTS), { max: 30 }, null],
    ['33 marks at the start', mark.repeat(MAX_CLUSTER_CODE_POINTS + 1), { max: 30 }, { code: 'validation.clusterTooLong' }],
    [
      'runs within the bound after line breaks, then one over it',
      `\n${mark.repeat(32)}\n${mark.repeat(32)}x${mark.repeat(32)}`,
      { max: 30 },
      { code: 'validation.clusterTooLong' },
    ],
    ['a ZWJ chain of 40 pictographs', '😀\u200D'.repeat(40), { max: 30 }, { code: 'validation.clusterTooLong' }],
  ])('%s', (_name, text, limits, expected) => {
    expect(textProblem(text, limits)).toEqual(expected);
  });
});

describe('countGraphemes over long text (segmented in windows)', () => {
  const platformCount = (text: string) => [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].length;
  // Window edges fall inside surrogate pairs, ZWJ sequences, flag pairs, CRLF and conjuncts somewhere in these.
  it.each<[string, string]>([
    ['families', FAMILY.repeat(97)],
    ['flags after an odd letter', `x${'🇯🇵'.repeat(301)}`],
    ['Devanagari', 'नमस्ते'.repeat(211)],
    ['Thai', 'สวัสดี'.repeat(233)],
    ['CRLF', '\r\n'.repeat(513)],
    ['skin tones and tags', `${SKIN_TONED_COUPLE}${SCOTLAND}`.repeat(61)],
    ['one cluster wider than a window', `${stacked(1000)}b${stacked(600)}`],
  ])('%s: the same count as segmenting the whole text at once', (_name, text) => {
    expect(countGraphemes(text)).toBe(platformCount(text));
  });
});

describe('the work is bounded before segmenting', () => {
  it('refuses a field over max × 64 UTF-16 units as too long without segmenting it', () => {
    const spy = segmentSpy();
    const text = '😀'.repeat(125_000);
    expect(textProblem(text, { max: 30 })).toEqual({ code: 'validation.tooLong', params: { count: 30 } });
    expect(spy).not.toHaveBeenCalled();
  });

  it('refuses a 33-code-point cluster, and one of 100,000 marks, without segmenting', () => {
    const spy = segmentSpy();
    expect(textProblem(stacked(MAX_CLUSTER_CODE_POINTS), { max: 30 })).toEqual({ code: 'validation.clusterTooLong' });
    expect(textProblem(`名前${stacked(100_000)}`, { max: 2000 })).toEqual({ code: 'validation.clusterTooLong' });
    expect(spy).not.toHaveBeenCalled();
  });

  it('keeps every text of max clusters within the bound: the factor is the longest cluster in UTF-16 units', () => {
    const longestAstralCluster = `😀${'\u{E0061}'.repeat(MAX_CLUSTER_CODE_POINTS - 1)}`;
    expect(longestAstralCluster.length).toBe(UTF16_UNITS_PER_GRAPHEME);
    expect(textProblem(longestAstralCluster.repeat(3), { max: 3 })).toBeNull();
  });

  it('stops counting one cluster past the maximum', () => {
    const spy = segmentSpy();
    expect(textProblem('a'.repeat(1900), { max: 30 })).toEqual({ code: 'validation.tooLong', params: { count: 30 } });
    // One window of 256 units holds the 31st cluster: the rest of the text is never segmented.
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('stops at a cluster filling a whole window: it is over the bound already', () => {
    const spy = segmentSpy();
    expect(textProblem('😀\u200D'.repeat(2_000), { max: 2_000 })).toEqual({ code: 'validation.clusterTooLong' });
    expect(spy).toHaveBeenCalledTimes(1);
  });
});

describe('truncateLongClusters', () => {
  it.each<[string, string, string]>([
    ['plain text', 'Kiwi こんにちは', 'Kiwi こんにちは'],
    ['emoji, flags and conjuncts', `${FAMILY}${SCOTLAND}नमस्ते`.repeat(10), `${FAMILY}${SCOTLAND}नमस्ते`.repeat(10)],
    ['a cluster at the bound', stacked(31), stacked(31)],
    ['100,000 marks cut to the bound', `before ${stacked(100_000)} after`, `before ${stacked(31)} after`],
    ['two long clusters', `${stacked(40)}x${stacked(50)}`, `${stacked(31)}x${stacked(31)}`],
    ['a ZWJ chain cut on a code point', `${'😀\u200D'.repeat(20)}!`, `${'😀\u200D'.repeat(16)}!`],
  ])('%s', (_name, text, expected) => {
    expect(truncateLongClusters(text)).toBe(expected);
  });

  it('answers plain text without segmenting it', () => {
    const spy = segmentSpy();
    const text = 'Kiwi は健康経営のためのサービスです。'.repeat(500);
    expect(truncateLongClusters(text)).toBe(text);
    expect(spy).not.toHaveBeenCalled();
  });
});
