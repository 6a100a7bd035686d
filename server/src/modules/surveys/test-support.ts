// Test worlds for the surveys module: surveys inserted directly, and a full set of answers.
import { WELL_BEING_QUESTION_IDS } from '@kiwi/shared/domain/well-being';
import type { DatabaseHandle } from '../../db/client';
import { wellBeingSurveys, type WellBeingSurveyRow } from '../../db/schema/surveys';

const DAY = 24 * 3600 * 1000;

export async function buildSurvey(
  { db }: { db: DatabaseHandle },
  organizationId: number,
  overrides: Partial<typeof wellBeingSurveys.$inferInsert> = {},
): Promise<WellBeingSurveyRow> {
  const [survey] = await db.db
    .insert(wellBeingSurveys)
    .values({ organizationId, title: 'Matrix survey', expiredAt: new Date(Date.now() + 14 * DAY), ...overrides })
    .returning();
  if (!survey) throw new Error('survey not inserted');
  return survey;
}

/** Every question answered `value` (or per question from `overrides`). */
export function fullAnswers(value = 7, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...Object.fromEntries(WELL_BEING_QUESTION_IDS.map((id) => [id, value])), ...overrides };
}

export const answerBody = (value = 7, overrides: Record<string, unknown> = {}) => ({
  well_being_survey_answer: { answers: fullAnswers(value, overrides) },
});

export const inDays = (days: number) => new Date(Date.now() + days * DAY);
