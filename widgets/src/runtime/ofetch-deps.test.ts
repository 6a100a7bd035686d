// The widgets' stand-ins for ofetch's two dependencies (vite.config.ts aliases `ufo` and `destr` to them) against the
// real packages: withBase and destr answer as ufo and destr do; withQuery is the API client's own.
import realDestr from 'destr';
import { withBase as realWithBase } from 'ufo';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withQuery as clientWithQuery } from '@kiwi/shared/api/query';
import destr from './ofetch-destr';
import { withBase, withQuery } from './ofetch-ufo';

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the widgets' ufo", () => {
  const bases = [
    undefined,
    '',
    '/',
    '/api',
    '/api/',
    'api',
    'https://kiwi.example.com/api',
    'https://kiwi.example.com/api/',
    'http://localhost:3000/api',
    'https://kiwi.example.com',
    '//',
  ];
  const inputs = [
    '',
    '/',
    '/events',
    'events',
    './events',
    '../events',
    '/events/1?include=tags',
    '?page=2',
    '#top',
    '/api',
    '/api/',
    '/api/events',
    '/api?x=1',
    '/apis/events',
    '/api-docs',
    'https://kiwi.example.com/api/events',
    'HTTPS://other.example/x',
    '//cdn.example.com/a.png',
    'mailto:someone@example.com',
    'data:text/plain,hi',
    ' /events',
    '/organizations/acme%20inc/events?q[name]=a%26b',
    'https://kiwi.example.com/api',
  ];

  it('puts a path under the base as ufo does, for every base and path', () => {
    for (const base of bases)
      for (const input of inputs)
        expect(withBase(input, base), `${JSON.stringify(input)} under ${JSON.stringify(base)}`).toBe(realWithBase(input, base as string));
  });

  it('appends a query as the API client does (Rails-style): the client never hands ofetch a query, it builds its own', () => {
    expect(withQuery).toBe(clientWithQuery);
    expect(withQuery('/api/events', { ids: [1, 2], q: { name: 'a&b' } })).toBe('/api/events?ids[]=1&ids[]=2&q[name]=a%26b');
  });
});

describe("the widgets' destr", () => {
  const texts = [
    '{"data":{"id":"1","type":"events","attributes":{"name":"花見"}}}',
    '[1,2,3]',
    '  {"a":1}  ',
    '\n[]\n',
    '"text"',
    '"a\\"b"',
    '"a"b"',
    '"',
    'true',
    ' TRUE ',
    'False',
    'null',
    'NULL',
    'undefined',
    'NaN',
    'Infinity',
    '-infinity',
    '0',
    '123',
    '-1.5e3',
    '1e400',
    '12345678901234567',
    '12345678901234567890',
    '0.123456789012345678',
    '1.',
    'hello',
    'hello world',
    '',
    ' ',
    '{bad json',
    '[1,2',
    '<html><body>Bad Gateway</body></html>',
    'true story',
    '{"__proto__":{"polluted":1},"a":1}',
    '{"a":{"__proto__":{"polluted":1},"b":2}}',
    '{"\\u005f_proto__":{"polluted":1},"a":1}',
    '{"constructor":{"prototype":{"polluted":1}},"a":1}',
    '{"constructor":"a name","a":1}',
    '{"constructor":{"name":"x"}}',
  ];

  it('answers every text as destr does, and never pollutes a prototype', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const text of texts) {
      const ours = destr(text);
      expect(ours, JSON.stringify(text)).toEqual(realDestr(text));
      if (ours && typeof ours === 'object')
        expect(Object.getPrototypeOf(ours), JSON.stringify(text)).toBe(Array.isArray(ours) ? Array.prototype : Object.prototype);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(destr('{"__proto__":{"polluted":1},"a":1}')).toEqual({ a: 1 });
    expect(destr('{"constructor":{"prototype":{"polluted":1}},"a":1}')).toEqual({ a: 1 });
  });

  it('leaves what is not a string as it is', () => {
    const blob = new Blob(['x']);
    for (const value of [42, null, undefined, true, { a: 1 }, [1], blob]) expect(destr(value)).toBe(realDestr(value));
  });
});
