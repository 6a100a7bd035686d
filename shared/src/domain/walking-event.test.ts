import { describe, expect, it } from 'vitest';
import {
  addDays,
  competitionRanks,
  type DrawCandidate,
  drawTeams,
  tokyoDay,
  walkingEventDateViolations,
  walkingEventEditability,
  walkingEventStatus,
} from './walking-event';

// 2026-07-01 00:00 in Tokyo is 2026-06-30 15:00 UTC.
const JUST_BEFORE_TOKYO_MIDNIGHT = new Date('2026-06-30T14:59:59.999Z');
const TOKYO_MIDNIGHT = new Date('2026-06-30T15:00:00.000Z');

describe('tokyoDay', () => {
  it.each([
    ['2026-06-30T14:59:59.999Z', '2026-06-30'],
    ['2026-06-30T15:00:00.000Z', '2026-07-01'],
    ['2026-12-31T15:00:00+00:00', '2027-01-01'],
  ])('%s is %s in Tokyo', (instant, day) => expect(tokyoDay(instant)).toBe(day));
  it('adds days across months and years', () => {
    expect(addDays('2026-12-30', 2)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });
});

describe('walkingEventDateViolations (SPEC §5, Asia/Tokyo)', () => {
  const valid = { startedAt: '2026-07-02', endedAt: '2026-07-10', finalResultPublishedAt: '2026-07-12T00:00:00+09:00' };
  const rules = (dates: typeof valid, now: Date) => walkingEventDateViolations(dates, now, { startMustBeFuture: true }).map((v) => v.rule);

  it.each([
    // The start: the day before today, today, tomorrow (Tokyo), on either side of Tokyo's midnight.
    ['yesterday', '2026-06-29', JUST_BEFORE_TOKYO_MIDNIGHT, ['nextDayOrLater']],
    ['today', '2026-06-30', JUST_BEFORE_TOKYO_MIDNIGHT, ['nextDayOrLater']],
    ['tomorrow', '2026-07-01', JUST_BEFORE_TOKYO_MIDNIGHT, []],
    ['tomorrow turned today at Tokyo midnight', '2026-07-01', TOKYO_MIDNIGHT, ['nextDayOrLater']],
    ['the day after at Tokyo midnight', '2026-07-02', TOKYO_MIDNIGHT, []],
  ])('start %s', (_name, startedAt, now, expected) => {
    expect(rules({ ...valid, startedAt }, now)).toEqual(expected);
  });

  it.each([
    ['the day before the start', '2026-07-01', ['endAfterStart']],
    ['the start day', '2026-07-02', ['endAfterStart']],
    ['the day after the start', '2026-07-03', []],
  ])('end on %s', (_name, endedAt, expected) => {
    expect(rules({ ...valid, endedAt, finalResultPublishedAt: '2026-07-20T09:00:00+09:00' }, TOKYO_MIDNIGHT)).toEqual(expected);
  });

  it.each([
    // End 2026-07-10: the result may show from 2026-07-12 00:00 in Tokyo.
    ['one day after the end, last Tokyo minute', '2026-07-11T23:59:00+09:00', ['finalResultAfterEnd']],
    ['two days after, Tokyo midnight', '2026-07-12T00:00:00+09:00', []],
    ['two days after in Tokyo although the 11th in UTC', '2026-07-11T15:00:00Z', []],
    ['the 11th in Tokyo although written in UTC', '2026-07-11T14:59:00Z', ['finalResultAfterEnd']],
    ['three days after', '2026-07-13T09:00:00+09:00', []],
  ])('final result %s', (_name, finalResultPublishedAt, expected) => {
    expect(rules({ ...valid, finalResultPublishedAt }, TOKYO_MIDNIGHT)).toEqual(expected);
  });

  it('names every broken rule with its field, and leaves a past start alone when it need not be in the future', () => {
    const broken = { startedAt: '2026-06-01', endedAt: '2026-06-01', finalResultPublishedAt: '2026-06-02T00:00:00+09:00' };
    expect(walkingEventDateViolations(broken, TOKYO_MIDNIGHT, { startMustBeFuture: true })).toEqual([
      { field: 'started_at', rule: 'nextDayOrLater' },
      { field: 'ended_at', rule: 'endAfterStart' },
      { field: 'final_result_published_at', rule: 'finalResultAfterEnd' },
    ]);
    expect(walkingEventDateViolations(broken, TOKYO_MIDNIGHT, { startMustBeFuture: false }).map((v) => v.field)).not.toContain(
      'started_at',
    );
  });
});

describe('walkingEventEditability and status (SPEC §4)', () => {
  const event = { startedAt: '2026-07-01', endedAt: '2026-07-10', finalResultPublishedAt: '2026-07-12T18:00:00+09:00', finalizedAt: null };
  it.each([
    ['the day before the start', '2026-06-30T23:59:59+09:00', 'all', 'scheduled'],
    ['the start day', '2026-07-01T00:00:00+09:00', 'finalResultOnly', 'running'],
    ['the end day', '2026-07-10T23:59:59+09:00', 'finalResultOnly', 'running'],
    ['the day after the end', '2026-07-11T00:00:00+09:00', 'finalResultOnly', 'tallying'],
    ['the day before the final-result day', '2026-07-11T23:59:59+09:00', 'finalResultOnly', 'tallying'],
    ['the final-result day, before its time', '2026-07-12T00:00:00+09:00', 'none', 'tallying'],
    ['the day after the final-result day', '2026-07-13T09:00:00+09:00', 'none', 'tallying'],
  ])('%s', (_name, now, editable, status) => {
    expect(walkingEventEditability(event, new Date(now))).toBe(editable);
    expect(walkingEventStatus(event, new Date(now))).toBe(status);
  });
  it('is final once frozen', () => {
    expect(walkingEventStatus({ ...event, finalizedAt: '2026-07-12T09:00:00Z' }, new Date('2026-07-12T10:00:00Z'))).toBe('final');
  });
});

describe('competitionRanks', () => {
  it('shares the rank on ties and skips after them', () => {
    expect(competitionRanks([30, 20, 20, 10, 10, 10, 5], (v) => v)).toEqual([1, 2, 2, 4, 4, 4, 7]);
    expect(competitionRanks([], (v: number) => v)).toEqual([]);
  });
});

/** A seeded data set: 103 members with steps from a fixed pseudo-random sequence (3,000..14,999 a day over 28 days). */
function dataSet(size: number): DrawCandidate[] {
  let state = 12345;
  return Array.from({ length: size }, (_, index) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return { organizationMemberId: 1000 + index, steps: 28 * (3000 + (state % 12000)) };
  });
}

