import { describe, expect, it } from 'vitest';
import { acmeManager, acmeMember, admin } from '../test-users';
import { canAccessOrganization, landingPath, loginPath, safePreviousPath } from './access';

describe('canAccessOrganization', () => {
  it.each([
    { who: 'admin', user: admin, identifier: 'globex', managerOnly: true, expected: true },
    { who: 'manager of acme', user: acmeManager, identifier: 'acme', managerOnly: true, expected: true },
    { who: 'manager of acme', user: acmeManager, identifier: 'globex', managerOnly: true, expected: false },
    { who: 'member of acme', user: acmeMember, identifier: 'acme', managerOnly: true, expected: false },
    { who: 'member of acme', user: acmeMember, identifier: 'acme', managerOnly: false, expected: true },
    { who: 'member of acme', user: acmeMember, identifier: 'globex', managerOnly: false, expected: false },
    { who: 'nobody', user: null, identifier: 'acme', managerOnly: false, expected: false },
  ])('$who on $identifier (managerOnly $managerOnly) -> $expected', ({ user, identifier, managerOnly, expected }) => {
    expect(canAccessOrganization(user, identifier, { managerOnly })).toBe(expected);
  });

  it('is manager-only by default', () => {
    expect(canAccessOrganization(acmeMember, 'acme')).toBe(false);
  });
});

describe('landingPath', () => {
  it.each([
    { who: 'admin', user: admin, expected: '/_admin' },
    { who: 'manager', user: acmeManager, expected: '/org/acme' },
    { who: 'member', user: acmeMember, expected: '/' },
  ])('$who lands on $expected', ({ user, expected }) => {
    expect(landingPath(user)).toBe(expected);
  });
});

describe('previousPath', () => {
  it('carries the path and query in previousPath', () => {
    expect(loginPath('/org/acme/members?page=2')).toBe('/login?previousPath=%2Forg%2Facme%2Fmembers%3Fpage%3D2');
  });

  const ORIGIN = 'http://localhost:8090';

  it.each([
    { raw: '/org/acme/members?page=2', expected: '/org/acme/members?page=2' },
    { raw: '/events/3#messages', expected: '/events/3#messages' },
    { raw: '/org/acme/./members/../groups', expected: '/org/acme/groups' },
    { raw: '/events?next=//evil.example', expected: '/events?next=//evil.example' },
    // Encoded characters stay encoded: a path on this origin, however odd, is harmless.
    { raw: '/%2F%2Fevil.example', expected: '/%2F%2Fevil.example' },
    { raw: '/%09/evil.example', expected: '/%09/evil.example' },
    { raw: '/%5C%5Cevil.example', expected: '/%5C%5Cevil.example' },
  ])('follows a path inside the app: $raw -> $expected', ({ raw, expected }) => {
    expect(safePreviousPath(raw, ORIGIN)).toBe(expected);
  });

  it.each([
    { why: 'another origin', raw: 'https://evil.example/' },
    { why: 'another origin, no scheme', raw: '//evil.example/' },
    { why: 'a backslash the browser reads as a slash', raw: '/\\evil.example/' },
    { why: 'two backslashes', raw: '/\\\\evil.example/' },
    { why: 'a backslash first', raw: '\\\\evil.example/' },
    { why: 'a tab the browser strips ("//evil.example")', raw: '/\t/evil.example' },
    { why: 'a newline the browser strips', raw: '/\n/evil.example' },
    { why: 'a carriage return', raw: '/\r/evil.example' },
    { why: 'a tab and a backslash', raw: '/\t\\evil.example' },
    { why: 'a NUL', raw: '/events\u0000' },
    { why: 'DEL', raw: '/events\u007f' },
    { why: 'a dot segment that normalises to "//evil.example"', raw: '/.//evil.example' },
    { why: 'a parent segment that normalises to "//evil.example"', raw: '/x/..//evil.example' },
    { why: 'a script', raw: 'javascript:alert(1)' },
    { why: 'a script in mixed case', raw: 'JaVaScRiPt:alert(1)' },
    { why: 'a data URL', raw: 'data:text/html,<script>alert(1)</script>' },
    { why: 'a relative path', raw: 'evil.example' },
    { why: 'still percent-encoded (decoded once only)', raw: '%2F%2Fevil.example' },
    { why: 'the sign-in page itself', raw: '/login?previousPath=/' },
    { why: 'the sign-in page, normalised', raw: '/events/../login' },
    { why: 'empty', raw: '' },
    { why: 'missing', raw: null },
  ])('drops $why: $raw', ({ raw }) => {
    expect(safePreviousPath(raw, ORIGIN)).toBeUndefined();
  });

  it('the query parameter the browser decodes from "%2F%09%2Fevil.com" is dropped', () => {
    const raw = new URLSearchParams('previousPath=%2F%09%2Fevil.com').get('previousPath');
    expect(raw).toBe('/\t/evil.com');
    expect(safePreviousPath(raw, ORIGIN)).toBeUndefined();
  });
});
