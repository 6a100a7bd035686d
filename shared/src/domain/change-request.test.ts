import { describe, expect, it } from 'vitest';
import { changesToApply, type RequestedChange, seatsCoverMembers } from './change-request';

const none: RequestedChange = { requestedPlan: null, requestedNumberOfMembers: null, requestedUnlimitedSeats: false, requestedName: null };
const current = { name: 'Acme', plan: 'business', numberOfMembers: 50 };

describe('changesToApply', () => {
  it.each([
    ['nothing asked', none, {}],
    ['more seats', { ...none, requestedNumberOfMembers: 80 }, { numberOfMembers: 80 }],
    ['unlimited seats', { ...none, requestedUnlimitedSeats: true }, { numberOfMembers: null }],
    ['unlimited wins over a number', { ...none, requestedUnlimitedSeats: true, requestedNumberOfMembers: 80 }, { numberOfMembers: null }],
    ['the same seats', { ...none, requestedNumberOfMembers: 50 }, {}],
    ['plan only', { ...none, requestedPlan: 'consumer' }, { plan: 'consumer' }],
    ['the same plan', { ...none, requestedPlan: 'business' }, {}],
    ['name only', { ...none, requestedName: 'Acme Holdings' }, { name: 'Acme Holdings' }],
    [
      'everything',
      { requestedPlan: 'consumer', requestedNumberOfMembers: 10, requestedUnlimitedSeats: false, requestedName: 'New' },
      { plan: 'consumer', numberOfMembers: 10, name: 'New' },
    ],
  ] as const)('%s', (_name, request, expected) => {
    expect(changesToApply(request, current)).toEqual(expected);
  });

  it('asks for a number when the organisation has unlimited seats', () => {
    expect(changesToApply({ ...none, requestedNumberOfMembers: 30 }, { ...current, numberOfMembers: null })).toEqual({
      numberOfMembers: 30,
    });
    expect(changesToApply({ ...none, requestedUnlimitedSeats: true }, { ...current, numberOfMembers: null })).toEqual({});
  });
});

describe('seatsCoverMembers', () => {
  it.each([
    [null, 1000, true],
    [10, 9, true],
    [10, 10, true],
    [10, 11, false],
    [0, 0, true],
  ] as const)('%s seats for %i members -> %s', (seats, members, expected) => {
    expect(seatsCoverMembers(seats, members)).toBe(expected);
  });
});
