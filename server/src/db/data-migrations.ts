import { MAX_CLUSTER_CODE_POINTS, truncateLongClusters } from '@kiwi/shared/domain/graphemes';
import { eventTagsToStore } from '@kiwi/shared/i18n/event-tags';
import { eq, getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import type { DatabaseHandle, Executor } from './client';
import { coinMessages, kiwiCoinTransfers } from './schema/coins';
import { dataMigrations } from './schema/data-migrations';
import { eventGuests, eventMessages, events, pollItems } from './schema/events';
import { groups } from './schema/groups';
import { guildMembers, guildMessages, guilds } from './schema/guilds';
import { news } from './schema/news';
import { organizationMembers, organizations } from './schema/organizations';
import { wellBeingSurveys } from './schema/surveys';
import { users } from './schema/users';

/** A table's text written by people: `id` is its integer key, `columns` its text or text[] columns. */
type TextColumns = { table: PgTable; id: PgColumn; columns: PgColumn[] };

/** Every column holding text a person typed and the product shows (not tokens, urls, codes or mails). */
export const PEOPLE_TEXT_COLUMNS: TextColumns[] = [
  { table: users, id: users.id, columns: [users.name, users.nickname] },
  { table: organizations, id: organizations.id, columns: [organizations.name, organizations.plan] },
  {
    table: organizationMembers,
    id: organizationMembers.id,
    columns: [organizationMembers.nickname, organizationMembers.belongings, organizationMembers.occupations],
  },
  { table: groups, id: groups.id, columns: [groups.name] },
  { table: news, id: news.id, columns: [news.title, news.body] },
  { table: events, id: events.id, columns: [events.name, events.description, events.location, events.tags] },
  { table: eventGuests, id: eventGuests.id, columns: [eventGuests.nickname] },
  { table: pollItems, id: pollItems.id, columns: [pollItems.text] },
  { table: eventMessages, id: eventMessages.id, columns: [eventMessages.body] },
  { table: guilds, id: guilds.id, columns: [guilds.name, guilds.description, guilds.tags] },
  { table: guildMembers, id: guildMembers.id, columns: [guildMembers.role] },
  { table: guildMessages, id: guildMessages.id, columns: [guildMessages.body] },
  { table: coinMessages, id: coinMessages.id, columns: [coinMessages.body] },
  { table: kiwiCoinTransfers, id: kiwiCoinTransfers.id, columns: [kiwiCoinTransfers.description, kiwiCoinTransfers.message] },
  { table: wellBeingSurveys, id: wellBeingSurveys.id, columns: [wellBeingSurveys.title] },
];

const BATCH_SIZE = 500;

export const TRUNCATE_LONG_CLUSTERS = 'truncate_long_clusters';

/** Rows changed per "table.column". */
export type TruncationReport = Record<string, number>;

/**
 * Cuts every grapheme cluster longer than MAX_CLUSTER_CODE_POINTS in stored people's text down to that bound (the
 * API refuses such text now; older rows may hold "a letter with 100,000 combining marks"). Reads in batches of 500
 * rows by id, only rows where some value is longer than the bound (a shorter one cannot hold such a cluster), and
 * writes each changed row in that batch's transaction. Running it again changes nothing.
 */
export async function truncateStoredLongClusters(db: DatabaseHandle['db']): Promise<TruncationReport> {
  const report: TruncationReport = {};
  for (const { table, id, columns } of PEOPLE_TEXT_COLUMNS) {
    const tableName = getTableName(table);
    for (const column of columns) report[`${tableName}.${column.name}`] = 0;
    const mayHoldLongCluster = sql.join(
      columns.map((column) =>
        column.columnType === 'PgArray'
          ? sql`exists (select 1 from unnest(${column}) as value where length(value) > ${MAX_CLUSTER_CODE_POINTS})`
          : sql`length(${column}) > ${MAX_CLUSTER_CODE_POINTS}`,
      ),
      sql` or `,
    );
    let after = 0;
    for (;;) {
      const done = await db.transaction(async (tx) => {
        const rows = rowsOf(
          await tx.execute(
            sql`select ${id} as id, ${sql.join(
              columns.map((column, index) => sql`${column} as ${sql.identifier(`c${index}`)}`),
              sql`, `,
            )} from ${table} where ${id} > ${after} and (${mayHoldLongCluster}) order by ${id} limit ${BATCH_SIZE}`,
          ),
        );
        for (const row of rows) {
          const changes = changedValues(row, columns);
          if (Object.keys(changes).length === 0) continue;
          await update(tx, table, id, Number(row.id), changes);
          for (const name of Object.keys(changes)) report[`${tableName}.${name}`] = (report[`${tableName}.${name}`] ?? 0) + 1;
        }
        after = Number(rows.at(-1)?.id ?? after);
        return rows.length < BATCH_SIZE;
      });
      if (done) break;
    }
  }
  return report;
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** The truncated value of each column of the row that changed, by SQL column name. */
function changedValues(row: Record<string, unknown>, columns: PgColumn[]): Record<string, string | string[]> {
  const changes: Record<string, string | string[]> = {};
  columns.forEach((column, index) => {
    const value = row[`c${index}`];
    if (typeof value === 'string') {
      const truncated = truncateLongClusters(value);
      if (truncated !== value) changes[column.name] = truncated;
    } else if (Array.isArray(value)) {
      const truncated = value.map((item: string) => truncateLongClusters(item));
      if (truncated.some((item, at) => item !== value[at])) changes[column.name] = truncated;
    }
  });
  return changes;
}

async function update(tx: Executor, table: PgTable, id: PgColumn, rowId: number, changes: Record<string, string | string[]>) {
  const assignments = Object.entries(changes).map(([name, value]) =>
    Array.isArray(value) ? sql`${sql.identifier(name)} = ${sql.param(value)}::text[]` : sql`${sql.identifier(name)} = ${value}`,
  );
  await tx.execute(sql`update ${table} set ${sql.join(assignments, sql`, `)} where ${eq(id, rowId)}`);
}

export const PRESET_EVENT_TAGS_AS_KEYS = 'preset_event_tags_as_keys';

/**
 * Rewrites events' preset tags stored in their author's language ("初心者歓迎", "Beginners welcome") as the preset's key
 * (issue 21: every reader then sees them in their own language); other tags stay. In batches of 500 events by id, only
 * events with tags; running it again changes nothing.
 */
export async function storePresetEventTagsAsKeys(db: DatabaseHandle['db']): Promise<Record<string, number>> {
  let changed = 0;
  let after = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = rowsOf(
        await tx.execute(sql`select id, tags from events where id > ${after} and cardinality(tags) > 0 order by id limit ${BATCH_SIZE}`),
      ) as { id: number | string; tags: string[] }[];
      for (const row of rows) {
        const stored = eventTagsToStore(row.tags);
        if (stored.length === row.tags.length && stored.every((tag, index) => tag === row.tags[index])) continue;
        await update(tx, events, events.id, Number(row.id), { tags: stored });
        changed += 1;
      }
      after = Number(rows.at(-1)?.id ?? after);
      return rows.length < BATCH_SIZE;
    });
    if (done) break;
  }
  return { 'events.tags': changed };
}

