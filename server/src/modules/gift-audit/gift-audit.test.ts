import { weeklyOdds } from '@kiwi/shared/domain/gacha-odds';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganizationRow } from '../../db/schema/organizations';
import { gachaDraws, type GiftRow } from '../../db/schema/rewards';
import { users } from '../../db/schema/users';
import { buildOrganization, buildUser, type BuiltUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { boundedRange } from './routes';
import { verifyDraw } from './service';
import { insertDraw, insertGift } from './test-support';

let server: TestServer;
let acme: OrganizationRow;
let globex: OrganizationRow;
let hanako: BuiltUser;
let former: BuiltUser;
let globexMember: BuiltUser;
let admin: BuiltUser;
let manager: BuiltUser;
let gift: GiftRow;

const get = (path: string, user: BuiltUser = admin, headers: Record<string, string> = {}) =>
  server.request(path, { token: user.token, headers });
type DrawOptions = Omit<Parameters<typeof insertDraw>[1], 'organizationId' | 'organizationMemberId' | 'gift' | 'randomValue'>;
/** A draw of `gift` by `member`, in the organisation of their membership. */
const drawBy = (member: BuiltUser, randomValue: number, options: DrawOptions = {}) =>
  insertDraw(server.db.db, {
    organizationId: member.membership!.organizationId,
    organizationMemberId: member.membership!.id,
    gift,
    randomValue,
    ...options,
  });

beforeAll(async () => {
  server = await startTestServer();
  [acme, globex] = await Promise.all([buildOrganization(server, { name: 'Acme 監査' }), buildOrganization(server)]);
  [hanako, former, globexMember, admin, manager] = await Promise.all([
    buildUser(server, { organization: acme, name: 'Sato Hanako' }),
    buildUser(server, { organization: acme, name: 'Gone Person' }),
    buildUser(server, { organization: globex, name: 'Globex Person' }),
    buildUser(server, { role: 'admin' }),
    buildUser(server, { organization: acme, memberRole: 'manager' }),
  ]);
  gift = await insertGift(server.db.db, { name: 'Bronze, "tea" =1' });
  await server.db.db.update(users).set({ cancelledAt: new Date() }).where(eq(users.id, former.user.id));
});
afterAll(() => server.close());

describe('GET /api/gacha_draws', () => {
  let honest: number;
  beforeAll(async () => {
    // 2026-01-04T15:30Z is 00:30 on 2026-01-05 in Tokyo; 14:30Z is still the 4th there.
    honest = (await drawBy(hanako, 0.1, { createdAt: new Date('2026-01-04T15:30:00Z') })).id;
    await drawBy(former, 0.9, { createdAt: new Date('2026-01-04T14:30:00Z') });
    await drawBy(globexMember, 0.3, { gachaType: 'dream_gacha', createdAt: new Date('2026-01-06T03:00:00Z') });
  });

  it('lists each draw with its organisation, member, random value, odds table and outcome, newest first', async () => {
    const response = await get(`/api/gacha_draws?organization_id=${acme.id}`);
    expect(response.status).toBe(200);
    expect(response.body.meta).toMatchObject({ 'total-count': 2 });
    const [first, second] = response.body.data;
    expect(first).toMatchObject({
      type: 'gacha-draws',
      id: String(honest),
      attributes: {
        'organization-name': 'Acme 監査',
        'member-name': 'Sato Hanako',
        'gacha-type': 'weekly_gacha',
        won: true,
        'random-value': 0.1,
        'gift-id': String(gift.id),
        'gift-name': gift.name,
        'coins-spent': 0,
        'created-at': '2026-01-04T15:30:00.000Z',
      },
    });
    expect(first.attributes['redemption-id']).toMatch(/^\d+$/);
    expect(first.attributes.odds).toEqual([
      { 'gift-id': String(gift.id), name: gift.name, remaining: 2, weight: 2, probability: 0.5 },
      { 'gift-id': null, name: '', remaining: 2, weight: 2, probability: 0.5 },
    ]);
    // A former member's name is empty: the portal says "former member" in the viewer's language.
    expect(second.attributes).toMatchObject({ 'member-name': '', won: false, 'gift-id': null, 'redemption-id': null });
  });

  it('filters by gacha type and by Tokyo days, and pages', async () => {
    const dream = await get('/api/gacha_draws?gacha_type=dream_gacha');
    expect(dream.body.data.map((row: { attributes: { 'member-name': string } }) => row.attributes['member-name'])).toEqual([
      'Globex Person',
    ]);
    const fifth = await get(`/api/gacha_draws?organization_id=${acme.id}&from=2026-01-05&to=2026-01-05`);
    expect(fifth.body.data.map((row: { id: string }) => row.id)).toEqual([String(honest)]);
    const fourth = await get(`/api/gacha_draws?organization_id=${acme.id}&to=2026-01-04`);
    expect(fourth.body.data).toHaveLength(1);
    expect(fourth.body.data[0].attributes['random-value']).toBe(0.9);
    const paged = await get(`/api/gacha_draws?organization_id=${acme.id}&per=1&page=2`);
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.meta).toMatchObject({ 'total-count': 2, 'current-page': 2, 'total-pages': 2 });
    expect(paged.body.links.prev).toContain('page=1');
  });

  it.each([
    ['from after to', 'from=2026-02-01&to=2026-01-01', 'to'],
    ['a range longer than a year', 'from=2025-01-01&to=2026-01-02', 'to'],
    ['an unknown gacha type', 'gacha_type=lottery', 'gacha_type'],
    ['an organisation id that is not a number', 'organization_id=1%20or%201', 'organization_id'],
    ['an impossible day', 'from=2026-02-30', 'from'],
    ['a page size over 100', 'per=101', 'per'],
  ])('refuses %s with a coded 400', async (_name, query, parameter) => {
    const response = await get(`/api/gacha_draws?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({ code: 'request.invalidParameter', source: { parameter } });
  });

  it('is refused to a manager and a member', async () => {
    expect((await get('/api/gacha_draws', manager)).status).toBe(403);
    expect((await get('/api/gacha_draws.csv', hanako)).status).toBe(403);
  });
});

describe('GET /api/gacha_draws/:id/verification', () => {
  it('recomputes the recorded outcome from the stored random value and odds table', async () => {
    const draw = await drawBy(hanako, 0.74);
    const response = await get(`/api/gacha_draws/${draw.id}/verification`);
    expect(response.status).toBe(200);
    // 4 tickets (2 prizes, 2 blanks): 0.74 draws ticket 2, the first blank.
    expect(response.body.data.attributes).toMatchObject({
      'recorded-gift-id': null,
      'recomputed-gift-id': null,
      ticket: 2,
      'total-tickets': 4,
      matches: true,
      problem: null,
    });
  });

  it('reports a draw whose recorded outcome is not what its random value draws', async () => {
    const tampered = await drawBy(hanako, 0.99, { won: true });
    const response = await get(`/api/gacha_draws/${tampered.id}/verification`);
    expect(response.body.data.attributes).toMatchObject({
      'recorded-gift-id': String(gift.id),
      'recomputed-gift-id': null,
      matches: false,
    });
  });

  it('says when a stored table cannot be drawn from, and answers 404 for an unknown draw', async () => {
    const draw = await drawBy(hanako, 0.2);
    await server.db.db
      .update(gachaDraws)
      .set({ odds: [{ giftId: gift.id, name: 'x', remaining: -1, probability: 1 }] })
      .where(eq(gachaDraws.id, draw.id));
    const response = await get(`/api/gacha_draws/${draw.id}/verification`);
    expect(response.body.data.attributes).toMatchObject({ matches: false, problem: 'malformedOdds' });
    expect((await get('/api/gacha_draws/2147483647/verification')).status).toBe(404);
    expect((await get('/api/gacha_draws/abc/verification')).status).toBe(400);
  });

  it('agrees with pick() on every ticket boundary of a table', () => {
    const table = weeklyOdds(
      [
        { giftId: 1, name: 'a', remaining: 1 },
        { giftId: 2, name: 'b', remaining: 2 },
      ],
      5,
    );
    const outcomes = [0, 0.2, 0.4, 0.6, 0.8, 0.999].map(
      (randomValue) => verifyDraw({ odds: table.entries, randomValue, giftId: null }).recomputedGiftId,
    );
    expect(outcomes).toEqual([1, 2, 2, null, null, null]);
  });
});

describe('GET /api/gacha_draws.csv', () => {
  let csvOrganization: OrganizationRow;
  let member: BuiltUser;
  beforeAll(async () => {
    csvOrganization = await buildOrganization(server, { name: 'CSV Org' });
    member = await buildUser(server, { organization: csvOrganization, name: '=Formula Person' });
  });

  it('writes UTF-8 with a BOM, translated headers, defused cells, the exact odds and whether each draw verifies', async () => {
    const draw = await drawBy(member, 0.25);
    await drawBy(member, 0.95, { won: true });
    const response = await get(`/api/gacha_draws.csv?organization_id=${csvOrganization.id}`, admin, { 'accept-language': 'en' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename=gacha-draws-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.csv$/);
    const bytes = new Uint8Array(
      await (
        await fetch(`${server.url}/api/gacha_draws.csv?organization_id=${csvOrganization.id}`, {
          headers: { authorization: `Bearer ${admin.token}` },
        })
      ).arrayBuffer(),
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = (response.body as string).split('\r\n');
    expect(lines[0]).toBe(
      'Draw ID,Drawn at,Organisation,Member,Gacha,Random value,Outcome,Gift ID,Redemption ID,Coins spent,Odds table (JSON),Verified',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/,'=Formula Person,Weekly gacha,0\.95,"Bronze, ""tea"" =1",\d+,\d+,0,".*",no$/);
    expect(lines[2]).toContain(`${draw.id},`);
    expect(lines[2]).toMatch(/,0\.25,"Bronze, ""tea"" =1",/);
    expect(lines[2]!.endsWith(',yes')).toBe(true);
    const oddsCell = lines[2]!
      .match(/,("\[.*\]"),yes$/)![1]!
      .slice(1, -1)
      .replaceAll('""', '"');
    expect(JSON.parse(oddsCell)).toEqual(draw.odds);
  });

  it('streams many draws in batches, all of them, in Japanese by default', async () => {
    const big = await buildOrganization(server);
    const person = await buildUser(server, { organization: big });
    const odds = weeklyOdds([{ giftId: gift.id, name: gift.name, remaining: 1 }], 1000).entries;
    const rows = Array.from({ length: 2_500 }, (_, index) => ({
      organizationId: big.id,
      organizationMemberId: person.membership!.id,
      gachaType: 'weekly_gacha' as const,
      randomValue: (index + 0.5) / 2_500,
      odds,
      giftId: null,
    }));
    for (let at = 0; at < rows.length; at += 500) await server.db.db.insert(gachaDraws).values(rows.slice(at, at + 500));
    const response = await get(`/api/gacha_draws.csv?organization_id=${big.id}`);
    const lines = (response.body as string).split('\r\n').filter(Boolean);
    // (fetch's text() drops the BOM; the first test reads the bytes.)
    expect(lines[0]).toMatch(/^抽選ID,抽選日時,組織/);
    expect(lines).toHaveLength(2_501);
    const ids = lines.slice(1).map((line) => Number(line.split(',')[0]));
    expect(new Set(ids).size).toBe(2_500);
    // Inserted together (one created_at per statement): newest first, then by id.
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // Only the first ticket of 1,000 wins: the two draws with a random value below 0.001 were recorded as blanks
    // but win, every other one verifies.
    expect(lines.filter((line) => line.endsWith(',一致'))).toHaveLength(2_498);
    expect(lines.filter((line) => line.endsWith(',不一致'))).toHaveLength(2);
  });

  it('covers at most a year: open ends are filled in, and a longer range is refused', async () => {
    expect(boundedRange({}, new Date('2026-03-01T00:00:00Z'))).toEqual({ from: '2025-03-01', to: '2026-03-01' });
    expect(boundedRange({ from: '2026-01-01' }, new Date())).toEqual({ from: '2026-01-01', to: '2027-01-01' });
    expect(boundedRange({ to: '2026-01-01' }, new Date())).toEqual({ from: '2025-01-01', to: '2026-01-01' });
    expect((await get('/api/gacha_draws.csv?from=2020-01-01&to=2026-01-01')).status).toBe(400);
  });
});
