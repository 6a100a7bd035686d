// Issue 20 point 3: DELETE /api/organizations/:id leaves no row of the organisation in any table and changes no row of
// anything else. The test reads the schema from the database itself, so a table added later is covered: its rows are
// found through its foreign keys, and a table that the world below leaves empty must be named as platform-wide.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJobs, staffActions } from '../../db/schema/admin-console';
import { events } from '../../db/schema/events';
import { contentReads } from '../../db/schema/home';
import { images } from '../../db/schema/images';
import { storedMails } from '../../db/schema/mail';
import { news } from '../../db/schema/news';
import { type OrganizationRow, organizationMembers } from '../../db/schema/organizations';
import { outbox } from '../../db/schema/outbox';
import { seedDemoData } from '../../demo-seed';
import { type BuiltUser, buildOrganization, buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { deleteIdentityAccount } from '../cancellation/identity-deletion';
import { IDENTITY_DELETE_TOPIC } from '../cancellation/service';

type Rows<T> = { rows: T[] };
type Row = Record<string, unknown>;
type Snapshot = Map<string, Row[]>;
type ForeignKey = { child: string; column: string; parent: string; parentColumn: string };

/** Tables that hold no organisation's rows by design (the platform's own), so the world below has none of acme's. */
const PLATFORM_TABLES = new Set([
  'app_informations',
  // The admin dashboard's list of days whose coins are totalled, for every organisation at once (issue 20).
  'coin_days_totalled',
  'consumer_confirmation_tokens',
  'data_migrations',
  'gift_categories',
  'gifts',
  'quests',
  // Hit counters of the public calls' rate limits, per client IP or address (issue 22).
  'rate_limit_hits',
  // Slack commands taken, by Slack team and trigger id only (issue 22), forgotten after a day.
  'slack_command_receipts',
  'system_settings',
]);

async function query<T>(server: TestServer, statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await server.db.db.execute(statement)) as unknown as Rows<T>).rows;
}

