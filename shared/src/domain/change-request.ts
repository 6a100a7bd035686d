// Issue 20 point 4: what an organisation change request asks for, and exactly what approving it writes.

/** The plans a manager may ask for (organizations.plan is free text the admin sets; these are the ones the rules know). */
export const REQUESTABLE_PLANS = ['business', 'consumer'] as const;
export type RequestablePlan = (typeof REQUESTABLE_PLANS)[number];

export const CHANGE_REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number];

/** A request as stored: a null field is "no change"; unlimited seats is its own flag (numberOfMembers null). */
export type RequestedChange = {
  requestedPlan: string | null;
  requestedNumberOfMembers: number | null;
  requestedUnlimitedSeats: boolean;
  requestedName: string | null;
};

/** The organisation's terms a request can change. `numberOfMembers` null = unlimited seats. */
export type OrganizationTerms = { name: string; plan: string; numberOfMembers: number | null };

/**
 * The fields approving `request` writes to an organisation now at `current`: only those the request names and whose
 * value differs, nothing else. Empty when the request asks for what the organisation already has.
 */
export function changesToApply(request: RequestedChange, current: OrganizationTerms): Partial<OrganizationTerms> {
  const changes: Partial<OrganizationTerms> = {};
  if (request.requestedName !== null && request.requestedName !== current.name) changes.name = request.requestedName;
  if (request.requestedPlan !== null && request.requestedPlan !== current.plan) changes.plan = request.requestedPlan;
  const seats = request.requestedUnlimitedSeats ? null : request.requestedNumberOfMembers;
  const asksSeats = request.requestedUnlimitedSeats || request.requestedNumberOfMembers !== null;
  if (asksSeats && seats !== current.numberOfMembers) changes.numberOfMembers = seats;
  return changes;
}

/** Whether `seats` (null = unlimited) leaves room for the members already holding one. */
export const seatsCoverMembers = (seats: number | null, membersInUse: number) => seats === null || seats >= membersInUse;
