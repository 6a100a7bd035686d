import { describe, expect, it } from 'vitest';
import { notificationPreferences, PUSH_KINDS, truncateToBytes } from './push';

const bytes = (text: string) => new TextEncoder().encode(text).length;

describe('notificationPreferences', () => {
  it.each([
    [null, true],
    [{}, true],
    [{ coin_message: false }, false],
    [{ coin_message: true }, true],
    [{ coin_message: 'no' }, true],
  ])('%j -> coin_message %s, the other kinds on', (stored, coinMessage) => {
    const preferences = notificationPreferences(stored);
    expect(preferences.coin_message).toBe(coinMessage);
    expect(Object.keys(preferences)).toEqual([...PUSH_KINDS]);
    for (const kind of PUSH_KINDS.filter((kind) => kind !== 'coin_message')) expect(preferences[kind]).toBe(true);
  });
});

describe('truncateToBytes', () => {
  it.each([
    ['short text stays', 'Thanks!', 20, 'Thanks!'],
    ['ASCII is cut with an ellipsis', 'abcdefghij', 8, 'abcde…'],
    ['Japanese is cut on a character', 'ありがとうございます', 12, 'ありが…'],
    ['a family emoji is kept whole or left out', 'ab👨‍👩‍👧‍👦cd', 20, 'ab…'],
    ['a family emoji that fits is kept', 'ab👨‍👩‍👧‍👦cdefgh', 30, 'ab👨‍👩‍👧‍👦…'],
    ['a flag is not split into two letters', '🇯🇵🇯🇵🇯🇵', 13, '🇯🇵…'],
    ['a letter keeps its marks', 'e\u0301e\u0301e\u0301', 7, 'e\u0301…'],
  ])('%s', (_name, text, max, expected) => {
    const cut = truncateToBytes(text, max);
    expect(cut).toBe(expected);
    expect(bytes(cut)).toBeLessThanOrEqual(max);
  });

  it('cuts a megabyte of text quickly and within the budget', () => {
    const huge = '😀'.repeat(500_000);
    const started = performance.now();
    const cut = truncateToBytes(huge, 2400);
    expect(performance.now() - started).toBeLessThan(200);
    expect(bytes(cut)).toBeLessThanOrEqual(2400);
    expect(bytes(cut)).toBeGreaterThan(2300);
  });
});
