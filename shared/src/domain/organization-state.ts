// Issue 20 part A: how the platform admin's dashboard sorts organisations.
export const ORGANIZATION_STATES = ['active', 'planEnded', 'archived'] as const;
export type OrganizationState = (typeof ORGANIZATION_STATES)[number];

export type OrganizationStateFacts = { archived: boolean; planEndedAt: string | null };

/**
 * Archived wins; otherwise the plan has ended once its last day (planEndedAt, a Japanese calendar date, included) is
 * before `today` (YYYY-MM-DD in Japan); otherwise active.
 */
export function organizationState({ archived, planEndedAt }: OrganizationStateFacts, today: string): OrganizationState {
  if (archived) return 'archived';
  if (planEndedAt !== null && planEndedAt < today) return 'planEnded';
  return 'active';
}
