import { describe, expect, it } from 'vitest';
import {
  ALL_SURVEYS,
  authorize,
  CHANGE_REQUEST_QUEUE,
  can,
  type EventSubject,
  type GuildSubject,
  PLATFORM,
  SYSTEM_SETTINGS,
  UNKNOWN_USER,
  type UserSubject,
} from './authorize';
import type { Session } from './session-cache';

const ACME = 1;
const GLOBEX = 2;

/** A session with the given platform role and memberships, first one first (only what the policies read). */
function session(role: 'admin' | 'member', memberships: [organizationId: number, role: 'manager' | 'member'][]): Session {
  return {
    user: { id: 1, role },
    memberships: memberships.map(([organizationId, memberRole], index) => ({
      id: index + 1,
      organizationId,
      role: memberRole,
      organization: { identifier: `org-${organizationId}` },
    })),
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

  // Issue 21.11: events, guilds and surveys decide their rights here too (their access helpers ask can()).
  const manager = session('member', [[ACME, 'manager']]);
  const member = session('member', [[ACME, 'member']]);
  const stranger = session('member', [[GLOBEX, 'manager']]);
  const admin = session('admin', []);
  const event = (publicRange: string, eventMember: EventSubject['eventMember'] = null): EventSubject => ({
    kind: 'event',
    organizationId: ACME,
    publicRange,
    eventMember,
  });
  const joined = (role: string) => ({ status: 'joined', role });

  it.each([
    ['event.view', member, event('public'), true],
    ['event.view', member, event('private'), false],
    ['event.view', member, event('private', { status: 'invited', role: 'member' }), true],
    ['event.view', manager, event('private'), true],
    ['event.view', stranger, event('public'), false],
    ['event.view', admin, event('private'), true],
    ['event.manage', member, event('public', joined('author')), true],
    ['event.manage', member, event('public', joined('manager')), true],
    ['event.manage', member, event('public', { status: 'invited', role: 'manager' }), false],
    ['event.manage', member, event('public', joined('member')), false],
    ['event.manage', manager, event('public'), true],
    ['event.manage', stranger, event('public'), false],
    ['event.manage', admin, event('public'), true],
    ['event.participate', member, event('public', joined('member')), true],
    ['event.participate', member, event('public', { status: 'invited', role: 'member' }), false],
    ['event.participate', manager, event('public'), false],
    ['event.participate', admin, event('public'), false],
  ] as const)('%s: case %#', (action, actor, subject, allowed) => {
    expect(can(actor, action, subject)).toBe(allowed);
  });

  const guild = (publicRange: string, membershipStatus: string | null = null, authorMemberId: number | null = 99): GuildSubject => ({
    kind: 'guild',
    organizationId: ACME,
    publicRange,
    authorMemberId,
    membershipStatus,
  });
  it.each([
    // [who, guild, see, read, manage]
    ['a member, public guild', member, guild('public'), true, true, false],
    ['a member, private guild', member, guild('private'), false, false, false],
    ['an invitee, private guild', member, guild('private', 'invited'), true, false, false],
    ['a joined member, private guild', member, guild('private', 'joined'), true, true, false],
    ['its author (member id 1)', member, guild('private', null, 1), true, true, true],
    ["the organisation's manager", manager, guild('private'), true, true, true],
    ["another organisation's manager", stranger, guild('public', 'joined'), false, false, false],
    ['an admin', admin, guild('private'), true, true, true],
  ] as const)('guilds: %s', (_who, actor, subject, see, read, manage) => {
    expect([can(actor, 'guild.see', subject), can(actor, 'guild.read', subject), can(actor, 'guild.manage', subject)]).toEqual([
      see,
      read,
      manage,
    ]);
  });

  it.each([
    // [who, view, answer, manage]
    ['a member', member, true, true, false],
    ['the manager', manager, true, true, true],
    ["another organisation's manager", stranger, false, false, false],
    ['an admin (answers only as a member)', admin, true, false, true],
  ] as const)('surveys: %s', (_who, actor, view, answer, manage) => {
    const survey = { kind: 'survey', organizationId: ACME } as const;
    expect([can(actor, 'survey.view', survey), can(actor, 'survey.answer', survey), can(actor, 'survey.manage', survey)]).toEqual([
      view,
      answer,
      manage,
    ]);
  });

  // Issue 21.11 (rest): the organisation guard, staff logging, sign-in policy, rates, reports, CSV import, surveys.
  const secondManager = session('member', [
    [GLOBEX, 'member'],
    [ACME, 'manager'],
  ]);
  const nobody = session('member', []);
  it.each([
    // [who, actor, open, edit]: by id and by route identifier alike
    ['its manager', manager, true, true],
    ['its member', member, true, false],
    ["another organisation's manager", stranger, false, false],
    ['its manager through a second membership only (the first counts)', secondManager, false, false],
    ['one without a membership', nobody, false, false],
    ['an admin', admin, true, true],
  ] as const)('organization.open/edit: %s', (_who, actor, open, edit) => {
    for (const key of [ACME, `org-${ACME}`]) {
      const subject = { kind: 'organizationKey', key } as const;
      expect([can(actor, 'organization.open', subject), can(actor, 'organization.edit', subject)]).toEqual([open, edit]);
      if (edit) expect(() => authorize(actor, 'organization.edit', subject)).not.toThrow();
      else expect(() => authorize(actor, 'organization.edit', subject)).toThrow(expect.objectContaining({ code: 'auth.forbidden' }));
    }
  });

  const adminWhoManages = session('admin', [[ACME, 'manager']]);
  const acme = { kind: 'organization', id: ACME } as const;
  it.each([
    // Admin only, whatever membership the actor holds.
    ['organization.changeContract', (actor: Session) => can(actor, 'organization.changeContract', acme)],
    ['platform.administer', (actor: Session) => can(actor, 'platform.administer', PLATFORM)],
    ['adminMembership.change', (actor: Session) => can(actor, 'adminMembership.change', acme)],
    ['signInPolicy.excludeOwnMethod', (actor: Session) => can(actor, 'signInPolicy.excludeOwnMethod', acme)],
    ['survey.viewAll', (actor: Session) => can(actor, 'survey.viewAll', ALL_SURVEYS)],
  ])('%s: admins only', (_action, allowed) => {
    expect([admin, adminWhoManages, manager, member, stranger, nobody].map(allowed)).toEqual([true, true, false, false, false, false]);
  });

  it.each([
    // [who, actor, activity.viewRates, walkingEvent.seeEveryTeam]
    ['its manager', manager, true, true],
    ['its member', member, false, false],
    ["another organisation's manager", stranger, false, false],
    ['its manager through a second membership only', secondManager, false, false],
    // Reporting is done as a member: an admin sees every team's board only as the organisation's manager.
    ['an admin', admin, true, false],
    ['an admin who manages it', adminWhoManages, true, true],
  ] as const)('activity.viewRates, walkingEvent.seeEveryTeam: %s', (_who, actor, rates, everyTeam) => {
    expect([can(actor, 'activity.viewRates', acme), can(actor, 'walkingEvent.seeEveryTeam', acme)]).toEqual([rates, everyTeam]);
  });
});
