import { type AnyPgColumn, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { cascadingReference, timestamps } from './columns';
import { organizationMembers, organizations } from './organizations';

export const groups = pgTable(
  'groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: cascadingReference('organization_id', () => organizations.id),
    name: text('name').notNull(),
    /** Hierarchy ("a > b > c" in CSV import): a child points at its parent in the same organisation. */
    parentId: integer('parent_id').references((): AnyPgColumn => groups.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [index('groups_organization_id_index').on(t.organizationId), index('groups_parent_id_index').on(t.parentId)],
);

export const groupMemberships = pgTable(
  'group_memberships',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: cascadingReference('group_id', () => groups.id),
    organizationMemberId: cascadingReference('organization_member_id', () => organizationMembers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('group_memberships_group_id_organization_member_id_unique').on(t.groupId, t.organizationMemberId),
    index('group_memberships_organization_member_id_index').on(t.organizationMemberId),
  ],
);

export type GroupRow = typeof groups.$inferSelect;
export type GroupMembershipRow = typeof groupMemberships.$inferSelect;
