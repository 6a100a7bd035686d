import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { eq, inArray, sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEmptyDatabase, createTestDatabase, testEngine } from '../test/database';
import type { DatabaseHandle } from './client';
import {
  REPORT_EMAIL_CASE_DUPLICATES,
  storePresetEventTagsAsKeys,
  TRUNCATE_LONG_CLUSTERS,
  truncateStoredLongClusters,
} from './data-migrations';
import { events } from './schema/events';
import { MIGRATIONS_FOLDER, migrateDatabase } from './migrate';
import { dataMigrations } from './schema/data-migrations';
import { organizationMembers, organizations } from './schema/organizations';
import { users } from './schema/users';

const stacked = (marks: number) => `a${'\u0301'.repeat(marks)}`;
/** The bound: a letter and 31 marks, 32 code points. */
const CUT = stacked(31);

describe(`truncating stored over-long clusters on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  beforeEach(async () => {
    handle = await createTestDatabase();
  });
  afterEach(() => handle.close());

  async function seedBadRows() {
    const [organization] = await handle.db
      .insert(organizations)
      .values({ name: `Acme ${stacked(100_000)}`, identifier: 'acme' })
      .returning();
    // More rows than one batch, a few of them bad, spread across batches.
    const people = Array.from({ length: 1_200 }, (_, index) => ({
      firebaseUid: `uid-${index}`,
      email: `person${index}@example.com`,
      name: index % 400 === 7 ? `名前${stacked(5_000)}です` : `Person ${index} ${'👨‍👩‍👧‍👦'.repeat(10)}`,
      nickname: index === 1_100 ? `${'😀\u200D'.repeat(50)}!` : null,
    }));
    const inserted = await handle.db.insert(users).values(people).returning({ id: users.id, email: users.email });
    const [member] = await handle.db
      .insert(organizationMembers)
      .values({
        userId: inserted[0]!.id,
        organizationId: organization!.id,
        belongings: ['営業部', `企画${stacked(40)}`, 'x'.repeat(40)],
      })
      .returning();
    return { organization: organization!, users: inserted, member: member! };
  }

  it('cuts each over-long cluster to 32 code points, in batches, reporting rows per table and column', async () => {
    const seeded = await seedBadRows();
    const report = await truncateStoredLongClusters(handle.db);
    expect(report).toMatchObject({
      'organizations.name': 1,
      'users.name': 3,
      'users.nickname': 1,
      'organization_members.belongings': 1,
      'events.description': 0,
    });

    const [organization] = await handle.db.select().from(organizations).where(eq(organizations.id, seeded.organization.id));
    expect(organization!.name).toBe(`Acme ${CUT}`);
    const bad = await handle.db
      .select({ name: users.name, nickname: users.nickname })
      .from(users)
      .where(inArray(users.email, ['person7@example.com', 'person1100@example.com', 'person8@example.com']))
      .orderBy(users.email);
    expect(bad).toEqual([
      { name: `Person 1100 ${'👨‍👩‍👧‍👦'.repeat(10)}`, nickname: `${'😀\u200D'.repeat(16)}!` },
      { name: `名前${CUT}です`, nickname: null },
      { name: `Person 8 ${'👨‍👩‍👧‍👦'.repeat(10)}`, nickname: null },
    ]);
    const [member] = await handle.db.select().from(organizationMembers).where(eq(organizationMembers.id, seeded.member.id));
    expect(member!.belongings).toEqual(['営業部', `企画${CUT}`, 'x'.repeat(40)]);

    // Idempotent: a second run finds nothing to cut.
    const again = await truncateStoredLongClusters(handle.db);
    expect(Object.values(again).every((count) => count === 0)).toBe(true);
  });

  it('runs once from the migrate step, recorded with its report and logged', async () => {
    // The test database was migrated before these rows existed: forget that run, as on a database from before it.
    await handle.db.delete(dataMigrations).where(eq(dataMigrations.name, TRUNCATE_LONG_CLUSTERS));
    await seedBadRows();
    const lines: Record<string, unknown>[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
          done();
        },
      }),
    );

    await migrateDatabase(handle, { logger });
    const [recorded] = await handle.db.select().from(dataMigrations).where(eq(dataMigrations.name, TRUNCATE_LONG_CLUSTERS));
    expect(recorded!.report).toMatchObject({ 'organizations.name': 1, 'users.name': 3 });
    expect(lines).toEqual([
      expect.objectContaining({ msg: 'data migration applied', migration: TRUNCATE_LONG_CLUSTERS, report: recorded!.report }),
    ]);

    // Recorded: a new bad row stays as it is (the API refuses such text now) and nothing is logged.
    await handle.db.update(organizations).set({ name: stacked(100) });
    await migrateDatabase(handle, { logger });
    expect(lines).toHaveLength(1);
    const [organization] = await handle.db.select({ name: organizations.name }).from(organizations);
    expect(organization!.name).toBe(stacked(100));
  });
});

describe(`storing preset event tags as keys on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  beforeEach(async () => {
    handle = await createTestDatabase();
  });
  afterEach(() => handle.close());

  it("rewrites presets written in the author's language as keys, in batches, and leaves other tags alone", async () => {
    const [organization] = await handle.db.insert(organizations).values({ name: 'Acme', identifier: 'acme' }).returning();
    const startsAt = new Date('2031-01-01T00:00:00Z');
    const endsAt = new Date('2031-01-01T01:00:00Z');
    // More events than one batch; every 100th has presets in Japanese or English.
    const rows = Array.from({ length: 1_100 }, (_, index) => ({
      organizationId: organization!.id,
      name: `Event ${index}`,
      startsAt,
      endsAt,
      tags: index % 200 === 0 ? ['初心者歓迎', '散歩', '無料'] : index % 200 === 100 ? ['Family welcome', 'Online OK'] : ['散歩'],
    }));
    await handle.db.insert(events).values(rows);

    expect(await storePresetEventTagsAsKeys(handle.db)).toEqual({ 'events.tags': 11 });
    const stored = await handle.db.select({ name: events.name, tags: events.tags }).from(events).orderBy(events.id);
    expect(stored[0]!.tags).toEqual(['preset:beginnersWelcome', '散歩', 'preset:free']);
    expect(stored[100]!.tags).toEqual(['preset:familyWelcome', 'preset:onlineOk']);
    expect(stored[1_000]!.tags).toEqual(['preset:beginnersWelcome', '散歩', 'preset:free']);
    expect(stored[1]!.tags).toEqual(['散歩']);

    // Idempotent.
    expect(await storePresetEventTagsAsKeys(handle.db)).toEqual({ 'events.tags': 0 });
  });
});

