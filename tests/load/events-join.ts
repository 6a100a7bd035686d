// `node --import tsx tests/load/events-join.ts`: JOINS members join one event at once (applyMaximum MAXIMUM) through
// the server's own join service (row lock on the event, capacity check, insert) without HTTP, on PGlite (in memory)
// and, when it answers, PostgreSQL (a scratch database with a pool of POOL connections, dropped after).
// Prints the wall time, joins/s, p50/p99 latency and how many got in; asserts nothing (the tests hold the capacity).
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Session } from '../../server/src/auth/session-cache';
import { type DatabaseHandle, wrapPGlite, wrapPool } from '../../server/src/db/client';
import { migrateDatabase } from '../../server/src/db/migrate';
import { eventMembers, events } from '../../server/src/db/schema/events';
import { organizationMembers, organizations } from '../../server/src/db/schema/organizations';
import { users } from '../../server/src/db/schema/users';
import { ApiError } from '../../server/src/jsonapi/errors';
import { joinOrInvite } from '../../server/src/modules/events/members';
import { postgresAnswers, TEST_POSTGRES_URL, withScratchDatabase } from '../support/postgres';

const JOINS = Number(process.env.JOINS ?? 500);
const MAXIMUM = Number(process.env.MAXIMUM ?? 100);
const POOL = Number(process.env.POOL ?? 10);

async function bench(name: string, handle: DatabaseHandle) {
  await migrateDatabase(handle);
  const suffix = randomBytes(3).toString('hex');
  const [organization] = await handle.db
    .insert(organizations)
    .values({ name: 'Bench', identifier: `bench-${suffix}`, numberOfMembers: null })
    .returning();
  const userRows = await handle.db
    .insert(users)
    .values(
      Array.from({ length: JOINS + 1 }, (_, index) => ({
        firebaseUid: `bench-${suffix}-${index}`,
        email: `b${index}@bench.example`,
        name: `Bench ${index}`,
      })),
    )
    .returning();
  const memberRows = await handle.db
    .insert(organizationMembers)
    .values(userRows.map((user) => ({ userId: user.id, organizationId: organization!.id })))
    .returning();
  const startsAt = new Date(Date.now() + 7 * 24 * 3600 * 1000);
  const [event] = await handle.db
    .insert(events)
    .values({
      organizationId: organization!.id,
      name: 'Bench',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3600_000),
      applyMaximum: MAXIMUM,
    })
    .returning();
  await handle.db
    .insert(eventMembers)
    .values({ eventId: event!.id, organizationMemberId: memberRows[0]!.id, role: 'author', status: 'joined' });

  const sessions: Session[] = memberRows.slice(1).map((member, index) => ({
    user: { ...userRows[index + 1]!, createdAt: undefined, updatedAt: undefined } as unknown as Session['user'],
    memberships: [{ ...member, organization: organization! } as unknown as Session['memberships'][number]],
  }));
  const latencies: number[] = [];
  let full = 0;
  const started = performance.now();
  await Promise.all(
    sessions.map(async (session) => {
      const begin = performance.now();
      try {
        await handle.db.transaction((tx) =>
          joinOrInvite(
            tx,
            session,
            { organizationId: organization!.id, eventId: event!.id },
            { organization_member_id: session.memberships[0]!.id, role: 'member' },
            new Date(),
          ),
        );
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 'event.full')) throw error;
        full += 1;
      }
      latencies.push(performance.now() - begin);
    }),
  );
  const wall = performance.now() - started;
  latencies.sort((a, b) => a - b);
  const at = (share: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))]!.toFixed(0);
  const [{ joined } = { joined: 0 }] = (
    (await handle.db.execute(
      `select count(*)::int as joined from event_members where event_id = ${event!.id} and role = 'member'` as never,
    )) as unknown as { rows: { joined: number }[] }
  ).rows;
  console.log(
    `${name.padEnd(22)} ${JOINS} joins in ${(wall / 1000).toFixed(2)} s  ${Math.round(JOINS / (wall / 1000))} joins/s  p50 ${at(0.5)} ms  p99 ${at(0.99)} ms  ` +
      `joined ${joined} of max ${MAXIMUM}, refused full ${full}`,
  );
}

async function main() {
  // tests/ and server/ resolve different copies of @electric-sql/pglite; the runtime API is the same.
  const lite = wrapPGlite((await PGlite.create()) as never);
  try {
    await bench('PGlite (in memory)', lite);
  } finally {
    await lite.close();
  }
  if (!(await postgresAnswers())) {
    console.log(`PostgreSQL: ${TEST_POSTGRES_URL} does not answer; skipped.`);
    return;
  }
  await withScratchDatabase(async (url) => {
    const handle = wrapPool(new pg.Pool({ connectionString: url, max: POOL }));
    try {
      await bench(`PostgreSQL (pool ${POOL})`, handle);
    } finally {
      await handle.close();
    }
  });
}

await main();
