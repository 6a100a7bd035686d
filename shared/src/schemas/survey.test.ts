import { describe, expect, it } from 'vitest';
import { WELL_BEING_QUESTION_IDS } from '../domain/well-being';
import { AnswerSurveySchema, CreateSurveySchema, UpdateSurveySchema } from './survey';

const answers = (overrides: Record<string, unknown> = {}) => ({
  ...Object.fromEntries(WELL_BEING_QUESTION_IDS.map((id) => [id, 5])),
  ...overrides,
});
const firstIssue = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error ? { message: result.error.issues[0]?.message, path: result.error.issues[0]?.path.join('/') } : null;

describe('CreateSurveySchema', () => {
  const valid = { title: ' Autumn ', expired_at: '2030-06-30T23:59:00+09:00', organization_ids: [3, 1, 3] };

  it('trims the title, parses the deadline and drops repeated organisations', () => {
    const parsed = CreateSurveySchema.parse({ well_being_survey: valid });
    expect(parsed.well_being_survey).toEqual({ title: 'Autumn', expired_at: new Date('2030-06-30T14:59:00Z'), organization_ids: [3, 1] });
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['an empty organisation list', { organization_ids: [] }, 'survey.organizationsRequired', 'well_being_survey/organization_ids'],
    ['a zero id', { organization_ids: [0] }, 'validation.tooSmall', 'well_being_survey/organization_ids/0'],
    ['a deadline without an offset', { expired_at: '2030-06-30T23:59:00' }, 'validation.invalidFormat', 'well_being_survey/expired_at'],
    ['a missing title', { title: undefined }, 'validation.required', 'well_being_survey/title'],
    ['a title of 101 characters', { title: 'a'.repeat(101) }, 'validation.tooLong', 'well_being_survey/title'],
  ])('refuses %s', (_name, overrides, message, path) => {
    expect(firstIssue(CreateSurveySchema.safeParse({ well_being_survey: { ...valid, ...overrides } }))).toEqual({ message, path });
  });
});

describe('UpdateSurveySchema', () => {
  it('takes either field alone', () => {
    expect(UpdateSurveySchema.safeParse({ well_being_survey: { title: 'New' } }).success).toBe(true);
    expect(UpdateSurveySchema.safeParse({ well_being_survey: { expired_at: '2030-01-01T00:00:00Z' } }).success).toBe(true);
  });
});

describe('AnswerSurveySchema', () => {
  it('takes all fifteen answers from 0 to 10', () => {
    expect(
      AnswerSurveySchema.safeParse({ well_being_survey_answer: { answers: answers({ 'physical.energy': 0, 'career.growth': 10 }) } })
        .success,
    ).toBe(true);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a missing answer', { 'community.safe': undefined }, 'validation.required'],
    ['11', { 'community.safe': 11 }, 'validation.tooBig'],
    ['-1', { 'community.safe': -1 }, 'validation.tooSmall'],
    ['7.5', { 'community.safe': 7.5 }, 'validation.integer'],
    ['"7"', { 'community.safe': '7' }, 'validation.invalidType'],
  ])('refuses %s', (_name, overrides, message) => {
    const result = AnswerSurveySchema.safeParse({ well_being_survey_answer: { answers: answers(overrides) } });
    expect(firstIssue(result)).toEqual({ message, path: 'well_being_survey_answer/answers/community.safe' });
  });
});
