// `node --import tsx tests/load/gacha.ts`: gacha draws and coin exchanges under MEMBERS (500) concurrent members of
// one organisation, on PostgreSQL (a scratch database, dropped after) and, with ENGINES=pglite,postgres, PGlite on
// disk. Runs the exact request code of the routes (performDraw / performExchange: the lazy weekly stock, one
// transaction per draw with its locks, the ledger), without HTTP and sign-in. Each member has stamps for DRAWS (4)
// weekly draws and draws them one after another, all members at once; then every member draws the dream gacha once
// and exchanges coins once, all at once, on a gift of stock 10. Prints draws per second and p50 / p99 per request,
// then the conservation check (ledger sum 0, balances equal their entries, none negative, stock = initial - won).
// The figures are for people; it fails only when a check does.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { STAMPS_PER_CARD } from '../../shared/src/domain/gacha-stock';
import type { DatabaseHandle } from '../../server/src/db/client';
import { migrateDatabase } from '../../server/src/db/migrate';
import { ApiError } from '../../server/src/jsonapi/errors';
import { performDraw, performExchange } from '../../server/src/modules/gacha/service';
import { ledgerProblems } from '../../server/src/modules/gacha/test-helpers';
import { runOnEngines } from './engines';
import { percentile } from './kiwi-server';

const MEMBERS = Number(process.env.MEMBERS ?? 500);
const DRAWS = Number(process.env.DRAWS ?? 4);

type Rows<T> = { rows: T[] };
const rows = async <T>(handle: DatabaseHandle, query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as Rows<T>).rows;

/** One organisation of MEMBERS members with 1,000 coins and stamps for DRAWS weekly draws each; the prizes. */
async function load(handle: DatabaseHandle): Promise<{ memberIds: number[]; exchangeGiftId: number }> {
  const tag = randomBytes(3).toString('hex');
  const [organization] = await rows<{ id: number }>(
    handle,
    sql`insert into organizations (name, identifier, plan) values ('Gacha bench', ${`gacha-${tag}`}, 'business') returning id`,
  );
  const organizationId = Number(organization!.id);
  await handle.db.execute(sql`
    insert into users (firebase_uid, email, name) select 'gacha-' || ${tag} || '-' || i, 'gacha' || i || '-' || ${tag} || '@bench.example', 'Player ' || i
    from generate_series(1, ${MEMBERS}) i`);
  const memberIds = (
    await rows<{ id: number }>(
      handle,
      sql`insert into organization_members (user_id, organization_id) select id, ${organizationId} from users where firebase_uid like ${`gacha-${tag}-%`} returning id`,
    )
  ).map((row) => Number(row.id));
  // Coins through the ledger's own tables: one issuance movement, one entry per member, balances to match.
  const [movement] = await rows<{ id: number }>(handle, sql`insert into coin_movements (reason) values ('admin_grant') returning id`);
  await handle.db.execute(sql`
    insert into coin_ledger_entries (movement_id, account, organization_member_id, delta)
    select ${movement!.id}, 'member', id, 1000 from organization_members where organization_id = ${organizationId}`);
  await handle.db.execute(sql`
    insert into coin_ledger_entries (movement_id, account, delta) values (${movement!.id}, 'issuance', ${-1000 * MEMBERS})`);
  await handle.db.execute(sql`update organization_members set coin_balance = 1000 where organization_id = ${organizationId}`);
  const [quest] = await rows<{ id: number }>(
    handle,
    sql`insert into quests (title, period_type, goal_type, reward_type) values ('Bench stamp', 'daily', 'step', 'stamp') returning id`,
  );
  const stamps = (DRAWS - 1) * STAMPS_PER_CARD;
  await handle.db.execute(sql`
    insert into quest_completions (quest_id, organization_member_id, period_key, goal_value, reward_type)
    select ${quest!.id}, m.id, 'bench-' || s, 1, 'stamp'
    from organization_members m cross join generate_series(1, ${stamps}) s where m.organization_id = ${organizationId}`);
  await handle.db.execute(sql`
    insert into gifts (gift_type, name, price, weekly_gacha_calculation_type) values
      ('weekly_gacha', 'Bronze sticker', 100, 'bronze'), ('weekly_gacha', 'Silver mug', 500, 'silver'),
      ('weekly_gacha', 'Gold voucher', 3000, 'gold'), ('weekly_gacha', 'Card prize', 1000, 'stamp_complete')`);
  await handle.db.execute(sql`insert into gifts (gift_type, name, price, stock) values ('dream_gacha', 'Trip', 100000, 5)`);
  const [exchange] = await rows<{ id: number }>(
    handle,
    sql`insert into gifts (gift_type, name, need_coins, price, stock) values ('coin_exchange', 'Coffee', 50, 500, 10) returning id`,
  );
  await handle.db.execute(sql`analyze`);
  return { memberIds, exchangeGiftId: Number(exchange!.id) };
}

