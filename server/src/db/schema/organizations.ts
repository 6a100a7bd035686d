import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { cascadingReference, textList, timestamps } from './columns';
import { users } from './users';

export const ORGANIZATION_MEMBER_ROLES = ['manager', 'member'] as const;
export type OrganizationMemberRole = (typeof ORGANIZATION_MEMBER_ROLES)[number];
export const GROUP_FILTERS = ['and', 'or'] as const;

export const organizations = pgTable(
  'organizations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    identifier: text('identifier').notNull().unique(),
    icon: text('icon'),
    serviceStartedAt: date('service_started_at', { mode: 'string' }),
    /** null = unlimited seats */
    numberOfMembers: integer('number_of_members'),
    plan: text('plan').notNull().default('business'),
    planStartedAt: date('plan_started_at', { mode: 'string' }),
    planEndedAt: date('plan_ended_at', { mode: 'string' }),
    archived: boolean('archived').notNull().default(false),
    coinBalance: bigint('coin_balance', { mode: 'number' }).notNull().default(0),
    vineConnectEnabled: boolean('vine_connect_enabled').notNull().default(false),
    /** Members are asked to enrol a second factor (GET /organizations/:id?with_mfa_enabled=true answers it). */
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    /** Issue 16: how members may sign in (shared/domain/sign-in-policy.ts SIGN_IN_METHODS, at least one). */
    signInMethods: text('sign_in_methods').array().notNull().default(sql`'{password,google,microsoft,emailLink}'::text[]`),
    /** Issue 16: managers reach the manager routes only with a second factor in their sign-in. */
    mfaRequiredForManagers: boolean('mfa_required_for_managers').notNull().default(false),
    /** Issue 19: distinct reporters that hide a post until a manager decides (0 = never). */
    violationAutoHideThreshold: integer('violation_auto_hide_threshold').notNull().default(3),
    distributionGraphGroupFilter: text('distribution_graph_group_filter', { enum: GROUP_FILTERS }).notNull().default('and'),
    ...timestamps,
  },
  (t) => [
    check('organizations_coin_balance_check', sql`${t.coinBalance} >= 0`),
    check('organizations_number_of_members_check', sql`${t.numberOfMembers} is null or ${t.numberOfMembers} >= 0`),
    check(
      'organizations_sign_in_methods_check',
      sql`cardinality(${t.signInMethods}) >= 1 and ${t.signInMethods} <@ array['password', 'google', 'microsoft', 'emailLink']::text[]`,
    ),
    check('organizations_violation_auto_hide_threshold_check', sql`${t.violationAutoHideThreshold} between 0 and 100`),
    check('organizations_group_filter_check', sql`${t.distributionGraphGroupFilter} in ('and', 'or')`),
  ],
);

export const organizationMembers = pgTable(
  'organization_members',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: cascadingReference('user_id', () => users.id),
    organizationId: cascadingReference('organization_id', () => organizations.id),
    role: text('role', { enum: ORGANIZATION_MEMBER_ROLES }).notNull().default('member'),
    activeFrom: timestamp('active_from', { withTimezone: true }),
    activeTo: timestamp('active_to', { withTimezone: true }),
    nickname: text('nickname'),
    icon: text('icon'),
    belongings: textList('belongings'),
    occupations: textList('occupations'),
    appInstalled: boolean('app_installed').notNull().default(false),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    /** Moved only by the coin ledger (server/src/modules/coins/ledger.ts). */
    coinBalance: bigint('coin_balance', { mode: 'number' }).notNull().default(0),
    ...timestamps,
  },
  (t) => [
    unique('organization_members_user_id_organization_id_unique').on(t.userId, t.organizationId),
    index('organization_members_organization_id_index').on(t.organizationId),
    check('organization_members_role_check', sql`${t.role} in ('manager', 'member')`),
    check('organization_members_coin_balance_check', sql`${t.coinBalance} >= 0`),
  ],
);

export type OrganizationRow = typeof organizations.$inferSelect;
export type OrganizationMemberRow = typeof organizationMembers.$inferSelect;
