// Members as the coin pages and Slack show them (name, icon, email, period), and the refusal of one not active.
import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { isMembershipActive } from '@kiwi/shared/domain/membership';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { organizationMembers } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import { ApiError } from '../../jsonapi/errors';
import { memberIcon, memberNickname } from '../members/display';

export type MemberCard = {
  organizationMemberId: number;
  userId: number;
  organizationId: number;
  name: string;
  nickname: string | null;
  icon: string | null;
  email: string;
  language: 'ja' | 'en';
  activeFrom: Date | null;
  activeTo: Date | null;
};

const memberColumns = {
  organizationMemberId: organizationMembers.id,
  userId: organizationMembers.userId,
  organizationId: organizationMembers.organizationId,
  name: users.name,
  nickname: memberNickname,
  icon: memberIcon,
  email: users.email,
  language: users.language,
  activeFrom: organizationMembers.activeFrom,
  activeTo: organizationMembers.activeTo,
};

/** Names, icons and periods of members (any organisation), by member id. */
export async function memberCards(tx: Executor, memberIds: number[]): Promise<Map<number, MemberCard>> {
  if (memberIds.length === 0) return new Map();
  const rows = await tx
    .select(memberColumns)
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(inArray(organizationMembers.id, [...new Set(memberIds)]));
  return new Map(rows.map((row) => [row.organizationMemberId, { ...row, language: row.language === 'en' ? 'en' : 'ja' }]));
}

/** The active member of an organisation whose account email is `email` (case-insensitive), for Slack. */
export async function memberByEmail(tx: Executor, organizationId: number, email: string, now: Date): Promise<MemberCard | null> {
  const rows = await tx
    .select(memberColumns)
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.organizationId, organizationId), sql`lower(${users.email}) = lower(${email})`));
  const found = rows.find((row) => isMembershipActive(row, now));
  return found ? { ...found, language: found.language === 'en' ? 'en' : 'ja' } : null;
}

export const recipientUnavailable = (pointer?: string) => new ApiError(ErrorCode.coinsRecipientUnavailable, pointer ? { pointer } : {});
