import { describe, expect, it } from 'vitest';
import {
  EMBED_ORIGINS_MAX,
  EmbedOriginPayloadSchema,
  EmbedOriginSchema,
  EmbedOriginsPayloadSchema,
  normalizeOrigin,
} from './embed-origins';

describe('normalizeOrigin', () => {
  it.each([
    ['https://intranet.example.com', 'https://intranet.example.com'],
    ['  HTTPS://Intranet.Example.COM/  ', 'https://intranet.example.com'],
    ['http://localhost:8081', 'http://localhost:8081'],
    ['http://localhost:8081/', 'http://localhost:8081'],
    ['https://intranet.example.com:443', 'https://intranet.example.com'],
    ['http://intranet.example.com:80', 'http://intranet.example.com'],
    ['https://intranet.example.com:8443', 'https://intranet.example.com:8443'],
    ['http://127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
    ['https://bücher.example', 'https://xn--bcher-kva.example'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeOrigin(input)).toBe(expected);
  });

  it.each([
    '',
    'intranet.example.com',
    '//intranet.example.com',
    'ftp://intranet.example.com',
    'javascript:alert(1)',
    'null',
    'https://',
    'https://intranet.example.com/portal',
    'https://intranet.example.com//',
    'https://intranet.example.com?',
    'https://intranet.example.com/?a=1',
    'https://intranet.example.com#top',
    'https://user:pw@intranet.example.com',
    'https://user@intranet.example.com',
    'https://*.example.com',
    'https://intranet.example.com.',
    'https://in tranet.example.com',
    'https://-bad.example.com',
    'https://intranet.example.com:99999',
    'http://999.1.1.1',
    `https://${'a'.repeat(64)}.example.com`,
    `https://${'a.'.repeat(150)}com`,
  ])('refuses %j', (input) => {
    expect(normalizeOrigin(input)).toBeNull();
  });
});

describe('EmbedOriginsPayloadSchema', () => {
  const parse = (body: unknown) => EmbedOriginsPayloadSchema.safeParse(body);
  const issues = (body: unknown) => {
    const result = parse(body);
    return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('/'), issue.message]);
  };

  it('normalises, merges duplicates after normalising and keeps the order', () => {
    const result = parse({
      embed_origins: ['https://B.example/', 'http://localhost:8081', 'https://b.example:443', ' http://localhost:8081 '],
    });
    expect(result.success && result.data.embed_origins).toEqual(['https://b.example', 'http://localhost:8081']);
  });

  it('accepts an empty list (no page may embed the widgets)', () => {
    expect(parse({ embed_origins: [] }).success).toBe(true);
  });

  it('names each wrong entry by its index with a stable code', () => {
    expect(issues({ embed_origins: ['https://ok.example', 'https://bad.example/path', 7, ''] })).toEqual([
      ['embed_origins/1', 'validation.invalidOrigin'],
      ['embed_origins/2', 'validation.invalidType'],
      ['embed_origins/3', 'validation.required'],
    ]);
  });

  it(`refuses more than ${EMBED_ORIGINS_MAX} entries without judging each one`, () => {
    const many = Array.from({ length: 5000 }, () => 'not an origin');
    expect(issues({ embed_origins: many })).toEqual([['embed_origins', 'validation.tooManyItems']]);
    const twenty = Array.from({ length: EMBED_ORIGINS_MAX }, (_unused, index) => `https://host${index}.example`);
    expect(parse({ embed_origins: twenty }).success).toBe(true);
    expect(issues({ embed_origins: [...twenty, 'https://one-more.example'] })).toEqual([['embed_origins', 'validation.tooManyItems']]);
  });

  it('refuses a missing list, a wrong type and unknown keys', () => {
    expect(issues({})).toEqual([['embed_origins', 'validation.required']]);
    expect(issues({ embed_origins: 'https://a.example' })).toEqual([['embed_origins', 'validation.invalidType']]);
    expect(issues({ embed_origins: [], extra: 1 })).toEqual([['', 'validation.unknownKey']]);
  });

  it('validates one origin for a form field the same way', () => {
    expect(EmbedOriginSchema.safeParse('HTTP://LOCALHOST:8081/').data).toBe('http://localhost:8081');
    expect(EmbedOriginSchema.safeParse('https://a.example/x').error?.issues[0]?.message).toBe('validation.invalidOrigin');
  });
});

describe('EmbedOriginPayloadSchema (one origin to add)', () => {
  const issues = (body: unknown) => {
    const result = EmbedOriginPayloadSchema.safeParse(body);
    return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('/'), issue.message]);
  };

  it('normalises the origin as the list does', () => {
    expect(EmbedOriginPayloadSchema.safeParse({ embed_origin: ' HTTPS://Intranet.Example.com:443/ ' }).data).toEqual({
      embed_origin: 'https://intranet.example.com',
    });
  });

  it('refuses a wrong origin, a missing or empty one, another type, a list and unknown keys with stable codes', () => {
    expect(issues({ embed_origin: 'https://a.example/path' })).toEqual([['embed_origin', 'validation.invalidOrigin']]);
    expect(issues({})).toEqual([['embed_origin', 'validation.required']]);
    expect(issues({ embed_origin: '  ' })).toEqual([['embed_origin', 'validation.required']]);
    expect(issues({ embed_origin: 42 })).toEqual([['embed_origin', 'validation.invalidType']]);
    expect(issues({ embed_origin: ['https://a.example'] })).toEqual([['embed_origin', 'validation.invalidType']]);
    expect(issues({ embed_origin: 'https://a.example', embed_origins: [] })).toEqual([['', 'validation.unknownKey']]);
  });
});
