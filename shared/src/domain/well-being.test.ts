import { describe, expect, it } from 'vitest';
import ja from '../../../locales/ja/surveys.json' with { type: 'json' };
import en from '../../../locales/en/surveys.json' with { type: 'json' };
import {
  automaticReminderAt,
  averageScores,
  canSendReminder,
  groupsSafeToShow,
  isAnswerValue,
  isSurveyOpen,
  scoreAnswers,
  WELL_BEING_DIMENSIONS,
  WELL_BEING_QUESTION_IDS,
  WELL_BEING_QUESTIONS,
  type WellBeingAnswers,
  type WellBeingScores,
} from './well-being';

/** Every answer `value`, with `overrides` per question. */
function answers(value: number, overrides: Partial<Record<string, number>> = {}): WellBeingAnswers {
  return Object.fromEntries(WELL_BEING_QUESTION_IDS.map((id) => [id, overrides[id] ?? value])) as WellBeingAnswers;
}
const scores = (value: number): WellBeingScores =>
  Object.fromEntries(WELL_BEING_DIMENSIONS.map((dimension) => [dimension, value])) as WellBeingScores;

describe('the questionnaire', () => {
  it('has three statements for each of the five dimensions, with unique ids', () => {
    for (const dimension of WELL_BEING_DIMENSIONS) {
      expect(WELL_BEING_QUESTIONS.filter((question) => question.dimension === dimension)).toHaveLength(3);
    }
    expect(new Set(WELL_BEING_QUESTION_IDS).size).toBe(15);
  });

  it.each([
    ['ja', ja],
    ['en', en],
  ])('has a %s text for every statement', (_language, texts) => {
    for (const id of WELL_BEING_QUESTION_IDS) {
      const [dimension, statement] = id.split('.') as [string, string];
      const text = (texts.questions as Record<string, Record<string, string>>)[dimension]?.[statement];
      expect(text, id).toBeTruthy();
    }
  });
});

describe('scoreAnswers', () => {
  it.each<[string, WellBeingAnswers, Partial<WellBeingScores>]>([
    ['all lowest', answers(0), scores(0)],
    ['all highest', answers(10), scores(100)],
    ['all middle', answers(5), scores(50)],
    ['a mean of 7 is 70', answers(0, { 'physical.energy': 6, 'physical.sleep': 7, 'physical.health': 8 }), { physical: 70, career: 0 }],
    ['rounded to a whole number (23.3 -> 23)', answers(0, { 'career.enjoy': 7 }), { career: 23 }],
    ['rounded half up (66.67 -> 67)', answers(10, { 'community.pride': 0 }), { community: 67 }],
    ['one dimension does not move another', answers(3, { 'economically.enough': 10 }), { economically: 53, physical: 30 }],
  ])('%s', (_name, input, expected) => {
    expect(scoreAnswers(input)).toMatchObject(expected);
  });

  it.each<[string, Partial<Record<string, unknown>>]>([
    ['a missing answer', { 'physical.sleep': undefined }],
    ['above 10', { 'physical.sleep': 11 }],
    ['below 0', { 'career.growth': -1 }],
    ['not an integer', { 'community.safe': 4.5 }],
  ])('refuses %s', (_name, overrides) => {
    const input = { ...answers(5), ...overrides } as WellBeingAnswers;
    expect(() => scoreAnswers(input)).toThrow(RangeError);
  });
});

describe('isAnswerValue', () => {
  it.each<[unknown, boolean]>([
    [0, true],
    [10, true],
    [7, true],
    [-1, false],
    [11, false],
    [2.5, false],
    ['5', false],
    [null, false],
  ])('%s -> %s', (value, expected) => {
    expect(isAnswerValue(value)).toBe(expected);
  });
});