type Outcome = { ms: number; code: string | null; won: boolean };

async function timed(run: () => Promise<{ won: boolean }>): Promise<Outcome> {
  const started = performance.now();
  try {
    const { won } = await run();
    return { ms: performance.now() - started, code: null, won };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { ms: performance.now() - started, code: error.code, won: false };
  }
}

function report(label: string, outcomes: Outcome[], wallMs: number): void {
  const sorted = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const refusals = new Map<string, number>();
  for (const o of outcomes) if (o.code) refusals.set(o.code, (refusals.get(o.code) ?? 0) + 1);
  console.log(
    `  ${label.padEnd(34)} ${outcomes.length.toString().padStart(5)} requests in ${(wallMs / 1000).toFixed(1)} s = ${((outcomes.length * 1000) / wallMs).toFixed(0).padStart(4)}/s   p50 ${percentile(sorted, 50).toFixed(0).padStart(5)} ms   p99 ${percentile(sorted, 99).toFixed(0).padStart(5)} ms   won ${outcomes.filter((o) => o.won).length}${refusals.size ? `   refused ${[...refusals].map(([code, n]) => `${code} ×${n}`).join(', ')}` : ''}`,
  );
}

async function bench(engine: string, handle: DatabaseHandle): Promise<void> {
  console.log(`\n${engine}: ${MEMBERS} concurrent members, ${DRAWS} weekly draws each, then one dream draw and one exchange each`);
  await migrateDatabase(handle);
  const { memberIds, exchangeGiftId } = await load(handle);
  const now = () => new Date();

  let started = performance.now();
  const weekly = (
    await Promise.all(
      memberIds.map(async (memberId) => {
        const mine: Outcome[] = [];
        for (let i = 0; i < DRAWS; i++) {
          mine.push(
            await timed(async () => ({
              won: (await performDraw(handle, 'weekly_gacha', { memberId, requestKey: null, now: now() })).redemption !== null,
            })),
          );
        }
        return mine;
      }),
    )
  ).flat();
  report('weekly draws', weekly, performance.now() - started);

  started = performance.now();
  const dream = await Promise.all(
    memberIds.map((memberId) =>
      timed(async () => ({
        won: (await performDraw(handle, 'dream_gacha', { memberId, requestKey: null, now: now() })).redemption !== null,
      })),
    ),
  );
  report('dream draws', dream, performance.now() - started);

  started = performance.now();
  const exchanges = await Promise.all(
    memberIds.map((memberId) =>
      timed(async () => {
        await performExchange(handle, { memberId, giftId: exchangeGiftId, requestKey: null, now: now() });
        return { won: true };
      }),
    ),
  );
  report('exchanges (stock 10)', exchanges, performance.now() - started);

  // Conservation.
  const ledger = await ledgerProblems(handle);
  const [stock] = await rows<{ initial: number; remaining: number; won: number }>(
    handle,
    sql`select sum(s.initial_stock)::int as initial, sum(s.remaining)::int as remaining,
          (select count(*)::int from gacha_draws d where d.gacha_type = 'weekly_gacha' and d.redemption_id is not null) as won
        from weekly_gacha_stocks s`,
  );
  const [exchanged] = await rows<{ n: number; stock: number }>(
    handle,
    sql`select (select count(*)::int from gift_redemptions where gift_id = ${exchangeGiftId}) as n, (select stock from gifts where id = ${exchangeGiftId}) as stock`,
  );
  const weeklyWon = weekly.filter((o) => o.won).length;
  console.log(
    `  conservation: ledger sum ${ledger.ledgerSum}, balances not equal to their entries ${ledger.mismatchedBalances}, negative balances ${ledger.negativeBalances}; weekly stock ${stock!.initial} - won ${stock!.won} = remaining ${stock!.remaining}; exchanges ${exchanged!.n} of stock 10 (left ${exchanged!.stock})`,
  );
  const failures = [
    ledger.ledgerSum !== 0 && 'ledger sum',
    ledger.mismatchedBalances !== 0 && 'balances',
    ledger.negativeBalances !== 0 && 'negative balance',
    Number(stock!.initial) - Number(stock!.won) !== Number(stock!.remaining) && 'weekly stock',
    Number(stock!.won) !== weeklyWon && 'weekly winners',
    Number(exchanged!.n) !== 10 && 'exchange stock',
    exchanges.filter((o) => o.won).length !== 10 && 'exchange winners',
  ].filter(Boolean);
  if (failures.length > 0) throw new Error(`conservation broken: ${failures.join(', ')}`);
  console.log('  conservation: OK');
}

await runOnEngines(bench, { defaultEngines: 'postgres', scratchPrefix: 'kiwi-bench-gacha-' });
