import { sql } from 'drizzle-orm';
import { type AnyPgColumn, integer, text, timestamp } from 'drizzle-orm/pg-core';

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
