// Issue 20 point 2: the platform admin's users list (GET /api/users), with memberships, last sign-in, MFA and app.
import type { AdminUserSort, AdminUserState } from '@kiwi/shared/schemas/admin-users';
import { membershipState, type MembershipState } from '@kiwi/shared/domain/membership';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Identity } from '../../auth/identity';
import type { Executor } from '../../db/client';
import { invitationTokens } from '../../db/schema/invitations';
import { organizationMembers, organizations } from '../../db/schema/organizations';
import { userDevices, users } from '../../db/schema/users';
import { PENDING_UID_PREFIX } from '../members/csv-import';
import { likePattern } from '../organizations/like-pattern';

export type AdminUserFilter = { keyword?: string; organizationId?: number; role?: 'admin' | 'member'; state?: AdminUserState };

export type AdminUserMembership = {
  id: number;
  userId: number;
  role: 'manager' | 'member';
  activeFrom: Date | null;
  activeTo: Date | null;
  state: MembershipState;
  appInstalled: boolean;
  organization: { id: number; name: string; identifier: string };
};

export type AdminUserView = {
  id: number;
  firebaseUid: string;
  name: string;
  email: string;
  role: 'admin' | 'member';
  state: AdminUserState;
  invitationPending: boolean;
  lastSignedInAt: Date | null;
  signInDisabledAt: Date | null;
  createdAt: Date;
  /** Any second factor enrolled at the identity provider; null when it could not be asked (or no identity yet). */
  mfaEnrolled: boolean | null;
  /** The mobile app synced for one of the memberships (organization_members.app_installed) or registered a device. */
  appInstalled: boolean;
  memberships: AdminUserMembership[];
};

const invitationPending = sql<boolean>`(exists (select 1 from ${invitationTokens} where ${invitationTokens.userId} = ${users.id})
  and not exists (select 1 from ${invitationTokens} where ${invitationTokens.userId} = ${users.id} and ${invitationTokens.usedAt} is not null))`;

/** Each user's first membership (spec §5: it decides), joined laterally: one index lookup per user. */
function firstMembershipOf(tx: Executor) {
  return tx
    .select({ id: organizationMembers.id, activeFrom: organizationMembers.activeFrom, activeTo: organizationMembers.activeTo })
    .from(organizationMembers)
    .where(eq(organizationMembers.userId, users.id))
    .orderBy(asc(organizationMembers.id))
    .limit(1)
    .as('first_membership');
}
type FirstMembership = ReturnType<typeof firstMembershipOf>;

/** The state as ADMIN_USER_STATES defines it, the first that applies. */
function stateSql(first: FirstMembership, now: Date): SQL<AdminUserState> {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql<AdminUserState>`case
    when ${users.signInDisabledAt} is not null then 'disabled'
    when ${invitationPending} then 'invited'
    when ${users.role} = 'admin' then 'active'
    when ${first.id} is null then 'expired'
    when ${first.activeTo} is not null and ${first.activeTo} <= ${at} then 'expired'
    when ${first.activeFrom} is not null and ${first.activeFrom} > ${at} then 'pending'
    else 'active' end`;
}

const SORT_COLUMNS = { id: users.id, name: users.name, email: users.email, last_signed_in_at: users.lastSignedInAt } as const;

function orderBy(sort: AdminUserSort): SQL[] {
  const descending = sort.startsWith('-');
  const column = SORT_COLUMNS[sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS];
  if (column === users.id) return [descending ? desc(users.id) : asc(users.id)];
  // Never-signed-in users last either way; ties by id so pages never overlap.
  return [sql`${column} ${descending ? sql`desc` : sql`asc`} nulls last`, asc(users.id)];
}

