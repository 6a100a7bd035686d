import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { cascadingReference } from './columns';
import { users } from './users';

/**
 * Invitation links: only the SHA-256 of the token is stored, so a database dump cannot accept anybody's invitation.
 * A token is single-use (usedAt) and expires (expiresAt); a resend issues a new token and retires the older ones.
 */
export const invitationTokens = pgTable(
  'invitation_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: cascadingReference('user_id', () => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invitation_tokens_user_id_index').on(t.userId)],
);

export type InvitationTokenRow = typeof invitationTokens.$inferSelect;