describe('averageScores', () => {
  it.each<[string, WellBeingScores[], number | null]>([
    ['nobody', [], null],
    ['four answers stay hidden', [scores(10), scores(20), scores(30), scores(40)], null],
    ['five answers are shown', [scores(10), scores(20), scores(30), scores(40), scores(50)], 30],
    ['one decimal', [scores(10), scores(10), scores(10), scores(11), scores(11), scores(11)], 10.5],
  ])('%s', (_name, input, expected) => {
    const result = averageScores(input);
    for (const dimension of WELL_BEING_DIMENSIONS) expect(result[dimension]).toBe(expected);
  });

  it('takes another threshold', () => {
    expect(averageScores([scores(40)], 1).career).toBe(40);
  });
});

describe('groupsSafeToShow', () => {
  const times = (count: number, groups: number[]) => Array.from({ length: count }, () => groups);

  it.each<[string, number[][], number[]]>([
    ['nothing below the threshold of answers', times(4, [1]), []],
    ['a group of 5 when all 5 answers are in it', times(5, [1]), [1]],
    ['no group of 4', [...times(4, [1]), ...times(6, [])], []],
    // 6 answers, 5 in the group: organisation minus group would be the sixth person.
    ['no group that leaves 1 answer outside it', [...times(5, [1]), [2]], []],
    ['a group that leaves 5 answers outside it', [...times(5, [1]), ...times(5, [])], [1]],
    // Group 2 holds group 1 and one more: group 2 minus group 1 is one person, so group 2 goes.
    ['no pair whose difference is one person', [...times(5, [1, 2]), [2], ...times(5, [])], [1]],
    ['two disjoint groups that cover everybody', [...times(5, [1]), ...times(6, [2])], [1, 2]],
    // Groups 1 and 2 of 5 and a 1-person rest: dropping one group merges the rest into a cell of 6.
    ['two disjoint groups and a rest of one', [...times(5, [1]), ...times(5, [2]), [3]], [2]],
    ['overlapping groups whose every cell holds 5', [...times(5, [1]), ...times(5, [1, 2]), ...times(5, [2])], [1, 2]],
  ])('shows %s', (_name, answerGroups, expected) => {
    expect([...groupsSafeToShow(answerGroups)].sort()).toEqual(expected);
  });

  it('never leaves a cell of 1 to 4 answers, whatever the memberships', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 200; round += 1) {
      const answerGroups = Array.from({ length: 5 + random(40) }, () => [1, 2, 3, 4].filter(() => random(3) === 0));
      const shown = groupsSafeToShow(answerGroups);
      const cells = new Map<string, number>();
      for (const ids of answerGroups) {
        const key = ids.filter((id) => shown.has(id)).join(',');
        cells.set(key, (cells.get(key) ?? 0) + 1);
      }
      for (const size of cells.values()) expect(size).toBeGreaterThanOrEqual(5);
    }
  });
});

describe('survey timing', () => {
  const deadline = new Date('2026-06-10T09:00:00Z');

  it.each<[string, string, boolean]>([
    ['before the deadline', '2026-06-10T08:59:59Z', true],
    ['at the deadline', '2026-06-10T09:00:00Z', false],
    ['after it', '2026-06-11T00:00:00Z', false],
  ])('open %s', (_name, now, expected) => {
    expect(isSurveyOpen({ expiredAt: deadline }, new Date(now))).toBe(expected);
  });

  it.each<[string, string, string | null]>([
    ['well ahead: 3 days before the deadline', '2026-06-01T00:00:00Z', '2026-06-07T09:00:00.000Z'],
    ['less than 3 days left: none', '2026-06-08T00:00:00Z', null],
    ['exactly 3 days left: none', '2026-06-07T09:00:00Z', null],
  ])('automatic reminder %s', (_name, now, expected) => {
    expect(automaticReminderAt(deadline, new Date(now))?.toISOString() ?? null).toBe(expected);
  });

  it.each<[string, string | null, string, boolean]>([
    ['never reminded', null, '2026-06-01T00:00:00Z', true],
    ['23 h 59 min after the last', '2026-06-01T00:00:00Z', '2026-06-01T23:59:00Z', false],
    ['24 h after the last', '2026-06-01T00:00:00Z', '2026-06-02T00:00:00Z', true],
  ])('reminder allowed: %s', (_name, last, now, expected) => {
    expect(canSendReminder(last, new Date(now))).toBe(expected);
  });
});
