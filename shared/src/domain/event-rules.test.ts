import { describe, expect, it } from 'vitest';
import { type EventJoinState, eventScheduleProblems, eventStatusMessages, joinRefusal, maximumBelowJoined } from './event-rules';

const at = (iso: string) => new Date(iso);
const base: EventJoinState = {
  cancel: false,
  startedAt: at('2030-06-10T10:00:00Z'),
  endedAt: at('2030-06-10T12:00:00Z'),
  recruitmentDeadline: at('2030-06-09T00:00:00Z'),
  applyMaximum: 10,
  joinedCount: 3,
};
const before = at('2030-06-01T00:00:00Z');

describe('eventScheduleProblems', () => {
  const ok = { startedAt: base.startedAt, endedAt: base.endedAt, recruitmentDeadline: null, applyMinimum: null, applyMaximum: null };
  it.each([
    ['a valid event', ok, []],
    ['end equal to start', { ...ok, endedAt: ok.startedAt }, [{ field: 'ended_at', code: 'validation.endAfterStart' }]],
    ['end before start', { ...ok, endedAt: at('2030-06-10T09:00:00Z') }, [{ field: 'ended_at', code: 'validation.endAfterStart' }]],
    [
      'deadline after start',
      { ...ok, recruitmentDeadline: at('2030-06-10T10:00:01Z') },
      [{ field: 'recruitment_deadline', code: 'event.deadlineAfterStart' }],
    ],
    ['deadline at the start', { ...ok, recruitmentDeadline: ok.startedAt }, []],
    ['minimum above maximum', { ...ok, applyMinimum: 5, applyMaximum: 4 }, [{ field: 'apply_minimum', code: 'event.minimumAboveMaximum' }]],
    ['minimum equal to maximum', { ...ok, applyMinimum: 4, applyMaximum: 4 }, []],
  ])('%s', (_name, schedule, expected) => {
    expect(eventScheduleProblems(schedule)).toEqual(expected);
  });
});

describe('maximumBelowJoined', () => {
  it.each([
    [null, 5, false],
    [5, 5, false],
    [4, 5, true],
  ])('max %s with %s joined -> %s', (max, joined, expected) => {
    expect(maximumBelowJoined(max, joined)).toBe(expected);
  });
});

describe('joinRefusal', () => {
  it.each([
    ['open', base, before, null],
    ['cancelled', { ...base, cancel: true }, before, 'cancelled'],
    ['finished', base, at('2030-06-10T12:00:00Z'), 'finished'],
    ['after the deadline', base, at('2030-06-09T00:00:01Z'), 'registrationClosed'],
    ['after the start without a deadline', { ...base, recruitmentDeadline: null }, at('2030-06-10T10:30:00Z'), 'registrationClosed'],
    ['full', { ...base, joinedCount: 10 }, before, 'full'],
    ['no maximum', { ...base, applyMaximum: null, joinedCount: 1000 }, before, null],
  ] as const)('%s', (_name, event, now, expected) => {
    expect(joinRefusal(event, now)).toBe(expected);
  });
});

describe('eventStatusMessages', () => {
  const member = { organizationMember: true, role: null, status: null } as const;
  it.each([
    ['nothing to say', base, member, before, []],
    ['cancelled by organiser', { ...base, cancel: true }, member, before, ['cancelled']],
    ['finished', base, member, at('2030-06-11T00:00:00Z'), ['finished']],
    ['full, not joined', { ...base, joinedCount: 10 }, member, before, ['full']],
    ['full, joined: nothing', { ...base, joinedCount: 10 }, { ...member, role: 'member', status: 'joined' }, before, []],
    ['deadline passed', base, member, at('2030-06-09T12:00:00Z'), ['registrationClosed']],
    ['invited as member', base, { ...member, role: 'member', status: 'invited' }, before, ['invitedAsMember']],
    ['invited as co-host', base, { ...member, role: 'manager', status: 'invited' }, before, ['invitedAsCoHost']],
    ['not a member', base, { organizationMember: false, role: null, status: null }, before, ['notMember']],
  ] as const)('%s', (_name, event, viewer, now, expected) => {
    expect(eventStatusMessages(event, viewer, now)).toEqual(expected);
  });
});
