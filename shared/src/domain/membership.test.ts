import { describe, expect, it } from 'vitest';
import { isKiwiUserActive, isMembershipActive, membershipState, type MembershipPeriod } from './membership';

const now = new Date('2025-06-15T12:00:00Z');

describe('membershipState', () => {
  it.each<[string, MembershipPeriod, 'active' | 'pending' | 'expired']>([
    ['no dates', {}, 'active'],
    ['null dates', { activeFrom: null, activeTo: null }, 'active'],
    ['empty strings', { activeFrom: '', activeTo: '' }, 'active'],
    ['started, no end', { activeFrom: '2025-01-01T00:00:00Z' }, 'active'],
    ['start only, in the future', { activeFrom: '2025-07-01T00:00:00Z' }, 'pending'],
    ['end only, in the future', { activeTo: '2025-07-01T00:00:00Z' }, 'active'],
    ['end only, in the past', { activeTo: '2025-06-01T00:00:00Z' }, 'expired'],
    ['inside the period', { activeFrom: '2025-01-01T00:00:00Z', activeTo: '2025-12-31T00:00:00Z' }, 'active'],
    ['before the period', { activeFrom: '2025-07-01T00:00:00Z', activeTo: '2025-12-31T00:00:00Z' }, 'pending'],
    ['after the period', { activeFrom: '2025-01-01T00:00:00Z', activeTo: '2025-06-01T00:00:00Z' }, 'expired'],
    ['starts exactly now (inclusive)', { activeFrom: now.toISOString() }, 'active'],
    ['one ms before the start', { activeFrom: new Date(now.getTime() + 1) }, 'pending'],
    ['ends exactly now (exclusive)', { activeTo: now.toISOString() }, 'expired'],
    ['one ms before the end', { activeTo: new Date(now.getTime() + 1) }, 'active'],
    ['Date objects', { activeFrom: new Date('2025-01-01'), activeTo: new Date('2026-01-01') }, 'active'],
    ['time zone offsets', { activeFrom: '2025-06-15T21:00:00+09:00' }, 'active'],
    ['reversed period, now in neither', { activeFrom: '2025-07-01T00:00:00Z', activeTo: '2025-06-01T00:00:00Z' }, 'expired'],
  ])('%s -> %s', (_name, period, expected) => {
    expect(membershipState(period, now)).toBe(expected);
    expect(isMembershipActive(period, now)).toBe(expected === 'active');
  });

  it('rejects an unparsable date instead of guessing', () => {
    expect(() => membershipState({ activeTo: 'next month' }, now)).toThrow(RangeError);
  });
});

describe('isKiwiUserActive', () => {
  const active = { activeFrom: '2025-01-01T00:00:00Z' };
  const pending = { activeFrom: '2025-07-01T00:00:00Z' };
  const expired = { activeTo: '2025-06-01T00:00:00Z' };

  it.each<[string, { role: 'admin' | 'member'; organizationMembers: MembershipPeriod[] }, boolean]>([
    ['admin without membership', { role: 'admin', organizationMembers: [] }, true],
    ['admin with an expired membership', { role: 'admin', organizationMembers: [expired] }, true],
    ['member without membership', { role: 'member', organizationMembers: [] }, false],
    ['member, first membership active', { role: 'member', organizationMembers: [active] }, true],
    ['member, first pending', { role: 'member', organizationMembers: [pending] }, false],
    ['member, first expired', { role: 'member', organizationMembers: [expired] }, false],
    ['member, first expired but second active', { role: 'member', organizationMembers: [expired, active] }, false],
    ['member, first active and second expired', { role: 'member', organizationMembers: [active, expired] }, true],
  ])('%s -> %s', (_name, user, expected) => {
    expect(isKiwiUserActive(user, now)).toBe(expected);
  });
});
