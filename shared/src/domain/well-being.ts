// The well-being questionnaire (the spec names the five scores but not the questions; docs/decisions.md has the
// design and its sources): three statements per dimension, each answered on a 0-10 agreement scale, and the rule
// that turns one member's answers into a 0-100 score per dimension.

export const WELL_BEING_DIMENSIONS = ['physical', 'relationship', 'career', 'community', 'economically'] as const;
export type WellBeingDimension = (typeof WELL_BEING_DIMENSIONS)[number];

/** The 0-10 scale of every statement: 0 = does not describe me at all, 10 = describes me completely. */
export const ANSWER_MIN = 0;
export const ANSWER_MAX = 10;

/** Results of fewer answers than this are not shown, so no individual can be singled out. */
export const ANONYMITY_THRESHOLD = 5;
/** The automatic reminder goes out this long before the deadline. */
export const REMINDER_LEAD_MS = 3 * 24 * 60 * 60 * 1000;
/** A survey is reminded at most once in this window (manual or automatic). */
export const REMINDER_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** Question ids are `<dimension>.<statement>`; their texts are `surveys:questions.<dimension>.<statement>`. */
export const WELL_BEING_QUESTIONS = [
  { id: 'physical.energy', dimension: 'physical' },
  { id: 'physical.sleep', dimension: 'physical' },
  { id: 'physical.health', dimension: 'physical' },
  { id: 'relationship.support', dimension: 'relationship' },
  { id: 'relationship.time', dimension: 'relationship' },
  { id: 'relationship.colleagues', dimension: 'relationship' },
  { id: 'career.enjoy', dimension: 'career' },
  { id: 'career.strengths', dimension: 'career' },
  { id: 'career.growth', dimension: 'career' },
  { id: 'community.safe', dimension: 'community' },
  { id: 'community.involved', dimension: 'community' },
  { id: 'community.pride', dimension: 'community' },
  { id: 'economically.enough', dimension: 'economically' },
  { id: 'economically.worry', dimension: 'economically' },
  { id: 'economically.future', dimension: 'economically' },
] as const satisfies readonly { id: `${WellBeingDimension}.${string}`; dimension: WellBeingDimension }[];

export type WellBeingQuestionId = (typeof WELL_BEING_QUESTIONS)[number]['id'];
export const WELL_BEING_QUESTION_IDS = WELL_BEING_QUESTIONS.map((question) => question.id) as WellBeingQuestionId[];

export type WellBeingAnswers = Record<WellBeingQuestionId, number>;
export type WellBeingScores = Record<WellBeingDimension, number>;
export type WellBeingAverages = Record<WellBeingDimension, number | null>;

export const isAnswerValue = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= ANSWER_MIN && value <= ANSWER_MAX;

/**
 * One member's score per dimension: the mean of that dimension's answers, stretched from 0-10 to 0-100 and rounded
 * to a whole number. Every statement is worded positively, so no answer is reversed. Throws on a missing or
 * out-of-range answer: callers validate first (the zod schema does).
 */
export function scoreAnswers(answers: WellBeingAnswers): WellBeingScores {
  const scores = {} as WellBeingScores;
  for (const dimension of WELL_BEING_DIMENSIONS) {
    const values = WELL_BEING_QUESTIONS.filter((question) => question.dimension === dimension).map((question) => {
      const value = answers[question.id];
      if (!isAnswerValue(value)) throw new RangeError(`answer ${question.id} must be an integer ${ANSWER_MIN}-${ANSWER_MAX}`);
      return value;
    });
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    scores[dimension] = Math.round((mean / ANSWER_MAX) * 100);
  }
  return scores;
}

/**
 * The average score per dimension of a set of members (one decimal), or null for every dimension when fewer than
 * `threshold` answered: a small group's average would reveal its members.
 */
export function averageScores(scores: readonly WellBeingScores[], threshold = ANONYMITY_THRESHOLD): WellBeingAverages {
  const totals = {} as WellBeingScores;
  for (const dimension of WELL_BEING_DIMENSIONS) totals[dimension] = scores.reduce((sum, score) => sum + score[dimension], 0);
  return averagesFromTotals(scores.length, totals, threshold);
}

/** The same from a count and the per-dimension sums (what an SQL aggregate gives). */
export function averagesFromTotals(count: number, totals: WellBeingScores, threshold = ANONYMITY_THRESHOLD): WellBeingAverages {
  const shown = count > 0 && count >= threshold;
  const averages = {} as WellBeingAverages;
  for (const dimension of WELL_BEING_DIMENSIONS) {
    averages[dimension] = shown ? Math.round((totals[dimension] / count) * 10) / 10 : null;
  }
  return averages;
}

/**
 * The groups whose averages may be shown beside the organisation's: `answerGroups` holds, for every answer of the
 * survey, the ids of the groups its member belongs to. A group needs `threshold` answers of its own, and the shown
 * groups together must not let anybody subtract their way to fewer than `threshold` people: every set of answerers
 * that the shown groups (and the organisation as a whole) tell apart — members of exactly the same shown groups — is
 * empty or holds at least `threshold` answers. Otherwise "organisation minus group" or "group A minus group B" would
 * reveal a single person. Groups are dropped, smallest first, until that holds.
 */
export function groupsSafeToShow(answerGroups: readonly (readonly number[])[], threshold = ANONYMITY_THRESHOLD): Set<number> {
  const shown = new Set<number>();
  if (answerGroups.length < threshold) return shown;
  const counts = new Map<number, number>();
  for (const ids of answerGroups) for (const id of new Set(ids)) counts.set(id, (counts.get(id) ?? 0) + 1);
  for (const [id, answers] of counts) if (answers >= threshold) shown.add(id);
  const smallestOf = (ids: Iterable<number>) => [...ids].sort((a, b) => (counts.get(a) ?? 0) - (counts.get(b) ?? 0) || a - b)[0];
  for (;;) {
    const cells = new Map<string, { size: number; groups: number[] }>();
    for (const ids of answerGroups) {
      const inShown = [...new Set(ids)].filter((id) => shown.has(id)).sort((a, b) => a - b);
      const key = inShown.join(',');
      const cell = cells.get(key) ?? { size: 0, groups: inShown };
      cell.size += 1;
      cells.set(key, cell);
    }
    const small = [...cells.values()].find((cell) => cell.size < threshold);
    if (!small) return shown;
    // Dropping one of the cell's groups merges it with its neighbour; a cell outside every shown group needs any one.
    const drop = smallestOf(small.groups.length > 0 ? small.groups : shown);
    if (drop === undefined) return shown;
    shown.delete(drop);
  }
}

/** Open from creation until the deadline (exclusive). */
export const isSurveyOpen = (survey: { expiredAt: Date | string }, now: Date) => now.getTime() < new Date(survey.expiredAt).getTime();

/** When the automatic reminder runs, or null when that moment is already past (the deadline is close). */
export function automaticReminderAt(expiredAt: Date, now: Date): Date | null {
  const at = new Date(expiredAt.getTime() - REMINDER_LEAD_MS);
  return at.getTime() > now.getTime() ? at : null;
}

/** The earliest moment the next reminder may go out after one sent at `lastRemindedAt`. */
export function nextReminderAllowedAt(lastRemindedAt: Date | string | null): Date | null {
  return lastRemindedAt === null ? null : new Date(new Date(lastRemindedAt).getTime() + REMINDER_INTERVAL_MS);
}

export function canSendReminder(lastRemindedAt: Date | string | null, now: Date): boolean {
  const allowedAt = nextReminderAllowedAt(lastRemindedAt);
  return allowedAt === null || now.getTime() >= allowedAt.getTime();
}