describe(`the unique address index over case variants stored before it, on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  let folder: string;
  beforeEach(async () => {
    handle = await createEmptyDatabase();
    // The migrations before 0012, as a database created before the unique index had them.
    folder = mkdtempSync(join(tmpdir(), 'kiwi-migrations-'));
    cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalPath = join(folder, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.filter((entry) => entry.idx < 12) }));
    if (handle.engine === 'pglite') await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    else await migrateNodePg(handle.db as unknown as NodePgDatabase, { migrationsFolder: folder });
  });
  afterEach(async () => {
    await handle.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const person = (email: string, index: number) => ({ firebaseUid: `case-${index}`, email, name: `Person ${index}` });
  /** Rows as the tables before 0012 take them (the schema's later columns do not exist yet). */
  const insertOld = async (emails: string[]) => {
    for (const [index, email] of emails.entries()) {
      await handle.db.execute(sql`insert into users (firebase_uid, email, name) values (${`old-${index}`}, ${email}, ${`Old ${index}`})`);
    }
  };

  it('starts with case-variant duplicates, keeps every row, reports the later ones and refuses new variants', async () => {
    const emails = ['Ann@example.com', 'bob@example.com', 'ann@EXAMPLE.com', 'ANN@example.com', 'carol@example.com', 'Carol@Example.com'];
    await insertOld(emails);
    const stored = await handle.db.select({ id: users.id, email: users.email }).from(users);
    const idOf = (email: string) => stored.find((row) => row.email === email)!.id;
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk, _e, done) => done(void lines.push(JSON.parse(String(chunk)))) }));

    await migrateDatabase(handle, { logger });

    expect((await handle.db.select({ id: users.id }).from(users)).length).toBe(emails.length);
    const [report] = await handle.db.select().from(dataMigrations).where(eq(dataMigrations.name, REPORT_EMAIL_CASE_DUPLICATES));
    expect(report!.report).toEqual({ 'users.case_variant_addresses': 3 });
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 40,
        users: [
          { id: idOf('ann@EXAMPLE.com'), keptId: idOf('Ann@example.com') },
          { id: idOf('ANN@example.com'), keptId: idOf('Ann@example.com') },
          { id: idOf('Carol@Example.com'), keptId: idOf('carol@example.com') },
        ],
      }),
    );
    // The kept addresses, and any other, stay unique whatever the case.
    for (const [index, email] of ['aNn@example.com', 'BOB@example.com', 'CAROL@example.com'].entries()) {
      await expect(handle.db.insert(users).values(person(email, 100 + index))).rejects.toThrow();
    }
    await handle.db.insert(users).values(person('dave@example.com', 200));
    await expect(handle.db.insert(users).values(person('Dave@example.com', 201))).rejects.toThrow();
    // A second start changes nothing and reports nothing again.
    await migrateDatabase(handle, { logger });
    expect(lines.filter((line) => line.level === 40)).toHaveLength(1);
  });

  it('creates the plain unique index when no address is stored twice', async () => {
    await insertOld(['erin@example.com', 'frank@example.com']);
    await migrateDatabase(handle);
    const rows = (await handle.db.execute(
      sql`select indexdef from pg_indexes where indexname = 'users_email_lower_unique'`,
    )) as unknown as {
      rows: { indexdef: string }[];
    };
    expect(rows.rows[0]?.indexdef).not.toMatch(/WHERE/i);
    const [report] = await handle.db.select().from(dataMigrations).where(eq(dataMigrations.name, REPORT_EMAIL_CASE_DUPLICATES));
    expect(report!.report).toEqual({ 'users.case_variant_addresses': 0 });
  });
});