export const REPORT_EMAIL_CASE_DUPLICATES = 'report_email_case_duplicates';

/**
 * Users whose address differs only in case from an older user's (from before migration 0012's unique index, which
 * leaves them out of it): never merged automatically, since both may hold memberships, coins and sign-ins. Listed in
 * the log as a warning (ids with the kept user's id) and counted in the report, for an operator to merge by hand.
 */
export async function reportEmailCaseDuplicates(db: DatabaseHandle['db'], logger?: Logger): Promise<Record<string, number>> {
  const later = rowsOf(
    await db.execute(sql`
      select id, kept_id from (
        select id, first_value(id) over (partition by lower(email) order by id) as kept_id from users
      ) as ranked where id <> kept_id order by id limit 10000`),
  ).map((row) => ({ id: Number(row.id), keptId: Number(row.kept_id) }));
  if (later.length > 0) {
    logger?.warn({ users: later }, 'users whose address differs only in case from an older user: merge them by hand');
  }
  return { 'users.case_variant_addresses': later.length };
}

/** The data migrations in the order they run; each runs once per database and is recorded in data_migrations. */
const DATA_MIGRATIONS: { name: string; run: (db: DatabaseHandle['db'], logger?: Logger) => Promise<Record<string, number>> }[] = [
  { name: TRUNCATE_LONG_CLUSTERS, run: truncateStoredLongClusters },
  { name: PRESET_EVENT_TAGS_AS_KEYS, run: storePresetEventTagsAsKeys },
  { name: REPORT_EMAIL_CASE_DUPLICATES, run: reportEmailCaseDuplicates },
];

/**
 * Runs the data migrations not yet recorded (after the SQL migrations, under the same lock on PostgreSQL) and logs
 * what each changed. A run cut short is simply run again next time: every data migration may run twice.
 */
export async function runDataMigrations(db: DatabaseHandle['db'], logger?: Logger): Promise<void> {
  for (const migration of DATA_MIGRATIONS) {
    const [done] = await db.select().from(dataMigrations).where(eq(dataMigrations.name, migration.name));
    if (done) continue;
    const report = await migration.run(db, logger);
    await db.insert(dataMigrations).values({ name: migration.name, report }).onConflictDoNothing();
    logger?.info({ migration: migration.name, report }, 'data migration applied');
  }
}
