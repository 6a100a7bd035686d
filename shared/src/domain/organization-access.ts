export type OrganizationRole = 'manager' | 'member';

export type AccessSubject<M extends { role: OrganizationRole }> = {
  role: 'admin' | 'member';
  /** The user's FIRST organisation membership: only it counts (spec §6). */
  firstMembership: M | undefined;
};

/**
 * Spec §6, the organisation guard: admin passes; anyone else only when the first membership's organisation is the
 * current one and, when manager-only is on (the default; lifted on survey paths), the role there is manager.
 * `isCurrentOrganization` says whether a membership belongs to the organisation of the route (by id or identifier).
 */
export function canAccessOrganization<M extends { role: OrganizationRole }>(
  subject: AccessSubject<M>,
  isCurrentOrganization: (membership: M) => boolean,
  { managerOnly = true }: { managerOnly?: boolean } = {},
): boolean {
  if (subject.role === 'admin') return true;
  const membership = subject.firstMembership;
  if (!membership || !isCurrentOrganization(membership)) return false;
  return !managerOnly || membership.role === 'manager';
}
