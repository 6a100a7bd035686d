import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { cascadingReference } from './columns';
import { users } from './users';

/**
 * Issue 16: further Firebase uids of a product user, recorded when a Google, Microsoft or email-link sign-in under a
 * new uid was matched to the user by its verified email (users.firebase_uid stays the first identity).
 */
export const userIdentityLinks = pgTable(
  'user_identity_links',
  {
    firebaseUid: text('firebase_uid').primaryKey(),
    userId: cascadingReference('user_id', () => users.id),
    /** The token's firebase.sign_in_provider when the link was made (google.com, microsoft.com, password). */
    provider: text('provider').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_identity_links_user_id_index').on(t.userId)],
);
