import { describe, expect, it } from 'vitest';
import { formatJoinCode, generateJoinCode, isConsumerPlan, JOIN_CODE_ALPHABET, normalizeJoinCode } from './join-code';

describe('normalizeJoinCode', () => {
  it.each([
    ['K7QM-4XRT-9HCP', 'K7QM4XRT9HCP'],
    ['k7qm 4xrt 9hcp', 'K7QM4XRT9HCP'],
    ['  K7QM4XRT9HCP  ', 'K7QM4XRT9HCP'],
    ['Ｋ７ＱＭ－４ＸＲＴ－９ＨＣＰ', 'K7QM4XRT9HCP'],
    ['o0i1-l1A2-B3C4', '00111' + '1A2B3C4'],
    ['K7QM—4XRT—9HCP', 'K7QM4XRT9HCP'],
  ])('reads %j as %j', (typed, code) => {
    expect(normalizeJoinCode(typed)).toBe(code);
  });

  it.each([
    ['', 'empty'],
    ['K7QM-4XRT-9HC', 'one short'],
    ['K7QM-4XRT-9HCPP', 'one long'],
    ['K7QM-4XRT-9HCU', 'U is not in the alphabet'],
    ['K7QM-4XRT-9HC!', 'punctuation'],
    ['K'.repeat(41), 'longer than any typing of a code'],
    ['K7QM\u00004XRT9HCP', 'a NUL'],
  ])('refuses %j (%s)', (typed) => {
    expect(normalizeJoinCode(typed)).toBeNull();
  });
});

describe('generateJoinCode', () => {
  it('makes 12 characters of the alphabet, which format and read back unchanged', () => {
    for (let run = 0; run < 50; run += 1) {
      const code = generateJoinCode();
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
      expect(normalizeJoinCode(formatJoinCode(code))).toBe(code);
      expect(normalizeJoinCode(formatJoinCode(code).toLowerCase())).toBe(code);
    }
  });

  it('maps each byte onto the alphabet without bias (byte mod 32)', () => {
    const code = generateJoinCode((bytes) => bytes.map((_, index) => index * 32 + 31));
    expect(code).toBe(JOIN_CODE_ALPHABET[31]!.repeat(12));
    expect(generateJoinCode((bytes) => bytes.map((_, index) => index))).toBe('0123456789AB');
  });

  it('groups by four for reading aloud', () => {
    expect(formatJoinCode('K7QM4XRT9HCP')).toBe('K7QM-4XRT-9HCP');
  });
});

describe('isConsumerPlan', () => {
  it.each([
    ['consumer', true],
    [' Consumer ', true],
    ['CONSUMER', true],
    ['business', false],
    ['consumers', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%j -> %s', (plan, expected) => {
    expect(isConsumerPlan(plan)).toBe(expected);
  });
});
