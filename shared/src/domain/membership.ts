export type MembershipPeriod = { activeFrom?: Date | string | null; activeTo?: Date | string | null };
export type MembershipState = 'active' | 'pending' | 'expired';

type KiwiUserLike = { role: 'admin' | 'member'; organizationMembers: MembershipPeriod[] };

function toTime(value: Date | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const time = (value instanceof Date ? value : new Date(value)).getTime();
  if (Number.isNaN(time)) throw new RangeError(`Invalid membership date: ${String(value)}`);
  return time;
}

// The period is half-open, [activeFrom, activeTo): active from the activeFrom instant itself, expired at the activeTo instant,
// so one period ending when the next begins never counts twice.
export function membershipState(member: MembershipPeriod, now: Date): MembershipState {
  const from = toTime(member.activeFrom);
  const to = toTime(member.activeTo);
  const at = now.getTime();
  if (to !== null && at >= to) return 'expired';
  if (from !== null && at < from) return 'pending';
  return 'active';
}

export function isMembershipActive(member: MembershipPeriod, now: Date): boolean {
  return membershipState(member, now) === 'active';
}

// A platform admin has no membership and is always active; anyone else is judged by the first membership only (spec §5).
export function isKiwiUserActive(user: KiwiUserLike, now: Date): boolean {
  if (user.role === 'admin') return true;
  const first = user.organizationMembers[0];
  return first !== undefined && isMembershipActive(first, now);
}
