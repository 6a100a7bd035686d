import { describe, expect, it } from 'vitest';
import { IdParamSchema, PaginationSchema } from './common';

describe('IdParamSchema', () => {
  it.each<[unknown, number]>([
    ['1', 1],
    ['42', 42],
    ['2147483647', 2147483647],
  ])('%j -> %d', (input, expected) => {
    expect(IdParamSchema.parse(input)).toBe(expected);
  });

  it.each<[string, unknown]>([
    ['zero', '0'],
    ['negative', '-1'],
    ['leading zero', '01'],
    ['decimal', '1.5'],
    ['exponent', '1e3'],
    ['hex', '0x10'],
    ['spaces', ' 1'],
    ['word', 'abc'],
    ['empty', ''],
    ['beyond int4', '2147483648'],
    ['huge', '99999999999999999999999'],
    ['a number, not a path string', 1],
    ['missing', undefined],
  ])('refuses %s with request.invalidParameter', (_name, input) => {
    const result = IdParamSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['request.invalidParameter']);
  });
});

describe('PaginationSchema', () => {
  it.each<[string, unknown, { page: number; per: number }]>([
    ['defaults', {}, { page: 1, per: 20 }],
    ['query strings', { page: '3', per: '50' }, { page: 3, per: 50 }],
    ['numbers', { page: 2, per: 5 }, { page: 2, per: 5 }],
    ['bounds', { page: '1', per: '100' }, { page: 1, per: 100 }],
    ['other query keys are left alone', { page: '2', q: { most_used: 'true' } }, { page: 2, per: 20 }],
  ])('%s', (_name, input, expected) => {
    expect(PaginationSchema.parse(input)).toEqual(expected);
  });

  it.each<[string, unknown, string]>([
    ['page 0', { page: '0' }, 'page'],
    ['negative page', { page: '-1' }, 'page'],
    ['page not a number', { page: 'last' }, 'page'],
    ['per 0', { per: '0' }, 'per'],
    ['per over 100', { per: '101' }, 'per'],
    ['decimal per', { per: '2.5' }, 'per'],
    ['decimal per as a number', { per: 2.5 }, 'per'],
    ['repeated parameter', { page: ['1', '2'] }, 'page'],
  ])('refuses %s', (_name, input, path) => {
    const result = PaginationSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([[path, 'request.invalidParameter']]);
  });
});
