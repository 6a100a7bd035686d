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

  it.each([
    { raw: '/org/acme/members?page=2', expected: '/org/acme/members?page=2' },
    { raw: 'https://evil.example/', expected: undefined },
    { raw: '//evil.example/', expected: undefined },
    { raw: '/\\evil.example/', expected: undefined },
    { raw: '/login?previousPath=/', expected: undefined },
    { raw: null, expected: undefined },
  ])('follows only paths inside the app: $raw', ({ raw, expected }) => {
    expect(safePreviousPath(raw)).toBe(expected);
  });
});
