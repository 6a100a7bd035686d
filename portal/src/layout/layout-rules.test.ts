import { describe, expect, it } from 'vitest';
import { acmeManager, acmeMember, admin } from '../test-users';
import { drawerVariant, isSidebarlessPath, isSideMenuVisible, labelWidthEms, logoHref } from './layout-rules';
import { memberMenu } from './menus';

describe('drawerVariant', () => {
  it.each([
    { path: '/_admin', expected: 'admin' },
    { path: '/_admin/users', expected: 'admin' },
    { path: '/org/acme', expected: 'organization' },
    { path: '/org/acme/members', expected: 'organization' },
    { path: '/', expected: 'member' },
    { path: '/events', expected: 'member' },
    { path: '/organizer', expected: 'member' },
  ])('$path -> $expected', ({ path, expected }) => {
    expect(drawerVariant(path)).toBe(expected);
  });
});

describe('isSidebarlessPath', () => {
  it.each([
    '/login',
    '/user/reset_password',
    '/user/invitation',
    '/user/confirmation',
    '/user/sign_up',
    '/user/cancellation',
    '/app_install',
    '/user/actions',
    '/org/acme/well_being_surveys/3',
    '/org/acme/well_being_surveys/3/result',
    '/events/5',
    '/events/5/edit',
    '/events/new',
    '/guilds/7',
    '/guilds/7/edit',
    '/guilds/new',
    '/shared_events/9',
  ])('%s has no sidebar', (path) => {
    expect(isSidebarlessPath(path)).toBe(true);
  });

  it.each(['/', '/events', '/guilds', '/org/acme', '/org/acme/well_being_surveys', '/_admin/users'])('%s has the sidebar', (path) => {
    expect(isSidebarlessPath(path)).toBe(false);
  });
});

describe('logoHref', () => {
  it.each([
    { variant: 'admin' as const, user: admin, expected: '/_admin' },
    { variant: 'organization' as const, user: acmeManager, expected: '/org/acme' },
    { variant: 'organization' as const, user: admin, expected: '/' },
    { variant: 'member' as const, user: acmeManager, expected: '/' },
  ])('$variant area -> $expected', ({ variant, user, expected }) => {
    expect(logoHref(variant, user)).toBe(expected);
  });
});

describe('isSideMenuVisible', () => {
  it.each([
    { who: 'nobody', user: null, path: '/', expected: false },
    { who: 'member', user: acmeMember, path: '/', expected: true },
    { who: 'member', user: acmeMember, path: '/_admin', expected: false },
    { who: 'admin', user: admin, path: '/_admin', expected: true },
    { who: 'manager', user: acmeManager, path: '/org/acme', expected: true },
    { who: 'manager', user: acmeManager, path: '/org/globex', expected: false },
    { who: 'member', user: acmeMember, path: '/org/acme', expected: false },
    { who: 'admin', user: admin, path: '/org/globex', expected: true },
  ])('$who on $path -> $expected', ({ user, path, expected }) => {
    expect(isSideMenuVisible(path, user)).toBe(expected);
  });
});

describe('memberMenu', () => {
  it('adds the organisation link for a manager only', () => {
    expect(memberMenu(acmeManager).map((item) => item.to)).toContain('/org/acme');
    expect(memberMenu(acmeMember).map((item) => item.to)).not.toContain('/org/acme');
    expect(memberMenu(acmeMember).map((item) => item.to)).toEqual([
      '/events',
      '/guilds',
      '/send_coins',
      '/rewards',
      '/quests',
      '/activity',
      '/org/acme/well_being_surveys',
      '/app_install',
      '/user/profile',
      '/user/mfa_setting',
    ]);
  });

  it("leads to the first membership's survey list, and has none for a user without a membership", () => {
    const surveys = memberMenu(acmeMember).find((item) => item.label === 'home:menu.wellBeingSurveys');
    expect(surveys?.to).toBe('/org/acme/well_being_surveys');
    expect(memberMenu(admin).map((item) => item.label)).not.toContain('home:menu.wellBeingSurveys');
  });

  it('offers rewards and quests to a member only (a platform admin without a membership has nothing to spend)', () => {
    expect(memberMenu(acmeMember).map((item) => item.to)).toEqual(expect.arrayContaining(['/rewards', '/quests']));
    expect(memberMenu(admin).map((item) => item.to)).not.toContain('/rewards');
    expect(memberMenu(admin).map((item) => item.to)).not.toContain('/quests');
  });
});

describe('labelWidthEms', () => {
  it.each([
    { label: 'Events', expected: 3.6 },
    { label: 'ダッシュボード（コミュニケーション）', expected: 18 },
    { label: 'KIWIコイン振替', expected: 7.4 },
    { label: '', expected: 1 },
  ])('$label takes about $expected em', ({ label, expected }) => {
    expect(labelWidthEms(label)).toBe(expected);
  });
});
