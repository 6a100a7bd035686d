import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** A required reference to the row this one belongs to, deleted with it: integer NOT NULL REFERENCES … ON DELETE CASCADE. */
export const cascadingReference = <TName extends string>(name: TName, column: () => AnyPgColumn) =>
  integer(name).notNull().references(column, { onDelete: 'cascade' });

/** A list of texts, empty unless set: text[] NOT NULL DEFAULT '{}'. */
export const textList = <TName extends string>(name: TName) => text(name).array().notNull().default(sql`'{}'::text[]`);

/**
 * A table of a user's single-use link tokens (invitations, sign-up confirmations): only the SHA-256 of each token is
 * stored, so a database dump lets nobody in; a token is used once (used_at) and expires (expires_at).
 */
export const singleUseTokenTable = <TName extends string>(name: TName, user: () => AnyPgColumn) =>
  pgTable(
    name,
    {
      id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
      userId: cascadingReference('user_id', user),
      tokenHash: text('token_hash').notNull().unique(),
      expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
      usedAt: timestamp('used_at', { withTimezone: true }),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [index(`${name}_user_id_index`).on(t.userId)],
  );
