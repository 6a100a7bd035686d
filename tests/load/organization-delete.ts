// `node --import tsx tests/load/organization-delete.ts`: deleting an archived organisation of MEMBERS members (default
// 10,000; each with DAYS activity days (default 90), a group membership and a guild message) beside a second organisation
// of the same size, on PGlite (on disk) and PostgreSQL (ENGINES, default both). Runs the server's own deleteOrganization
// in one transaction without HTTP and prints the time, the rows removed and the outbox rows queued; asserts that the
// other organisation keeps every row. Decides docs/decisions.md "Issue 20 point 3": one transaction or a background job.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Session } from '../../server/src/auth/session-cache';
import type { DatabaseHandle } from '../../server/src/db/client';
import { migrateDatabase } from '../../server/src/db/migrate';
import { deleteOrganization } from '../../server/src/modules/organizations/deletion';
import { runOnEngines } from './engines';

const MEMBERS = Number(process.env.MEMBERS ?? 10_000);
const DAYS = Number(process.env.DAYS ?? 90);

type Rows<T> = { rows: T[] };
const one = async <T>(handle: DatabaseHandle, statement: ReturnType<typeof sql>) =>
  ((await handle.db.execute(statement)) as unknown as Rows<T>).rows[0] as T;

async function buildOrganization(handle: DatabaseHandle, identifier: string): Promise<number> {
  const { id } = await one<{ id: number }>(
    handle,
    sql`insert into organizations (name, identifier, archived, number_of_members) values (${identifier}, ${identifier}, true, null) returning id`,
  );
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into users (firebase_uid, email, name)
      select ${identifier} || '-uid-' || n, ${identifier} || '-' || n || '@bench.example', 'Bench ' || n from generate_series(1, ${MEMBERS}) n`);
    await tx.execute(sql`
      insert into organization_members (user_id, organization_id, role)
      select id, ${id}, 'member' from users where email like ${`${identifier}-%`}`);
    await tx.execute(sql`insert into groups (organization_id, name) values (${id}, 'Bench group')`);
    await tx.execute(sql`
      insert into group_memberships (group_id, organization_member_id)
      select (select id from groups where organization_id = ${id}), m.id from organization_members m where m.organization_id = ${id}`);
    await tx.execute(sql`
      insert into activity_days (organization_member_id, day, steps, source)
      select m.id, current_date - d, 5000 + d, 'app'
      from organization_members m cross join generate_series(1, ${DAYS}) d where m.organization_id = ${id}`);
    await tx.execute(sql`insert into guilds (organization_id, name) values (${id}, 'Bench guild')`);
    await tx.execute(sql`
      insert into guild_messages (guild_id, organization_member_id, body)
      select (select id from guilds where organization_id = ${id}), m.id, 'hello' from organization_members m where m.organization_id = ${id}`);
  });
  return id;
}

const countRows = async (handle: DatabaseHandle, id: number) =>
  one<{ members: number; days: number }>(
    handle,
    sql`select (select count(*)::int from organization_members where organization_id = ${id}) as members,
               (select count(*)::int from activity_days a join organization_members m on m.id = a.organization_member_id
                 where m.organization_id = ${id}) as days`,
  );

async function bench(engine: string, handle: DatabaseHandle) {
  await migrateDatabase(handle);
  const suffix = randomBytes(3).toString('hex');
  const built = performance.now();
  const doomed = await buildOrganization(handle, `doomed-${suffix}`);
  const kept = await buildOrganization(handle, `kept-${suffix}`);
  const { id: adminId } = await one<{ id: number }>(
    handle,
    sql`insert into users (firebase_uid, email, name, role) values (${`admin-${suffix}`}, ${`admin-${suffix}@bench.example`}, 'Admin', 'admin') returning id`,
  );
  const actor = { user: { id: adminId, name: 'Admin', email: `admin-${suffix}@bench.example`, role: 'admin' } } as unknown as Session;
  const keptBefore = await countRows(handle, kept);
  console.log(
    `\n${engine}: 2 organisations of ${MEMBERS.toLocaleString('en')} members, ${DAYS} activity days each (built in ${((performance.now() - built) / 1000).toFixed(1)} s)`,
  );

  const started = performance.now();
  const deletion = await handle.db.transaction((tx) =>
    deleteOrganization(tx, { organizationId: doomed, identifierConfirmation: `doomed-${suffix}`, actor }),
  );
  const seconds = (performance.now() - started) / 1000;
  const keptAfter = await countRows(handle, kept);
  if (JSON.stringify(keptAfter) !== JSON.stringify(keptBefore))
    throw new Error(`the kept organisation changed: ${JSON.stringify(keptAfter)}`);
  console.log(
    `  delete: ${seconds.toFixed(2)} s in one transaction; ${deletion.members.toLocaleString('en')} memberships, ${deletion.removedUsers.toLocaleString('en')} users, ` +
      `${(MEMBERS * DAYS).toLocaleString('en')} activity days removed; ${deletion.identityUids.length.toLocaleString('en')} identity deletions queued`,
  );
}

await runOnEngines(bench, { defaultEngines: 'pglite,postgres', scratchPrefix: 'kiwi-org-delete-' });
