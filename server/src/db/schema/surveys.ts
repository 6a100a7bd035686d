import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { cascadingReference, timestamps } from './columns';
import { organizationMembers, organizations } from './organizations';
import { users } from './users';

/** One well-being survey of one organisation (an admin's creation for many organisations makes one row each). */
export const wellBeingSurveys = pgTable(
  'well_being_surveys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: cascadingReference('organization_id', () => organizations.id),
    title: text('title').notNull(),
    expiredAt: timestamp('expired_at', { withTimezone: true }).notNull(),
    /** The last reminder, manual or automatic: the next one waits 24 hours. */
    lastRemindedAt: timestamp('last_reminded_at', { withTimezone: true }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('well_being_surveys_organization_id_expired_at_index').on(t.organizationId, t.expiredAt)],
);

const score = (name: string) => integer(name).notNull();

/** One member's answers to one survey, with the five 0-100 scores computed when stored. */
export const wellBeingSurveyAnswers = pgTable(
  'well_being_survey_answers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    surveyId: cascadingReference('survey_id', () => wellBeingSurveys.id),
    organizationMemberId: cascadingReference('organization_member_id', () => organizationMembers.id),
    /** `{ "physical.energy": 7, ... }`: every question of shared/domain/well-being.ts, 0-10. */
    answers: jsonb('answers').$type<Record<string, number>>().notNull(),
    physical: score('physical'),
    relationship: score('relationship'),
    career: score('career'),
    community: score('community'),
    economically: score('economically'),
    /**
     * The groups the member belonged to when answering, ancestors included (a member of "Sales > East" counts for
     * "Sales"): results by group use this snapshot, so moving people between groups later cannot isolate an answer.
     */
    groupIds: integer('group_ids').array().notNull().default(sql`'{}'::integer[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One answer per member, even when two submits race: the second insert conflicts.
    unique('well_being_survey_answers_survey_id_organization_member_id_unique').on(t.surveyId, t.organizationMemberId),
    index('well_being_survey_answers_organization_member_id_index').on(t.organizationMemberId),
    check(
      'well_being_survey_answers_scores_check',
      sql`${t.physical} between 0 and 100 and ${t.relationship} between 0 and 100 and ${t.career} between 0 and 100 and ${t.community} between 0 and 100 and ${t.economically} between 0 and 100`,
    ),
  ],
);

export type WellBeingSurveyRow = typeof wellBeingSurveys.$inferSelect;
export type WellBeingSurveyAnswerRow = typeof wellBeingSurveyAnswers.$inferSelect;
