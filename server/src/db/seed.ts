import { count, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Identity } from '../auth/identity';
import type { DatabaseHandle, Executor } from './client';
import { type OrganizationMemberRole, organizationMembers, organizations } from './schema/organizations';
import { type UserRole, users } from './schema/users';

export const DEMO_PASSWORD = 'kiwi-demo-1234';

type DemoOrganization = { identifier: string; name: string; numberOfMembers: number; plan: string; serviceStartedAt: string };
export type DemoAccount = {
  uid: string;
  email: string;
  name: string;
  role: UserRole;
  language: 'ja' | 'en';
  membership?: { organization: string; role: OrganizationMemberRole; period?: 'pending' | 'expired' };
  /** What the account shows in the demo table. */
  description: string;
};

export const DEMO_ORGANIZATIONS: DemoOrganization[] = [
  { identifier: 'acme', name: 'ACME株式会社', numberOfMembers: 200, plan: 'business', serviceStartedAt: '2024-04-01' },
  { identifier: 'globex', name: 'Globex', numberOfMembers: 20, plan: 'business', serviceStartedAt: '2024-10-01' },
];

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { uid: 'demo-admin', email: 'admin@kiwi.example', name: 'Kiwi 管理者', role: 'admin', language: 'ja', description: 'platform admin' },
  {
    uid: 'demo-acme-manager',
    email: 'manager@acme.example',
    name: '山田 太郎',
    role: 'member',
    language: 'ja',
    membership: { organization: 'acme', role: 'manager' },
    description: 'acme manager',
  },
  {
    uid: 'demo-acme-member',
    email: 'member@acme.example',
    name: '佐藤 花子',
    role: 'member',
    language: 'ja',
    membership: { organization: 'acme', role: 'member' },
    description: 'acme member',
  },
  {
    uid: 'demo-acme-pending',
    email: 'pending@acme.example',
    name: '鈴木 一郎',
    role: 'member',
    language: 'ja',
    membership: { organization: 'acme', role: 'member', period: 'pending' },
    description: 'acme member, starts next month (refused)',
  },
  {
    uid: 'demo-acme-expired',
    email: 'expired@acme.example',
    name: '高橋 美咲',
    role: 'member',
    language: 'ja',
    membership: { organization: 'acme', role: 'member', period: 'expired' },
    description: 'acme member, ended last month (refused)',
  },
  {
    uid: 'demo-globex-manager',
    email: 'manager@globex.example',
    name: 'Grace Hopper',
    role: 'member',
    language: 'en',
    membership: { organization: 'globex', role: 'manager' },
    description: 'globex manager',
  },
  {
    uid: 'demo-globex-member',
    email: 'member@globex.example',
    name: 'Alan Turing',
    role: 'member',
    language: 'en',
    membership: { organization: 'globex', role: 'member' },
    description: 'globex member, mobile app installed',
  },
];

/** pending: from the first day of next month; expired: ended on the last day of last month (local time). */
export function demoPeriod(period: 'pending' | 'expired' | undefined, now: Date): { activeFrom: Date | null; activeTo: Date | null } {
  const year = now.getFullYear();
  const month = now.getMonth();
  if (period === 'pending') return { activeFrom: new Date(year, month + 1, 1), activeTo: null };
  if (period === 'expired') return { activeFrom: new Date(year, month - 3, 1), activeTo: new Date(year, month, 0) };
  return { activeFrom: null, activeTo: null };
}

/**
 * Inserts the demo organisations, users and memberships, the ground every feature's demo seed builds on (the whole
 * demo seed is composed above the features, in server/src/demo-seed.ts). Idempotent: rows that exist (by identifier,
 * firebase uid, user+organisation) are left as they are, so a second run changes nothing.
 */
/** The demo organisations with these identifiers that exist, by id and identifier (the seeds find their rows by them). */
export async function demoOrganizationIds(tx: Executor, identifiers: string[]): Promise<{ id: number; identifier: string }[]> {
  return tx
    .select({ id: organizations.id, identifier: organizations.identifier })
    .from(organizations)
    .where(inArray(organizations.identifier, identifiers));
}

export async function seedDemoAccounts(tx: Executor, now: Date): Promise<void> {
  await tx
    .insert(organizations)
    .values(DEMO_ORGANIZATIONS.map((org) => ({ ...org, planStartedAt: org.serviceStartedAt })))
    .onConflictDoNothing({ target: organizations.identifier });
  await tx
    .insert(users)
    .values(DEMO_ACCOUNTS.map(({ uid, email, name, role, language }) => ({ firebaseUid: uid, email, name, role, language })))
    .onConflictDoNothing({ target: users.firebaseUid });

  const orgRows = await demoOrganizationIds(
    tx,
    DEMO_ORGANIZATIONS.map((org) => org.identifier),
  );
  const userRows = await tx
    .select({ id: users.id, uid: users.firebaseUid })
    .from(users)
    .where(
      inArray(
        users.firebaseUid,
        DEMO_ACCOUNTS.map((account) => account.uid),
      ),
    );
  const orgId = new Map(orgRows.map((row) => [row.identifier, row.id]));
  const userId = new Map(userRows.map((row) => [row.uid, row.id]));

  const memberships = DEMO_ACCOUNTS.flatMap((account) => {
    const { membership } = account;
    const user = userId.get(account.uid);
    const organization = membership && orgId.get(membership.organization);
    if (!membership || user === undefined || organization === undefined) return [];
    return [{ userId: user, organizationId: organization, role: membership.role, ...demoPeriod(membership.period, now) }];
  });
  if (memberships.length > 0) {
    await tx
      .insert(organizationMembers)
      .values(memberships)
      .onConflictDoNothing({ target: [organizationMembers.userId, organizationMembers.organizationId] });
  }
}

/** Every start: the demo Firebase users exist with their fixed uid and password (repairs a wiped emulator). */
export async function ensureDemoIdentities(identity: Identity): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    await identity.ensureUser({ uid: account.uid, email: account.email, password: DEMO_PASSWORD, displayName: account.name });
  }
}

/**
 * Runs `seed` (in one transaction) only while the database has no users (a fresh install), then makes sure the demo
 * identities exist.
 */
export async function seedFreshDatabase({
  db,
  identity,
  logger,
  seed,
}: {
  db: DatabaseHandle;
  identity: Identity;
  logger?: Logger;
  seed: (tx: Executor) => Promise<void>;
}): Promise<{ seededDatabase: boolean }> {
  const seededDatabase = await db.db.transaction(async (tx) => {
    const [row] = await tx.select({ total: count() }).from(users);
    if ((row?.total ?? 0) > 0) return false;
    await seed(tx);
    return true;
  });
  if (seededDatabase) logger?.info('seeded the demo organisations and accounts');
  await ensureDemoIdentities(identity);
  return { seededDatabase };
}

export function demoAccountsTable(): string {
  const width = Math.max(...DEMO_ACCOUNTS.map((account) => account.email.length));
  const lines = DEMO_ACCOUNTS.map((account) => `  ${account.email.padEnd(width)}  ${account.description}`);
  return [`Demo accounts (password: ${DEMO_PASSWORD})`, ...lines].join('\n');
}
