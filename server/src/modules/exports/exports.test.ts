import { request as httpRequest } from 'node:http';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJobs } from '../../db/schema/admin-console';
import { coinLedgerEntries, coinMovements } from '../../db/schema/coins';
import { groupMemberships, groups } from '../../db/schema/groups';
import type { OrganizationRow } from '../../db/schema/organizations';
import { giftRedemptions, gifts } from '../../db/schema/rewards';
import { staffActions } from '../../db/schema/admin-console';
import { type BuiltUser, buildOrganization, buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { moveCoins } from '../coins/ledger';
import { RETURN_AMOUNT_COLUMNS, SCORE_COLUMNS } from './columns';
import { createExportWorker, encodeText, type ExportWorker } from './worker';

const BIG = 10_000;

/** A name per member that a CSV must carry intact: Japanese (CP932 extensions too), quotes, commas, newlines, formulas. */
const NAME_SQL = sql`case i % 8
  when 0 then '髙橋 ①郎' || i
  when 1 then '"引用" 符' || i
  when 2 then '佐藤, 花子' || i
  when 3 then E'改行\nさん' || i
  when 4 then '=SUM(A1:A2)' || i
  when 5 then '+81 ' || i
  when 6 then '-鈴木' || i
  else '@山本' || i end`;
const nameOf = (i: number) =>
  [`髙橋 ①郎${i}`, `"引用" 符${i}`, `佐藤, 花子${i}`, `改行\nさん${i}`, `'=SUM(A1:A2)${i}`, `'+81 ${i}`, `'-鈴木${i}`, `'@山本${i}`][
    i % 8
  ]!;

/** `count` members of the organisation, created before 2026, named as NAME_SQL; their ids in order of i. */
async function bulkMembers(server: TestServer, organization: OrganizationRow, count: number): Promise<number[]> {
  const tag = organization.identifier;
  await server.db.db.execute(sql`
    insert into users (firebase_uid, email, name)
    select ${`bulk-${tag}-`} || i, ${`m`} || i || ${`@${tag}.example`}, ${NAME_SQL}
    from generate_series(1, ${count}) as i`);
  const rows = (await server.db.db.execute(sql`
    insert into organization_members (user_id, organization_id, created_at)
    select u.id, ${organization.id}, '2025-12-01T00:00:00Z' from users u
    where u.firebase_uid like ${`bulk-${tag}-%`}
    order by u.id
    returning id`)) as unknown as { rows: { id: number }[] };
  return rows.rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; bytes: Uint8Array; body: any };

/**
 * One request on its own connection (agent: false). PGlite runs in this process, so a long export blocks the event
 * loop past the server's keep-alive timeout, and fetch's reused socket may then be reset under the next request.
 */
function call(base: string, path: string, { method = 'GET', token, json }: { method?: string; token?: string; json?: unknown } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const body = json === undefined ? undefined : JSON.stringify(json);
    const req = httpRequest(
      `${base}${path}`,
      {
        method,
        agent: false,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const bytes = new Uint8Array(Buffer.concat(chunks));
          let parsed: unknown = null;
          if (String(res.headers['content-type']).includes('json')) parsed = JSON.parse(new TextDecoder().decode(bytes));
          resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes, body: parsed });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

type Csv = string[][];
const parseCsv = (text: string): Csv => parse(text, { bom: true, relax_column_count: false }) as Csv;

describe('score and return-amount exports', () => {
  let server: TestServer;
  let worker: ExportWorker;
  let admin: BuiltUser;
  let manager: BuiltUser;
  let big: OrganizationRow;
  let small: OrganizationRow;
  let bigIds: number[];
  let smallIds: number[];

  beforeAll(async () => {
    server = await startTestServer();
    worker = createExportWorker({ db: server.db });
    [big, small] = await Promise.all([buildOrganization(server, { numberOfMembers: null }), buildOrganization(server)]);
    [admin, manager] = await Promise.all([
      buildUser(server, { role: 'admin' }),
      buildUser(server, { organization: small, memberRole: 'manager' }),
    ]);
    bigIds = await bulkMembers(server, big, BIG);
    smallIds = await bulkMembers(server, small, 30);
    // Health points in January and February 2026 (activity_months, as the activity service keeps them).
    await server.db.db.execute(sql`
      insert into activity_months (organization_member_id, month, health_points, active_days)
      select m.id, mo.month::date, (m.id % 97) + case when mo.month = '2026-02-01' then 1000 else 0 end, m.id % 28
      from organization_members m cross join (values ('2026-01-01'), ('2026-02-01')) as mo(month)
      where m.organization_id in (${big.id}, ${small.id})`);
  }, 600_000);
  afterAll(() => server?.close());

  const post = (body: unknown, token = admin.token) => call(server.url, '/api/exports', { method: 'POST', token, json: { export: body } });
  const get = (path: string, token = admin.token) => call(server.url, path, { token });
  const runAll = async () => {
    while ((await worker.runOnce()) > 0) {
      /* until nothing is queued */
    }
  };
  const download = async (id: string, token = admin.token) => {
    const answer = await get(`/api/exports/${id}/download`, token);
    return { ...answer, response: answer };
  };

  async function scoreExport(encoding: 'utf8_bom' | 'shift_jis', language: 'ja' | 'en' = 'ja') {
    const created = await post({ kind: 'score', encoding, organization_id: big.id, from: '2026-01', to: '2026-02', language });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.attributes).toMatchObject({ status: 'queued', 'rows-done': 0, kind: 'score', encoding });
    await runAll();
    const shown = await get(`/api/exports/${created.body.data.id}`);
    expect(shown.body.data.attributes).toMatchObject({ status: 'done', 'rows-done': BIG * 2, 'rows-total': BIG * 2, expired: false });
    const { response, bytes } = await download(created.body.data.id);
    expect(response.status).toBe(200);
    return { id: created.body.data.id as string, response, bytes };
  }

  function expectBigScore(rows: Csv, language: 'ja' | 'en') {
    expect(rows[0]).toEqual(SCORE_COLUMNS.map((column) => column[language]));
    expect(rows).toHaveLength(1 + BIG * 2);
    // Every member of the organisation, both months, in member order; nobody else's.
    for (const [index, id] of bigIds.entries()) {
      const i = index + 1;
      const january = rows[1 + index * 2]!;
      const february = rows[2 + index * 2]!;
      expect(january).toEqual([
        big.identifier,
        big.name,
        String(id),
        nameOf(i),
        `m${i}@${big.identifier}.example`,
        '2026-01',
        String(id % 97),
        String(id % 28),
      ]);
      expect(february.slice(2, 8)).toEqual([
        String(id),
        nameOf(i),
        `m${i}@${big.identifier}.example`,
        '2026-02',
        String((id % 97) + 1000),
        String(id % 28),
      ]);
    }
  }

  it('writes a 10,000-member score export as UTF-8 with a BOM that csv-parse reads back cell for cell', async () => {
    const { bytes, response } = await scoreExport('utf8_bom');
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="???_${big.identifier}_2026-01_2026-02.csv"; filename*=UTF-8''%E3%82%B9%E3%82%B3%E3%82%A2_${big.identifier}_2026-01_2026-02.csv`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expectBigScore(parseCsv(new TextDecoder('utf-8').decode(bytes)), 'ja');
  }, 300_000);

  it('writes the same export in Shift_JIS (CP932) that TextDecoder("shift_jis") reads back, with the English header', async () => {
    const { bytes, response } = await scoreExport('shift_jis', 'en');
    expect(response.headers['content-type']).toBe('text/csv; charset=shift_jis');
    expect(response.headers['content-disposition']).toBe(`attachment; filename=score_${big.identifier}_2026-01_2026-02.csv`);
    // No BOM in Shift_JIS; 髙 and ① are CP932 extensions (IBM and NEC rows), not in plain JIS X 0208.
    expect(bytes[0]).toBe('O'.charCodeAt(0));
    const text = new TextDecoder('shift_jis', { fatal: true }).decode(bytes);
    expectBigScore(parseCsv(text), 'en');
  }, 300_000);

  it('turns characters CP932 has no code for into ?, and keeps the rest', () => {
    const bytes = encodeText('絵文字😀,𠮷野家,髙①\r\n', 'shift_jis');
    expect(new TextDecoder('shift_jis').decode(bytes)).toBe('絵文字?,?野家,髙①\r\n');
  });

  it('filters by a group (and the groups below it) of the organisation, never another organisation', async () => {
    const [parent] = await server.db.db.insert(groups).values({ organizationId: small.id, name: '営業部' }).returning();
    const [child] = await server.db.db
      .insert(groups)
      .values({ organizationId: small.id, name: '営業一課', parentId: parent!.id })
      .returning();
    const [foreign] = await server.db.db.insert(groups).values({ organizationId: big.id, name: 'よそ' }).returning();
    await server.db.db.insert(groupMemberships).values([
      { groupId: parent!.id, organizationMemberId: smallIds[0]! },
      { groupId: child!.id, organizationMemberId: smallIds[1]! },
      { groupId: foreign!.id, organizationMemberId: bigIds[0]! },
    ]);
    const created = await post({
      kind: 'score',
      encoding: 'utf8_bom',
      organization_id: small.id,
      group_id: parent!.id,
      from: '2026-01',
      to: '2026-01',
    });
    expect(created.status).toBe(201);
    expect(created.body.data.attributes).toMatchObject({ 'group-name': '営業部', 'organization-name': small.name });
    await runAll();
    const rows = parseCsv(new TextDecoder().decode((await download(created.body.data.id)).bytes));
    expect(rows.slice(1).map((row) => row[2])).toEqual([String(smallIds[0]), String(smallIds[1])]);

    // Another organisation's group, a group without its organisation, a group on the return amount: refused.
    const foreignGroup = await post({
      kind: 'score',
      encoding: 'utf8_bom',
      organization_id: small.id,
      group_id: foreign!.id,
      from: '2026-01',
      to: '2026-01',
    });
    expect(foreignGroup.status).toBe(422);
    expect(foreignGroup.body.errors[0]).toMatchObject({
      code: 'validation.notFoundInOrganization',
      source: { pointer: '/export/group_id' },
    });
    const noOrganization = await post({ kind: 'score', encoding: 'utf8_bom', group_id: parent!.id, from: '2026-01', to: '2026-01' });
    expect(noOrganization.body.errors[0]).toMatchObject({ code: 'validation.required', source: { pointer: '/export/organization_id' } });
    const returnGroup = await post({
      kind: 'return_amount',
      encoding: 'utf8_bom',
      organization_id: small.id,
      group_id: parent!.id,
      from: '2026-01',
      to: '2026-01',
    });
    expect(returnGroup.body.errors[0]).toMatchObject({ code: 'validation.exclusiveOptions', source: { pointer: '/export/group_id' } });
    const unknownOrganization = await post({
      kind: 'score',
      encoding: 'utf8_bom',
      organization_id: 2_000_000_000,
      from: '2026-01',
      to: '2026-01',
    });
    expect(unknownOrganization.body.errors[0]).toMatchObject({ code: 'validation.notFoundInOrganization' });
  });

  it('refuses a bad range: to before from, more than 36 months, a malformed month, unknown keys', async () => {
    const base = { kind: 'score', encoding: 'utf8_bom', organization_id: small.id };
    const cases: [unknown, string, string][] = [
      [{ ...base, from: '2026-03', to: '2026-01' }, '/export/to', 'validation.endAfterStart'],
      [{ ...base, from: '2020-01', to: '2023-01' }, '/export/to', 'validation.tooBig'],
      [{ ...base, from: '2026-13', to: '2026-13' }, '/export/from', 'validation.invalidFormat'],
      [{ ...base, kind: 'salary', from: '2026-01', to: '2026-01' }, '/export/kind', 'validation.oneOf'],
      [{ ...base, encoding: 'latin1', from: '2026-01', to: '2026-01' }, '/export/encoding', 'validation.oneOf'],
      [{ ...base, from: '2026-01', to: '2026-01', extra: 1 }, '/export/extra', 'validation.unknownKey'],
    ];
    for (const [body, pointer, code] of cases) {
      const response = await post(body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(
        response.body.errors.map((error: { code: string; source: { pointer: string } }) => [error.source.pointer, error.code]),
      ).toContainEqual([pointer, code]);
    }
  });

  it('sums each organisation month of the return amount: coins granted, spent on rewards, refunded and the yen value', async () => {
    const [first, second] = smallIds as [number, number];
    const move = async (
      at: string,
      reason: Parameters<typeof moveCoins>[1]['reason'],
      toMember: boolean,
      member: number,
      amount: number,
    ) => {
      const movementId = await server.db.db.transaction((tx) =>
        toMember
          ? moveCoins(tx, { from: { kind: 'issuance' }, legs: [{ to: { kind: 'member', organizationMemberId: member }, amount }], reason })
          : moveCoins(tx, { from: { kind: 'member', organizationMemberId: member }, legs: [{ to: { kind: 'issuance' }, amount }], reason }),
      );
      await server.db.db
        .update(coinLedgerEntries)
        .set({ createdAt: new Date(at) })
        .where(eq(coinLedgerEntries.movementId, movementId));
      await server.db.db
        .update(coinMovements)
        .set({ createdAt: new Date(at) })
        .where(eq(coinMovements.id, movementId));
    };
    await move('2026-01-10T00:00:00Z', 'activity', true, first, 500);
    await move('2026-01-11T00:00:00Z', 'quest_reward', true, second, 200);
    await move('2026-01-12T00:00:00Z', 'gift_exchange', false, first, 300);
    await move('2026-01-13T00:00:00Z', 'dream_gacha', false, second, 50);
    await move('2026-01-14T00:00:00Z', 'gift_refund', true, first, 100);
    // 2026-01-31 16:00 UTC is February 1st in Japan.
    await move('2026-01-31T16:00:00Z', 'activity', true, first, 7);
    // A refund in a later month than its spending: the month's net is negative, written as a number (not defused).
    await move('2026-02-03T00:00:00Z', 'gift_refund', true, second, 40);
    // Another organisation's coins never count here.
    await move('2026-01-10T00:00:00Z', 'activity', true, bigIds[0]!, 999);
    const [gift] = await server.db.db
      .insert(gifts)
      .values({ giftType: 'coin_exchange', name: 'カフェ券', needCoins: 300, price: 500 })
      .returning();
    await server.db.db.insert(giftRedemptions).values([
      {
        organizationId: small.id,
        organizationMemberId: first,
        giftId: gift!.id,
        source: 'coin_exchange',
        coinsSpent: 300,
        price: 500,
        status: 'issued',
        createdAt: new Date('2026-01-12T00:00:00Z'),
      },
      {
        organizationId: small.id,
        organizationMemberId: second,
        giftId: gift!.id,
        source: 'dream_gacha',
        coinsSpent: 50,
        price: 1200,
        status: 'pending',
        createdAt: new Date('2026-01-13T00:00:00Z'),
      },
      {
        organizationId: small.id,
        organizationMemberId: first,
        giftId: gift!.id,
        source: 'coin_exchange',
        coinsSpent: 100,
        price: 800,
        status: 'failed',
        createdAt: new Date('2026-01-14T00:00:00Z'),
      },
      {
        organizationId: big.id,
        organizationMemberId: bigIds[0]!,
        giftId: gift!.id,
        source: 'coin_exchange',
        coinsSpent: 1,
        price: 9999,
        status: 'issued',
        createdAt: new Date('2026-01-12T00:00:00Z'),
      },
    ]);

    const created = await post({
      kind: 'return_amount',
      encoding: 'shift_jis',
      organization_id: small.id,
      from: '2026-01',
      to: '2026-03',
      language: 'ja',
    });
    expect(created.status).toBe(201);
    await runAll();
    const { bytes } = await download(created.body.data.id);
    const rows = parseCsv(new TextDecoder('shift_jis').decode(bytes));
    expect(rows[0]).toEqual(RETURN_AMOUNT_COLUMNS.map((column) => column.ja));
    expect(rows.slice(1)).toEqual([
      [small.identifier, small.name, '2026-01', '700', '300', '50', '100', '250', '2', '1700'],
      [small.identifier, small.name, '2026-02', '7', '0', '0', '40', '-40', '0', '0'],
      [small.identifier, small.name, '2026-03', '0', '0', '0', '0', '0', '0', '0'],
    ]);

    // Without an organisation: every organisation, each with its own figures.
    const all = await post({ kind: 'return_amount', encoding: 'utf8_bom', from: '2026-01', to: '2026-01' });
    await runAll();
    const everyRow = parseCsv(new TextDecoder().decode((await download(all.body.data.id)).bytes)).slice(1);
    expect(everyRow.find((row) => row[0] === big.identifier)).toEqual([
      big.identifier,
      big.name,
      '2026-01',
      '999',
      '0',
      '0',
      '0',
      '0',
      '1',
      '9999',
    ]);
    expect(everyRow.find((row) => row[0] === small.identifier)?.[9]).toBe('1700');
  });

  it('lists exports newest first with progress, logs the request, and answers 409 before done and 410 once expired', async () => {
    const created = await post({ kind: 'score', encoding: 'utf8_bom', organization_id: small.id, from: '2026-01', to: '2026-01' });
    const id = created.body.data.id as string;
    const list = await get('/api/exports?per=2');
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({ id, type: 'exports', attributes: { status: 'queued', 'rows-done': 0, 'rows-total': null } });
    expect(list.body.meta['total-count']).toBeGreaterThan(2);

    const early = await download(id);
    expect(early.status).toBe(409);
    expect(JSON.parse(new TextDecoder().decode(early.bytes)).errors[0].code).toBe('exports.notReady');
    const [logged] = await server.db.db
      .select()
      .from(staffActions)
      .where(sql`${staffActions.kind} = 'exports.create' and ${staffActions.targetId} = ${id}`);
    expect(logged).toMatchObject({ actorUserId: admin.user.id, organizationId: small.id, method: 'POST', route: '/api/exports' });

    await runAll();
    expect((await download(id)).response.status).toBe(200);
    await server.db.db
      .update(exportJobs)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(exportJobs.id, Number(id)));
    const expired = await download(id);
    expect(expired.status).toBe(410);
    expect(JSON.parse(new TextDecoder().decode(expired.bytes)).errors[0].code).toBe('exports.expired');
    expect((await get(`/api/exports/${id}`)).body.data.attributes.expired).toBe(true);
    // The next worker pass drops the expired file's bytes; the row stays in the list.
    await worker.runOnce();
    const [row] = await server.db.db
      .select({ content: exportJobs.content })
      .from(exportJobs)
      .where(eq(exportJobs.id, Number(id)));
    expect(row!.content).toBeNull();
    expect((await download(id)).response.status).toBe(410);
  });

  it('refuses everyone but an admin, the file included (401 without a token, 403 for a manager)', async () => {
    const created = await post({ kind: 'score', encoding: 'utf8_bom', organization_id: small.id, from: '2026-01', to: '2026-01' });
    await runAll();
    const id = created.body.data.id as string;
    expect((await download(id, '')).response.status).toBe(401);
    expect((await download(id, manager.token)).response.status).toBe(403);
    expect(
      (await post({ kind: 'score', encoding: 'utf8_bom', organization_id: small.id, from: '2026-01', to: '2026-01' }, manager.token))
        .status,
    ).toBe(403);
    expect((await get('/api/exports/2000000000')).status).toBe(404);
  });

  it('lets a second worker take over an export whose lease ran out; the first stops without writing', async () => {
    const created = await post({ kind: 'score', encoding: 'utf8_bom', from: '2026-01', to: '2026-02' });
    const id = Number(created.body.data.id);
    const second = createExportWorker({ db: server.db });
    let tookOver = false;
    const first = createExportWorker({
      db: server.db,
      onBatch: async () => {
        if (tookOver) return;
        tookOver = true;
        // The first worker stalls past its lease: the second claims the export again and finishes it.
        await server.db.db
          .update(exportJobs)
          .set({ updatedAt: new Date(Date.now() - 10 * 60_000) })
          .where(eq(exportJobs.id, id));
        expect(await second.runOnce()).toBe(1);
      },
    });
    expect(await first.runOnce()).toBe(1);
    expect(tookOver).toBe(true);
    const [row] = await server.db.db.select().from(exportJobs).where(eq(exportJobs.id, id));
    expect(row).toMatchObject({ status: 'done', rowsDone: row!.rowsTotal });
    const rows = parseCsv(new TextDecoder().decode(row!.content!));
    expect(rows.length - 1).toBe(row!.rowsDone);
    expect(rows.length - 1).toBeGreaterThanOrEqual((BIG + 30) * 2);
    // Two workers polling at once never claim the same export (FOR UPDATE SKIP LOCKED).
    const [a, b] = await Promise.all([
      post({ kind: 'return_amount', encoding: 'utf8_bom', from: '2026-01', to: '2026-01' }),
      post({ kind: 'return_amount', encoding: 'shift_jis', from: '2026-01', to: '2026-01' }),
    ]);
    expect(await Promise.all([first.runOnce(), second.runOnce()])).toEqual([1, 1]);
    for (const created of [a, b]) {
      const shown = await get(`/api/exports/${created.body.data.id}`);
      expect(shown.body.data.attributes.status).toBe('done');
    }
  }, 300_000);
});