async function snapshot(server: TestServer): Promise<Snapshot> {
  const tables = await query<{ name: string }>(
    server,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const result: Snapshot = new Map();
  for (const { name } of tables) {
    const rows = await query<{ row: Row | string }>(server, sql`select to_jsonb(t) as row from ${sql.identifier(name)} t`);
    result.set(
      name,
      rows.map(({ row }) => (typeof row === 'string' ? (JSON.parse(row) as Row) : row)),
    );
  }
  return result;
}

async function foreignKeys(server: TestServer): Promise<ForeignKey[]> {
  return query<ForeignKey>(
    server,
    sql`select c.conrelid::regclass::text as child, a.attname as column, c.confrelid::regclass::text as parent, pa.attname as "parentColumn"
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        join pg_attribute pa on pa.attrelid = c.confrelid and pa.attnum = c.confkey[1]
        where c.contype = 'f' and c.connamespace = 'public'::regnamespace`,
  );
}

const key = (row: Row) => JSON.stringify(row);
const IMAGE_URL = /\/api\/images\/([A-Za-z0-9_-]+)/g;

/**
 * The rows of `snapshot` that belong to the organisation: its row, every row that references one of its rows through
 * any foreign key (cascade or set null, transitively), any `organization_id` naming it, the users in no other
 * organisation, and the references without a foreign key (images by url or uploader, news reads, jobs, exports,
 * coin movements, mails of its leaving users).
 */
function rowsOfOrganization(snapshot: Snapshot, keys: ForeignKey[], organizationId: number): Map<string, Set<Row>> {
  const owned = new Map<string, Set<Row>>([...snapshot.keys()].map((table) => [table, new Set<Row>()]));
  const rowsIn = (table: string) => snapshot.get(table) ?? [];
  const add = (table: string, row: Row) => {
    const set = owned.get(table)!;
    if (set.has(row)) return false;
    set.add(row);
    return true;
  };
  const values = (table: string, column: string) => new Set([...(owned.get(table) ?? [])].map((row) => String(row[column])));

  for (const row of rowsIn('organizations')) if (row.id === organizationId) add('organizations', row);
  for (const [table, rows] of snapshot) for (const row of rows) if (row.organization_id === organizationId) add(table, row);
  const memberships = rowsIn('organization_members');
  for (const user of rowsIn('users')) {
    const own = memberships.filter((membership) => membership.user_id === user.id);
    if (user.role !== 'admin' && own.length > 0 && own.every((membership) => membership.organization_id === organizationId))
      add('users', user);
  }

  let changed = true;
  while (changed) {
    changed = false;
    for (const fk of keys) {
      const parents = values(fk.parent, fk.parentColumn);
      for (const row of rowsIn(fk.child))
        if (row[fk.column] != null && parents.has(String(row[fk.column]))) changed = add(fk.child, row) || changed;
    }
    const ownedText = [...owned.values()].flatMap((set) => [...set].map(key)).join('\n');
    const imageKeys = new Set([...ownedText.matchAll(IMAGE_URL)].map((match) => match[1]));
    const guests = values('event_guests', 'id');
    for (const image of rowsIn('images')) {
      if (imageKeys.has(String(image.key)) || guests.has(String(image.uploaded_by_guest_id))) changed = add('images', image) || changed;
    }
    const newsIds = values('news', 'id');
    for (const read of rowsIn('content_reads'))
      if (read.kind === 'news' && newsIds.has(String(read.item_id))) changed = add('content_reads', read) || changed;
    const ids = {
      walkingEventId: values('walking_events', 'id'),
      transferId: values('kiwi_coin_transfers', 'id'),
      surveyId: values('well_being_surveys', 'id'),
    };
    for (const job of rowsIn('jobs')) {
      const payload = job.payload as Record<string, unknown>;
      if (Object.entries(ids).some(([name, set]) => payload[name] != null && set.has(String(payload[name]))))
        changed = add('jobs', job) || changed;
    }
    for (const exportJob of rowsIn('export_jobs')) {
      if ((exportJob.params as Record<string, unknown>).organization_id === organizationId)
        changed = add('export_jobs', exportJob) || changed;
    }
    const movements = values('coin_ledger_entries', 'movement_id');
    for (const movement of rowsIn('coin_movements'))
      if (movements.has(String(movement.id))) changed = add('coin_movements', movement) || changed;
    const emails = new Set([...(owned.get('users') ?? [])].map((user) => String(user.email).toLowerCase()));
    for (const mail of rowsIn('stored_mails'))
      if (emails.has(String(mail.to).toLowerCase())) changed = add('stored_mails', mail) || changed;
  }
  return owned;
}

type Column = { name: string; type: string; nullable: boolean; generated: boolean; hasDefault: boolean };

const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** A value of `column`'s type for a made-up row; an `in (...)` check on it picks its first allowed value. */
function fillerValue(column: Column, allowed: Map<string, string>): string {
  const first = allowed.get(column.name);
  if (first !== undefined) return literal(first);
  if (/int/.test(column.type)) return '1';
  if (/numeric|double|real/.test(column.type)) return '0.5';
  if (column.type === 'boolean') return 'false';
  if (column.type.startsWith('timestamp')) return 'now()';
  if (column.type === 'date') return 'current_date';
  if (column.type === 'jsonb' || column.type === 'json') return `'{}'`;
  if (column.type === 'ARRAY') return `'{}'`;
  if (column.type === 'bytea') return `'\\x01'`;
  if (column.type === 'uuid') return 'gen_random_uuid()';
  return literal(`fill-${randomBytes(6).toString('hex')}`);
}

/**
 * Gives each table that the world left without a row of the organisation one made-up row tied to it through its
 * foreign keys, read from the schema: a table added later gets its row too, and its deletion is then checked.
 */
async function fillTablesWithout(server: TestServer, keys: ForeignKey[], organizationId: number): Promise<void> {
  for (let pass = 0; pass < 4; pass += 1) {
    const owned = rowsOfOrganization(await snapshot(server), keys, organizationId);
    const missing = [...owned].filter(([table, rows]) => rows.size === 0 && !PLATFORM_TABLES.has(table)).map(([table]) => table);
    if (missing.length === 0) return;
    for (const table of missing) {
      const columns = await query<Column>(
        server,
        sql`select column_name as name, data_type as type, is_nullable = 'YES' as nullable,
                   (is_identity = 'YES' or is_generated = 'ALWAYS') as generated, column_default is not null as "hasDefault"
            from information_schema.columns where table_schema = 'public' and table_name = ${table} order by ordinal_position`,
      );
      const checks = await query<{ definition: string }>(
        server,
        sql`select pg_get_constraintdef(oid) as definition from pg_constraint where conrelid = ${table}::regclass and contype = 'c'`,
      );
      const allowed = new Map<string, string>();
      for (const { definition } of checks) {
        const match = /\(+"?(\w+)"?\)? = ANY \(+ARRAY\['([^']*)'/.exec(definition);
        if (match?.[1] && match[2] !== undefined && !allowed.has(match[1])) allowed.set(match[1], match[2]);
      }
      const parentValue = (fk: ForeignKey): string | undefined => {
        const parents = [...(owned.get(fk.parent) ?? [])];
        const row = parents[0];
        return row?.[fk.parentColumn] == null ? undefined : String(row[fk.parentColumn]);
      };
      const tableKeys = keys.filter((fk) => fk.child === table);
      // First with every foreign key pointing at the organisation's rows, then with the required ones and one optional
      // one each (a check may want exactly one of a member or a guest), then the required ones alone.
      const optionalKeys = tableKeys.filter((fk) => columns.find((column) => column.name === fk.column)?.nullable).map((fk) => fk.column);
      for (const chosen of [null, ...optionalKeys.map((name) => new Set([name])), new Set<string>()]) {
        const everyKey = chosen === null;
        const values = new Map<string, string>();
        for (const column of columns) {
          if (column.generated) continue;
          const fk = tableKeys.find((candidate) => candidate.column === column.name);
          if (fk) {
            const value =
              parentValue(fk) ??
              (
                await query<{ value: unknown }>(
                  server,
                  sql`select ${sql.identifier(fk.parentColumn)} as value from ${sql.identifier(fk.parent)} limit 1`,
                )
              )[0]?.value;
            if ((everyKey || !column.nullable || chosen?.has(column.name)) && value != null)
              values.set(column.name, literal(String(value)));
            continue;
          }
          if (!column.nullable && !column.hasDefault) values.set(column.name, fillerValue(column, allowed));
          else if (allowed.has(column.name)) values.set(column.name, fillerValue(column, allowed));
        }
        const names = [...values.keys()].map((name) => `"${name}"`).join(', ');
        try {
          await server.db.db.transaction((tx) =>
            tx.execute(sql.raw(`insert into "${table}" (${names}) values (${[...values.values()].join(', ')})`)),
          );
          break;
        } catch {
          // The next attempt, or the next pass once a parent table has its row.
        }
      }
    }
  }
}

describe('DELETE /api/organizations/:id', () => {
  let server: TestServer;
  let admin: BuiltUser;
  let acme: OrganizationRow;
  let globex: OrganizationRow;
  let leaver: BuiltUser;
  let stayer: BuiltUser;

  const remove = (id: number, identifier: string, token = admin.token) =>
    server.request(`/api/organizations/${id}`, {
      method: 'DELETE',
      token,
      json: { organization: { identifier_confirmation: identifier } },
    });
  const archive = (id: number) => server.request(`/api/organizations/${id}/archive`, { method: 'PUT', token: admin.token });

  beforeAll(async () => {
    server = await startTestServer();
    await server.db.db.transaction((tx) => seedDemoData(tx, new Date()));
    const orgs = await query<OrganizationRow & { identifier: string }>(server, sql`select * from organizations order by id`);
    acme = orgs.find((org) => org.identifier === 'acme')!;
    globex = orgs.find((org) => org.identifier === 'globex')!;
    admin = await buildUser(server, { role: 'admin' });
    leaver = await buildUser(server, { organization: acme });
    stayer = await buildUser(server, { organization: globex });
    await server.db.db.insert(organizationMembers).values({ userId: stayer.user.id, organizationId: acme.id, role: 'member' });
    // What no foreign key ties to an organisation, for both organisations: only acme's may go.
    const db = server.db.db;
    for (const [org, uploader] of [
      [acme, leaver],
      [globex, stayer],
    ] as const) {
      const [header, upload] = await db
        .insert(images)
        .values(
          [0, 1].map(() => ({ key: randomBytes(24).toString('base64url'), contentType: 'image/png', byteSize: 1, data: Buffer.from([1]) })),
        )
        .returning();
      await db.update(images).set({ uploadedByUserId: uploader.user.id }).where(sql`${images.id} = ${upload!.id}`);
      // acme's on an event header (a row the cascade removes), globex's (which has no events) as its icon.
      const url = `/api/images/${header!.key}`;
      if (org === acme)
        await db.execute(
          sql`update events set header_image_url = ${url} where id = (select min(id) from events where organization_id = ${org.id})`,
        );
      else await db.execute(sql`update organizations set icon = ${`https://kiwi.example${url}`} where id = ${org.id}`);
      await db.insert(staffActions).values({
        actorRole: 'admin',
        organizationId: org.id,
        kind: 'organizations.update',
        method: 'PUT',
        route: '/api/organizations/:id',
      });
      await db.insert(exportJobs).values({ kind: 'score', encoding: 'utf8_bom', params: { organization_id: org.id } });
      await db.insert(outbox).values({ topic: 'test.noop', payload: {}, organizationId: org.id });
      const [item] = await db.select({ id: news.id }).from(news).where(sql`${news.organizationId} = ${org.id}`).limit(1);
      if (item) await db.insert(contentReads).values({ userId: stayer.user.id, kind: 'news', itemId: item.id });
      await db.insert(storedMails).values({ to: uploader.email, subject: 's', text: 't', html: 'h' });
    }
    expect(await db.$count(events, sql`${events.headerImageUrl} like '/api/images/%'`)).toBe(1);
  });
  afterAll(() => server.close());

  it('refuses an organisation that is not archived (409), and a mistyped identifier (422): nothing is removed', async () => {
    const notArchived = await remove(acme.id, 'acme');
    expect(notArchived.status).toBe(409);
    expect(notArchived.body.errors[0].code).toBe('adminOrganization.notArchived');
    expect((await archive(acme.id)).status).toBe(200);
    const before = await snapshot(server);
    for (const typed of ['ACME', 'acme ', 'acm', 'globex']) {
      const mistyped = await remove(acme.id, typed);
      expect(mistyped.status, typed).toBe(422);
      expect(mistyped.body.errors[0]).toMatchObject({
        code: 'adminOrganization.identifierMismatch',
        source: { pointer: '/organization/identifier_confirmation' },
      });
    }
    const missing = await server.request(`/api/organizations/${acme.id}`, { method: 'DELETE', token: admin.token, json: {} });
    expect(missing.status).toBe(422);
    const after = await snapshot(server);
    for (const [table, rows] of before) {
      if (table === 'staff_actions') continue;
      expect(after.get(table)?.map(key).sort(), table).toEqual(rows.map(key).sort());
    }
  });

  it('removes every row of the archived organisation from every table and leaves every other row as it was', async () => {
    await archive(acme.id);
    const keys = await foreignKeys(server);
    await fillTablesWithout(server, keys, acme.id);
    const before = await snapshot(server);
    const owned = rowsOfOrganization(before, keys, acme.id);
    // The world reaches every table an organisation can have rows in: a new table needs rows here or a place above.
    const empty = [...owned].filter(([table, rows]) => rows.size === 0 && !PLATFORM_TABLES.has(table)).map(([table]) => table);
    expect(empty).toEqual([]);
    const leavingUsers = [...owned.get('users')!];
    expect(leavingUsers.map((user) => user.id)).toContain(leaver.user.id);
    expect(leavingUsers.map((user) => user.id)).not.toContain(stayer.user.id);

    const response = await remove(acme.id, 'acme');
    expect(response.status).toBe(200);
    expect(response.body.meta).toMatchObject({ identifier: 'acme', 'removed-users-count': leavingUsers.length });

    const after = await snapshot(server);
    for (const [table, rows] of before) {
      const expected = rows.filter((row) => !owned.get(table)!.has(row)).map(key);
      let actual = (after.get(table) ?? []).map(key);
      if (table === 'staff_actions') {
        const record = (after.get(table) ?? []).filter((row) => row.kind === 'organizations.delete');
        expect(record).toHaveLength(1);
        expect(record[0]).toMatchObject({ organization_id: null, target_id: 'acme', target_type: 'organization' });
        actual = actual.filter((row) => !record.map(key).includes(row));
      }
      if (table === 'outbox') {
        const queued = (after.get(table) ?? []).filter((row) => row.topic === IDENTITY_DELETE_TOPIC);
        // Every identity of theirs: the first uid and the linked ones (issue 16's identity links).
        const uids = [...leavingUsers, ...owned.get('user_identity_links')!].map((row) => String(row.firebase_uid));
        expect(queued.map((row) => (row.payload as { uid: string }).uid).sort()).toEqual(uids.sort());
        actual = actual.filter((row) => !queued.map(key).includes(row));
      }
      expect(actual.sort(), `${table}: no row of acme remains, every other row is unchanged`).toEqual(expected.sort());
    }

    // After commit the outbox's handler deletes the identity accounts; the member who stays keeps theirs and signs in.
    for (const row of after.get('outbox')!.filter((row) => row.topic === IDENTITY_DELETE_TOPIC)) {
      await deleteIdentityAccount(server.identity, (row.payload as { uid: string }).uid);
    }
    await expect(server.identity.auth.getUser(leaver.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    expect((await server.request('/api/user', { token: leaver.token })).status).toBe(401);
    expect((await server.request('/api/user', { token: stayer.token })).status).toBe(200);
    expect((await server.request(`/api/organizations/${globex.id}`, { token: stayer.token })).status).toBe(200);
    expect((await server.request(`/api/organizations/${acme.id}`, { token: admin.token })).status).toBe(404);
  });

  it('answers 404 for an organisation that is gone or never was', async () => {
    expect((await remove(2_000_000_000, 'nobody')).status).toBe(404);
  });

  it('serialises with a concurrent member write: the write lands before and is deleted, or waits and finds nothing', async () => {
    const doomed = await buildOrganization(server, { numberOfMembers: 100 });
    const manager = await buildUser(server, { organization: doomed, memberRole: 'manager' });
    await archive(doomed.id);
    const results = await Promise.all([
      server.request(`/api/organizations/${doomed.id}/members`, {
        method: 'POST',
        token: manager.token,
        json: { organization_member: { name: 'Late Joiner', email: `late-${randomBytes(4).toString('hex')}@example.com`, role: 'member' } },
      }),
      remove(doomed.id, doomed.identifier),
    ]);
    expect(results[1].status).toBe(200);
    expect([201, 401, 403, 404]).toContain(results[0].status);
    const left = await query<{ total: number }>(
      server,
      sql`select count(*)::int as total from organization_members where organization_id = ${doomed.id}`,
    );
    expect(Number(left[0]?.total)).toBe(0);
    const users = await query<{ total: number }>(server, sql`select count(*)::int as total from users where email like 'late-%'`);
    expect(Number(users[0]?.total)).toBe(0);
  });
});
