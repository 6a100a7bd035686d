// Surveys as the client sees them after JSON:API decoding (camelCase), and the error handling every survey screen shares.
import { HttpResponseError } from '../api/errors';
import type { WellBeingAverages, WellBeingScores } from '../domain/well-being';

export type SurveyOrganization = { id: string; name: string; identifier: string; archived: boolean };

export type Survey = {
  id: string;
  title: string;
  expiredAt: string;
  organizationId: number;
  open: boolean;
  answeredSummary: { answered: number; invited: number };
  /** null when the viewer is no member of the survey's organisation (an admin). */
  answeredByMe: boolean | null;
  lastRemindedAt: string | null;
  createdAt: string;
  organization: SurveyOrganization;
};

export type SurveyGroupResult = { id: number; name: string; answers: number | null; scores: WellBeingAverages | null };

export type SurveyResultResource = {
  id: string;
  ownScores: WellBeingScores | null;
  organizationAverage: WellBeingAverages;
  /** False while the survey is open: averages are published at the deadline. */
  published: boolean;
  answeredSummary: { answered: number; invited: number };
  anonymityThreshold: number;
  /** Managers and admins only. */
  groups: SurveyGroupResult[] | null;
  survey: Survey;
};

/** The failed organisations of a partly failed creation (422 survey.creationFailed), or null for any other error. */
export function failedOrganizationIds(error: unknown): number[] | null {
  if (!(error instanceof HttpResponseError) || error.errors[0]?.code !== 'survey.creationFailed') return null;
  const meta = (error.body as { meta?: { 'failed-organization-ids'?: unknown } } | undefined)?.meta;
  const ids = meta?.['failed-organization-ids'];
  return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
}

/**
 * What to tell the user about a failed call: the server's own text (translated by the Accept-Language the client sends,
 * with its figures filled in, such as the hours until the next reminder), else the translated code, else a generic failure.
 */
export function errorMessageOf(error: unknown, t: (key: string) => string): string {
  if (error instanceof HttpResponseError) {
    const [first] = error.errors;
    if (first?.detail && first.code) return first.detail;
    if (first?.code) return t(`errors:${first.code}`);
  }
  return t('errors:failed');
}

/** The survey pages' paths (portal routes of SPEC §2). */
export const surveyPaths = {
  list: (identifier: string) => `/org/${encodeURIComponent(identifier)}/well_being_surveys`,
  answer: (identifier: string, id: string | number) => `/org/${encodeURIComponent(identifier)}/well_being_surveys/${id}`,
  result: (identifier: string, id: string | number) => `/org/${encodeURIComponent(identifier)}/well_being_surveys/${id}/result`,
};

/** Scores keep at most one decimal in tables; `empty` stands for a hidden figure. */
export function formatScore(value: number | null | undefined, empty: string): string {
  return value === null || value === undefined ? empty : String(Math.round(value * 10) / 10);
}
