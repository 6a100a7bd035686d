import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Mails kept instead of sent when no SMTP_URL is configured; listed at /dev/mailbox in development. */
export const storedMails = pgTable('stored_mails', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type StoredMailRow = typeof storedMails.$inferSelect;