function conditions(filter: AdminUserFilter, state: SQL<AdminUserState>): SQL | undefined {
  const parts: SQL[] = [];
  const keyword = filter.keyword?.trim();
  if (keyword) {
    const pattern = likePattern(keyword);
    parts.push(or(ilike(users.name, pattern), ilike(users.email, pattern)) as SQL);
  }
  if (filter.organizationId !== undefined) {
    parts.push(
      sql`exists (select 1 from ${organizationMembers} where ${organizationMembers.userId} = ${users.id} and ${organizationMembers.organizationId} = ${filter.organizationId})`,
    );
  }
  if (filter.role) parts.push(eq(users.role, filter.role));
  if (filter.state) parts.push(sql`${state} = ${filter.state}`);
  return parts.length === 0 ? undefined : (and(...parts) as SQL);
}

export async function listAdminUsers(
  tx: Executor,
  { filter, sort, page, per, now }: { filter: AdminUserFilter; sort: AdminUserSort; page: number; per: number; now: Date },
): Promise<{ rows: Omit<AdminUserView, 'mfaEnrolled'>[]; total: number }> {
  const first = firstMembershipOf(tx);
  const state = stateSql(first, now);
  const where = conditions(filter, state);
  const rows = await tx
    .select({
      id: users.id,
      firebaseUid: users.firebaseUid,
      name: users.name,
      email: users.email,
      role: users.role,
      state,
      invitationPending,
      lastSignedInAt: users.lastSignedInAt,
      signInDisabledAt: users.signInDisabledAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoinLateral(first, sql`true`)
    .where(where)
    .orderBy(...orderBy(sort))
    .limit(per)
    .offset((page - 1) * per);
  // The count joins the first membership only when the state filter needs it.
  const counted = tx.select({ value: count() }).from(users).$dynamic();
  const [total] = await (filter.state ? counted.leftJoinLateral(first, sql`true`) : counted).where(where);
  const ids = rows.map((row) => row.id);
  const memberships =
    ids.length === 0
      ? []
      : await tx
          .select({
            id: organizationMembers.id,
            userId: organizationMembers.userId,
            role: organizationMembers.role,
            activeFrom: organizationMembers.activeFrom,
            activeTo: organizationMembers.activeTo,
            appInstalled: organizationMembers.appInstalled,
            organization: { id: organizations.id, name: organizations.name, identifier: organizations.identifier },
          })
          .from(organizationMembers)
          .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
          .where(inArray(organizationMembers.userId, ids))
          .orderBy(asc(organizationMembers.id));
  const appDevices =
    ids.length === 0
      ? []
      : await tx
          .selectDistinct({ userId: userDevices.userId })
          .from(userDevices)
          .where(and(inArray(userDevices.userId, ids), eq(userDevices.platform, 'app')));
  const withDevice = new Set(appDevices.map((device) => device.userId));
  const byUser = new Map<number, AdminUserMembership[]>();
  for (const membership of memberships) {
    const list = byUser.get(membership.userId) ?? [];
    list.push({ ...membership, state: membershipState(membership, now) });
    byUser.set(membership.userId, list);
  }
  return {
    rows: rows.map((row) => {
      const own = byUser.get(row.id) ?? [];
      return {
        ...row,
        invitationPending: Boolean(row.invitationPending),
        appInstalled: withDevice.has(row.id) || own.some((membership) => membership.appInstalled),
        memberships: own,
      };
    }),
    total: total?.value ?? 0,
  };
}

/** Whether each uid has a second factor, in one identity call per page (at most 100 uids); null when unknown. */
export async function mfaEnrolment(identity: Identity, uids: string[], logger?: Logger): Promise<Map<string, boolean | null>> {
  const known = new Map<string, boolean | null>(uids.map((uid) => [uid, null]));
  const real = uids.filter((uid) => !uid.startsWith(PENDING_UID_PREFIX));
  if (real.length === 0) return known;
  try {
    const result = await identity.auth.getUsers(real.map((uid) => ({ uid })));
    for (const record of result.users) known.set(record.uid, (record.multiFactor?.enrolledFactors.length ?? 0) > 0);
  } catch (error) {
    logger?.warn({ err: error }, 'could not read the second factors of listed users');
  }
  return known;
}
