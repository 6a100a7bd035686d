// `node --import tsx tests/load/surveys-results.ts`: the survey queries at organisation scale on an in-memory PGlite.
// One organisation with MEMBERS members in GROUPS groups, every member answering; times the result (organisation and
// per-group aggregates), the list with its answered summaries, the non-responder query of a reminder, and a burst of
// answers. Prints figures; asserts nothing (not part of `npm test`).
import { PGlite } from '@electric-sql/pglite';
import { WELL_BEING_QUESTION_IDS } from '../../shared/src/domain/well-being';
import type { Session } from '../../server/src/auth/session-cache';
import { wrapPGlite } from '../../server/src/db/client';
import { migrateDatabase } from '../../server/src/db/migrate';
import { groupMemberships, groups } from '../../server/src/db/schema/groups';
import { organizationMembers, organizations } from '../../server/src/db/schema/organizations';
import { wellBeingSurveys } from '../../server/src/db/schema/surveys';
import { users } from '../../server/src/db/schema/users';
import { answerSurvey } from '../../server/src/modules/surveys/answers';
import { nonResponders } from '../../server/src/modules/surveys/reminders';
import { surveyResult } from '../../server/src/modules/surveys/results';
import { listSurveys } from '../../server/src/modules/surveys/views';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 2000);
const GROUPS = 20;
const ROUNDS = 20;

async function timed(name: string, rounds: number, run: () => Promise<unknown>) {
  const times: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(`${name.padEnd(40)} p50 ${at(0.5).padStart(7)} ms  p95 ${at(0.95).padStart(7)} ms  (${rounds} runs)`);
}

// The root and the server may hold different copies of PGlite's types; at run time they are the same engine.
const handle = wrapPGlite((await PGlite.create()) as unknown as Parameters<typeof wrapPGlite>[0]);
await migrateDatabase(handle);
const { db } = handle;
const [organization] = await db.insert(organizations).values({ name: 'Bench', identifier: 'bench', numberOfMembers: null }).returning();
const userRows = await db
  .insert(users)
  .values(Array.from({ length: MEMBERS }, (_, index) => ({ firebaseUid: `bench-${index}`, email: `bench-${index}@bench.example` })))
  .returning({ id: users.id });
const memberRows = await db
  .insert(organizationMembers)
  .values(userRows.map((user) => ({ userId: user.id, organizationId: organization!.id })))
  .returning();
const groupRows = await db
  .insert(groups)
  .values(Array.from({ length: GROUPS }, (_, index) => ({ organizationId: organization!.id, name: `Group ${index}` })))
  .returning({ id: groups.id });
await db
  .insert(groupMemberships)
  .values(memberRows.map((member, index) => ({ groupId: groupRows[index % GROUPS]!.id, organizationMemberId: member.id })));
const [survey] = await db
  .insert(wellBeingSurveys)
  .values({ organizationId: organization!.id, title: 'Bench', expiredAt: new Date(Date.now() + 7 * 24 * 3600 * 1000) })
  .returning();

const now = new Date();
const answers = (seed: number) => Object.fromEntries(WELL_BEING_QUESTION_IDS.map((id, index) => [id, (seed + index) % 11])) as never;
const membership = (index: number) => ({ ...memberRows[index]!, organization: { ...organization!, serviceStartedAt: null } }) as never;

console.log(`surveys at ${MEMBERS} members in ${GROUPS} groups (PGlite, in memory)`);
let next = 0;
await timed('answer (one member, one transaction)', MEMBERS / 2, () => {
  const index = next++;
  return db.transaction((tx) => answerSurvey(tx, survey!, membership(index), { answers: answers(index) }, now));
});
const admin: Session = {
  user: {
    id: 0,
    firebaseUid: 'admin',
    role: 'admin',
    name: '',
    email: '',
    nickname: null,
    nicknameKey: null,
    heightCm: null,
    weightKg: null,
    birthday: null,
    restingHeartRate: null,
    icon: null,
    language: 'ja',
    notificationPreferences: {},
    cancelledAt: null,
    signInDisabledAt: null,
    lastSignedInAt: null,
    confirmationPending: false,
  },
  memberships: [],
};
await timed('non-responders of a reminder (half left)', ROUNDS, () => db.transaction((tx) => nonResponders(tx, survey!, now)));
while (next < MEMBERS) {
  const index = next++;
  await db.transaction((tx) => answerSurvey(tx, survey!, membership(index), { answers: answers(index) }, now));
}
await timed('result: organisation + groups (all answered)', ROUNDS, () => db.transaction((tx) => surveyResult(tx, admin, survey!.id, now)));
await timed('list with answered summaries', ROUNDS, () => db.transaction((tx) => listSurveys(tx, admin, { page: 1, per: 20 }, now)));
await handle.close();