describe('drawTeams', () => {
  const members = dataSet(103);
  const average = (team: DrawCandidate[]) => team.reduce((sum, m) => sum + m.steps, 0) / team.length;

  for (const type of ['random', 'balanced'] as const) {
    it(`${type}: every member in exactly one team, sizes within one`, () => {
      const teams = drawTeams(members, { teamCount: 8, type, seed: 'seed-1' });
      expect(teams).toHaveLength(8);
      const placed = teams.flat().map((m) => m.organizationMemberId);
      expect(placed.sort()).toEqual(members.map((m) => m.organizationMemberId).sort());
      expect(new Set(placed).size).toBe(members.length);
      const sizes = teams.map((team) => team.length);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    });

    it(`${type}: same seed same teams (whatever the input order), another seed other teams`, () => {
      const ids = (seed: string, input = members) =>
        drawTeams(input, { teamCount: 8, type, seed }).map((team) => team.map((m) => m.organizationMemberId));
      expect(ids('seed-1', [...members].reverse())).toEqual(ids('seed-1'));
      if (type === 'random') expect(ids('seed-2')).not.toEqual(ids('seed-1'));
    });
  }

  it('balanced: the spread of the teams averages stays under 0.5% of the overall average (a plain draw: over 10%)', () => {
    const overall = average(members);
    const spread = (averages: number[]) => (Math.max(...averages) - Math.min(...averages)) / overall;
    for (const seed of ['seed-1', 'seed-2', 'seed-3']) {
      expect(spread(drawTeams(members, { teamCount: 8, type: 'balanced', seed }).map(average))).toBeLessThan(0.005);
      expect(spread(drawTeams(members, { teamCount: 8, type: 'random', seed }).map(average))).toBeGreaterThan(0.1);
    }
  });

  it('balanced: ties in steps are broken by the seed, not by id order', () => {
    const flat = Array.from({ length: 12 }, (_, index) => ({ organizationMemberId: index + 1, steps: 1000 }));
    const a = drawTeams(flat, { teamCount: 3, type: 'balanced', seed: 'a' }).map((team) => team.map((m) => m.organizationMemberId));
    const b = drawTeams(flat, { teamCount: 3, type: 'balanced', seed: 'b' }).map((team) => team.map((m) => m.organizationMemberId));
    expect(a).not.toEqual(b);
  });
});
