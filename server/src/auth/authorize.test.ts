import { describe, expect, it } from 'vitest';
import { authorize, CHANGE_REQUEST_QUEUE, can, SYSTEM_SETTINGS, UNKNOWN_USER, type UserSubject } from './authorize';
import type { Session } from './session-cache';

const ACME = 1;
const GLOBEX = 2;

/** A session with the given platform role and memberships, first one first (only what the policies read). */
function session(role: 'admin' | 'member', memberships: [organizationId: number, role: 'manager' | 'member'][]): Session {
  return {
    user: { id: 1, role },
    memberships: memberships.map(([organizationId, memberRole], index) => ({ id: index + 1, organizationId, role: memberRole })),
  } as unknown as Session;
}
const user = (organizationIds: number[], role = 'member'): UserSubject => ({ kind: 'user', role, organizationIds });

describe('authorize', () => {
  it.each([
    ['an admin, anyone', session('admin', []), user([ACME]), true],
    ['an admin, an unknown id', session('admin', []), UNKNOWN_USER, true],
    ["the manager of the user's organisation", session('member', [[ACME, 'manager']]), user([ACME]), true],
    ['the manager of one of the user’s organisations', session('member', [[GLOBEX, 'manager']]), user([ACME, GLOBEX]), true],
    ['a member of the same organisation', session('member', [[ACME, 'member']]), user([ACME]), false],
    ["another organisation's manager", session('member', [[GLOBEX, 'manager']]), user([ACME]), false],
    [
      'a manager through a second membership only (the first counts)',
      session('member', [
        [GLOBEX, 'member'],
        [ACME, 'manager'],
      ]),
      user([ACME]),
      false,
    ],
    ["the organisation's manager, of an admin user", session('member', [[ACME, 'manager']]), user([ACME], 'admin'), false],
    ['a manager, of an unknown id', session('member', [[ACME, 'manager']]), UNKNOWN_USER, false],
  ])('user.administer: %s -> %s', (_who, actor, subject, allowed) => {
    expect(can(actor, 'user.administer', subject)).toBe(allowed);
    if (allowed) expect(() => authorize(actor, 'user.administer', subject)).not.toThrow();
    else
      expect(() => authorize(actor, 'user.administer', subject)).toThrow(expect.objectContaining({ code: 'auth.forbidden', status: 403 }));
  });

  it.each([
    ['its manager', session('member', [[ACME, 'manager']]), true],
    ['its member', session('member', [[ACME, 'member']]), false],
    ["another organisation's manager", session('member', [[GLOBEX, 'manager']]), false],
    ['an admin', session('admin', []), true],
  ])('organization.manage: %s -> %s', (_who, actor, allowed) => {
    expect(can(actor, 'organization.manage', { kind: 'organization', id: ACME })).toBe(allowed);
  });

  it.each([
    ['an admin', session('admin', []), true],
    ['an admin who is also a member', session('admin', [[ACME, 'member']]), true],
    ['a manager', session('member', [[ACME, 'manager']]), false],
    ['a member', session('member', [[ACME, 'member']]), false],
  ])('systemSettings.manage: %s -> %s', (_who, actor, allowed) => {
    expect(can(actor, 'systemSettings.manage', SYSTEM_SETTINGS)).toBe(allowed);
  });

  it.each([
    ['the user themself', session('member', [[ACME, 'member']]), 1, true],
    ['another member of the same organisation', session('member', [[ACME, 'member']]), 2, false],
    ["the user's manager", session('member', [[ACME, 'manager']]), 2, false],
    ['an admin', session('admin', []), 2, true],
  ])('user.editProfile: %s -> %s', (_who, actor, userId, allowed) => {
    expect(can(actor, 'user.editProfile', { kind: 'profile', userId })).toBe(allowed);
  });

  it.each([
    ['the user themself', session('member', [[ACME, 'member']]), 1, true],
    ['the user themself, an admin', session('admin', []), 1, true],
    ['another member', session('member', [[ACME, 'member']]), 2, false],
    ["the user's manager", session('member', [[ACME, 'manager']]), 2, false],
    // A device is bound to the person who sent it: not even an admin acts on someone else's.
    ['an admin, of someone else', session('admin', []), 2, false],
  ])('user.devices: %s -> %s', (_who, actor, userId, allowed) => {
    expect(can(actor, 'user.devices', { kind: 'devices', userId })).toBe(allowed);
  });

  it.each([
    ['its manager', session('member', [[ACME, 'manager']]), true],
    ['its member', session('member', [[ACME, 'member']]), false],
    ["another organisation's manager", session('member', [[GLOBEX, 'manager']]), false],
    // An admin changes the organisation directly; only one who is its manager asks.
    ['an admin', session('admin', []), false],
    ['an admin who manages it', session('admin', [[ACME, 'manager']]), true],
  ])('changeRequest.ask: %s -> %s', (_who, actor, allowed) => {
    expect(can(actor, 'changeRequest.ask', { kind: 'organization', id: ACME })).toBe(allowed);
  });

  it.each([
    ['an admin', session('admin', []), true],
    ['a manager', session('member', [[ACME, 'manager']]), false],
  ])('changeRequest.decide: %s -> %s', (_who, actor, allowed) => {
    expect(can(actor, 'changeRequest.decide', CHANGE_REQUEST_QUEUE)).toBe(allowed);
  });
});
