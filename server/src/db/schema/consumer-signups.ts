import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { singleUseTokenTable } from './columns';
import { organizations } from './organizations';
import { users } from './users';

/**
 * The join code of a consumer-plan organisation (docs/decisions.md, "Issue 16, self sign-up"): one per organisation,
 * stored in its canonical form (shared/domain/join-code.ts) in the clear, since managers show it to everyone they want
 * to let in; rotating replaces the row's code, so the old one stops working at once.
 */
export const organizationJoinCodes = pgTable('organization_join_codes', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  rotatedAt: timestamp('rotated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Confirmation links of self sign-ups: only the SHA-256 of the token is stored; single use (usedAt), expiring
 * (expiresAt); a resend retires the older ones.
 */
export const consumerConfirmationTokens = singleUseTokenTable('consumer_confirmation_tokens', () => users.id);
