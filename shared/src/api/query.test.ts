import { describe, expect, it } from 'vitest';
import { serializeQuery, withQuery, type QueryParams } from './query';

describe('serializeQuery', () => {
  it.each<[string, QueryParams, string]>([
    ['empty', {}, ''],
    ['scalars', { page: 2, per: 5, active: true }, 'page=2&per=5&active=true'],
    ['array', { ids: [1, 2] }, 'ids[]=1&ids[]=2'],
    ['empty array', { ids: [] }, ''],
    ['hash', { q: { most_used: true } }, 'q[most_used]=true'],
    ['guild tags call of §7', { q: { most_used: true }, per: 5 }, 'q[most_used]=true&per=5'],
    ['nested hash', { q: { name: { cont: 'yo' } } }, 'q[name][cont]=yo'],
    ['array inside a hash', { q: { id_in: [3, 4] } }, 'q[id_in][]=3&q[id_in][]=4'],
    ['hashes inside an array', { items: [{ a: 1 }, { a: 2 }] }, 'items[][a]=1&items[][a]=2'],
    ['null and undefined left out', { a: null, b: undefined, c: 0, d: false }, 'c=0&d=false'],
    ['empty string kept', { nickname: '' }, 'nickname='],
    ['values encoded', { nickname: 'a&b=c d', tag: '初心者' }, `nickname=a%26b%3Dc%20d&tag=${encodeURIComponent('初心者')}`],
    ['names encoded', { 'a b': 1, q: { 'x&y': 2 } }, 'a%20b=1&q[x%26y]=2'],
    ['dates as ISO strings', { from: new Date('2025-04-01T00:00:00Z') }, 'from=2025-04-01T00%3A00%3A00.000Z'],
  ])('%s', (_name, params, expected) => {
    expect(serializeQuery(params)).toBe(expected);
  });

  it('round-trips through a Rack-style parser reading of the brackets', () => {
    const query = new URLSearchParams(serializeQuery({ ids: [1, 2], q: { most_used: true } }));
    expect(query.getAll('ids[]')).toEqual(['1', '2']);
    expect(query.get('q[most_used]')).toBe('true');
  });
});

describe('withQuery', () => {
  it.each<[string, string, QueryParams | undefined, string]>([
    ['no query', '/users', undefined, '/users'],
    ['empty query', '/users', { a: undefined }, '/users'],
    ['adds ?', '/users', { page: 1 }, '/users?page=1'],
    [
      'adds & after an existing query',
      '/organizations/1?with_mfa_enabled=true',
      { page: 1 },
      '/organizations/1?with_mfa_enabled=true&page=1',
    ],
  ])('%s', (_name, path, params, expected) => {
    expect(withQuery(path, params)).toBe(expected);
  });
});
