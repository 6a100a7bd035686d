// Issue 18 point 1: the gift catalogue. Categories and gifts through the real routes, on PGlite and PostgreSQL.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCategories, gifts } from '../../db/schema/rewards';
import { type BuiltUser, buildAdminMemberManager, buildOrganization } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';

type ErrorObject = { code: string; source?: { pointer?: string; parameter?: string } };
const errorsOf = (body: { errors?: ErrorObject[] }) =>
  (body.errors ?? []).map((error) => [error.source?.pointer ?? error.source?.parameter, error.code]);
const HOUR = 3600_000;

describe('gift catalogue', () => {
  let server: TestServer;
  let admin: BuiltUser;
  let member: BuiltUser;
  let manager: BuiltUser;
  beforeAll(async () => {
    server = await startTestServer();
    const acme = await buildOrganization(server);
    ({ admin, member, manager } = await buildAdminMemberManager(server, acme));
  });
  afterAll(() => server.close());

  /** A name no other test uses, so a `q` search finds only this test's gifts (the catalogue is the platform's). */
  const tag = () => `t${randomBytes(4).toString('hex')}`;
  const postCategory = (name: string, token = admin.token) =>
    server.request('/api/gift_categories', { method: 'POST', token, json: { gift_category: { name } } });
  const newCategory = async (name = `Category ${tag()}`) => {
    const created = await postCategory(name);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return Number(created.body.data.id);
  };
  const postGift = (gift: Record<string, unknown>, token = admin.token) =>
    server.request('/api/gifts', { method: 'POST', token, json: { gift } });
  const putGift = (id: number | string, gift: Record<string, unknown>, token = admin.token) =>
    server.request(`/api/gifts/${id}`, { method: 'PUT', token, json: { gift } });
  const coinGift = (overrides: Record<string, unknown> = {}) => ({
    gift_type: 'coin_exchange',
    name: `Gift ${tag()}`,
    need_coins: 100,
    ...overrides,
  });
  const newGift = async (overrides: Record<string, unknown> = {}) => {
    const created = await postGift(coinGift(overrides));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data as { id: string; attributes: Record<string, unknown> };
  };
  const listGifts = (query: string, token = admin.token) => server.request(`/api/gifts?${query}`, { token });
  const namesOf = (body: { data: { attributes: { name: string } }[] }) => body.data.map((gift) => gift.attributes.name);

  describe('categories', () => {
    it('creates, lists with the number of gifts using each, renames, and pages', async () => {
      const prefix = tag();
      const id = await newCategory(`  ${prefix} Food  `);
      await newGift({ category_id: id });
      await newGift({ category_id: id, gift_type: 'dream_gacha', stock: 1 });
      const renamed = await server.request(`/api/gift_categories/${id}`, {
        method: 'PUT',
        token: admin.token,
        json: { gift_category: { name: `${prefix} Drinks` } },
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body.data).toMatchObject({
        type: 'gift-categories',
        id: String(id),
        attributes: { name: `${prefix} Drinks`, 'gifts-count': 2 },
      });

      const first = await server.request('/api/gift_categories?per=1&page=1', { token: admin.token });
      expect(first.status).toBe(200);
      expect(first.body.data).toHaveLength(1);
      const total = first.body.meta['total-count'];
      expect(total).toBeGreaterThanOrEqual(1);
      expect(first.body.meta['total-pages']).toBe(total);
      const all = await server.request('/api/gift_categories?per=100', { token: admin.token });
      const mine = all.body.data.find((item: { id: string }) => item.id === String(id));
      expect(mine.attributes).toMatchObject({ name: `${prefix} Drinks`, 'gifts-count': 2 });
    });

    it('trims the name, refuses an empty, too long, huge or wrongly typed one and unknown keys', async () => {
      const created = await postCategory('  Books  ');
      expect(created.body.data.attributes.name).toBe('Books');
      const cases: [unknown, string, string][] = [
        [{ gift_category: { name: '   ' } }, '/gift_category/name', 'validation.required'],
        [{ gift_category: { name: 'x'.repeat(51) } }, '/gift_category/name', 'validation.tooLong'],
        [{ gift_category: { name: 42 } }, '/gift_category/name', 'validation.invalidType'],
        [{ gift_category: { name: 'A', color: 'red' } }, '/gift_category/color', 'validation.unknownKey'],
        [{}, '/gift_category', 'validation.required'],
      ];
      for (const [json, pointer, code] of cases) {
        const refused = await server.request('/api/gift_categories', { method: 'POST', token: admin.token, json });
        expect(refused.status, JSON.stringify(json)).toBe(422);
        expect(errorsOf(refused.body)).toContainEqual([pointer, code]);
      }
      const huge = await postCategory('x'.repeat(3_000_000));
      expect(huge.status).toBe(413);
      expect(errorsOf(huge.body)[0]?.[1]).toBe('request.tooLarge');
    });

    it('refuses to delete a category a gift uses (409 giftCategories.inUse, translated) and deletes an unused one', async () => {
      const used = await newCategory();
      const gift = await newGift({ category_id: used });
      const refused = await server.request(`/api/gift_categories/${used}`, {
        method: 'DELETE',
        token: admin.token,
        headers: { 'accept-language': 'ja' },
      });
      expect(refused.status).toBe(409);
      expect(refused.body.errors[0]).toMatchObject({ code: 'giftCategories.inUse', detail: expect.stringMatching(/カテゴリ/) });
      // A disabled gift still uses it: redemptions refer to the gift, and the gift to its category.
      await putGift(gift.id, { disabled: true });
      expect((await server.request(`/api/gift_categories/${used}`, { method: 'DELETE', token: admin.token })).status).toBe(409);
      // Moved to no category, the gift no longer holds it.
      await putGift(gift.id, { category_id: null });
      expect((await server.request(`/api/gift_categories/${used}`, { method: 'DELETE', token: admin.token })).status).toBe(204);
      const [row] = await server.db.db.select().from(giftCategories).where(eq(giftCategories.id, used));
      expect(row).toBeUndefined();
      const again = await server.request(`/api/gift_categories/${used}`, { method: 'DELETE', token: admin.token });
      expect(again.status).toBe(404);
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      const missing = await server.request('/api/gift_categories/2147483000', {
        method: 'PUT',
        token: admin.token,
        json: { gift_category: { name: 'A' } },
      });
      expect(missing.status).toBe(404);
      for (const id of ['abc', '0', '-1', '99999999999999999999', '1.5']) {
        const bad = await server.request(`/api/gift_categories/${id}`, { method: 'DELETE', token: admin.token });
        expect(bad.status, id).toBe(400);
        expect(bad.body.errors[0].code).toBe('request.invalidParameter');
      }
      const badPage = await server.request('/api/gift_categories?per=1000', { token: admin.token });
      expect(badPage.status).toBe(400);
    });

    it('never leaves a gift pointing at a deleted category when a delete and a creation race', async () => {
      for (let round = 0; round < 6; round += 1) {
        const id = await newCategory();
        const [created, deleted] = await Promise.all([
          postGift(coinGift({ category_id: id })),
          server.request(`/api/gift_categories/${id}`, { method: 'DELETE', token: admin.token }),
        ]);
        // Exactly one wins: the gift with its category kept, or the delete with the gift refused.
        if (created.status === 201) {
          expect(deleted.status).toBe(409);
          expect(deleted.body.errors[0].code).toBe('giftCategories.inUse');
          expect(created.body.data.attributes['category-id']).toBe(String(id));
        } else {
          expect(deleted.status).toBe(204);
          expect(created.status).toBe(422);
          expect(errorsOf(created.body)).toEqual([['/gift/category_id', 'validation.notFoundInOrganization']]);
        }
        const rows = await server.db.db.select().from(gifts).where(eq(gifts.categoryId, id));
        const [category] = await server.db.db.select().from(giftCategories).where(eq(giftCategories.id, id));
        // No gift names a category that is gone.
        expect(rows.length === 0 || category !== undefined).toBe(true);
        expect(rows.length).toBe(created.status === 201 ? 1 : 0);
      }
    });
  });

  describe('gifts', () => {
    it('creates a gift of each type with every field, and answers it with its category name', async () => {
      const categoryId = await newCategory(`Shop ${tag()}`);
      const full = {
        gift_type: 'coin_exchange',
        name: '  Coffee ticket  ',
        description: 'One coffee at any store',
        thumbnail_url: `/api/images/${'a'.repeat(32)}`,
        need_coins: 300,
        giftee_code: ' GFT-123 ',
        price: 500,
        active_from: '2026-01-01T00:00:00+09:00',
        active_to: '2099-12-31T23:59:00+09:00',
        disabled: false,
        category_id: categoryId,
        stock: 10,
      };
      const coin = await postGift(full);
      expect(coin.status, JSON.stringify(coin.body)).toBe(201);
      expect(coin.body.data).toMatchObject({
        type: 'gifts',
        attributes: {
          'gift-type': 'coin_exchange',
          name: 'Coffee ticket',
          description: 'One coffee at any store',
          'thumbnail-url': `/api/images/${'a'.repeat(32)}`,
          'need-coins': 300,
          'giftee-code': 'GFT-123',
          price: 500,
          'active-from': '2025-12-31T15:00:00.000Z',
          'active-to': '2099-12-31T14:59:00.000Z',
          disabled: false,
          'weekly-gacha-calculation-type': null,
          stock: 10,
          'category-id': String(categoryId),
          'category-name': expect.stringMatching(/^Shop /),
        },
      });
      const weekly = await postGift({
        gift_type: 'weekly_gacha',
        name: 'Gold prize',
        need_coins: 0,
        weekly_gacha_calculation_type: 'gold',
        price: 3000,
      });
      expect(weekly.status, JSON.stringify(weekly.body)).toBe(201);
      expect(weekly.body.data.attributes).toMatchObject({
        'weekly-gacha-calculation-type': 'gold',
        stock: null,
        'category-id': null,
        'category-name': null,
      });
      const dream = await postGift({ gift_type: 'dream_gacha', name: 'Dream trip', need_coins: 50, stock: 1, price: 100_000 });
      expect(dream.status).toBe(201);
      expect(dream.body.data.attributes).toMatchObject({ 'gift-type': 'dream_gacha', stock: 1, description: '', 'giftee-code': null });
      const [row] = await server.db.db
        .select()
        .from(gifts)
        .where(eq(gifts.id, Number(dream.body.data.id)));
      expect(row).toMatchObject({ giftType: 'dream_gacha', stock: 1, disabled: false, price: 100_000 });
    });

    it('keeps the type rules: a weekly gift needs its tier and has no stock; other types have no tier', async () => {
      const cases: [Record<string, unknown>, [string, string][]][] = [
        [{ gift_type: 'weekly_gacha' }, [['/gift/weekly_gacha_calculation_type', 'validation.required']]],
        [
          { gift_type: 'weekly_gacha', weekly_gacha_calculation_type: 'bronze', stock: 5 },
          [['/gift/stock', 'validation.exclusiveOptions']],
        ],
        [{ weekly_gacha_calculation_type: 'silver' }, [['/gift/weekly_gacha_calculation_type', 'validation.exclusiveOptions']]],
        [
          { gift_type: 'dream_gacha', weekly_gacha_calculation_type: 'gold' },
          [['/gift/weekly_gacha_calculation_type', 'validation.exclusiveOptions']],
        ],
        [
          { gift_type: 'weekly_gacha', weekly_gacha_calculation_type: 'platinum' },
          [['/gift/weekly_gacha_calculation_type', 'validation.oneOf']],
        ],
        [{ gift_type: 'lottery' }, [['/gift/gift_type', 'validation.oneOf']]],
      ];
      for (const [overrides, expected] of cases) {
        const refused = await postGift(coinGift(overrides));
        expect(refused.status, JSON.stringify(overrides)).toBe(422);
        expect(errorsOf(refused.body)).toEqual(expected);
      }
    });

    it('refuses hostile input field by field, and stores nothing', async () => {
      const name = `Hostile ${tag()}`;
      const cases: [Record<string, unknown>, string, string][] = [
        [{ name: '' }, '/gift/name', 'validation.required'],
        [{ name: 'x'.repeat(101) }, '/gift/name', 'validation.tooLong'],
        [{ description: 'x'.repeat(2001) }, '/gift/description', 'validation.tooLong'],
        [{ giftee_code: 'x'.repeat(101) }, '/gift/giftee_code', 'validation.tooLong'],
        [{ need_coins: -1 }, '/gift/need_coins', 'validation.tooSmall'],
        [{ need_coins: 1_000_001 }, '/gift/need_coins', 'validation.tooBig'],
        [{ need_coins: 1.5 }, '/gift/need_coins', 'validation.integer'],
        [{ need_coins: '100' }, '/gift/need_coins', 'validation.invalidType'],
        [{ need_coins: 1e300 }, '/gift/need_coins', 'validation.integer'],
        [{ price: 10_000_000 }, '/gift/price', 'validation.tooBig'],
        [{ stock: -3 }, '/gift/stock', 'validation.tooSmall'],
        [{ stock: 2 ** 40 }, '/gift/stock', 'validation.tooBig'],
        [{ thumbnail_url: 'javascript:alert(1)' }, '/gift/thumbnail_url', 'validation.invalidFormat'],
        [{ thumbnail_url: 'http://example.com/a.png' }, '/gift/thumbnail_url', 'validation.invalidFormat'],
        [{ thumbnail_url: `https://example.com/${'a'.repeat(3000)}` }, '/gift/thumbnail_url', 'validation.tooLong'],
        [{ active_from: '9999-01-01T00:00:00Z' }, '/gift/active_from', 'validation.dateOutOfRange'],
        [{ active_to: '2026-02-30T00:00:00Z' }, '/gift/active_to', 'validation.invalidFormat'],
        [{ active_to: 'tomorrow' }, '/gift/active_to', 'validation.invalidFormat'],
        [{ active_from: '2026-05-01T00:00:00Z', active_to: '2026-05-01T00:00:00Z' }, '/gift/active_to', 'validation.endAfterStart'],
        [{ active_from: '2026-05-02T00:00:00Z', active_to: '2026-05-01T00:00:00Z' }, '/gift/active_to', 'validation.endAfterStart'],
        [{ disabled: 'yes' }, '/gift/disabled', 'validation.invalidType'],
        [{ category_id: 2_147_483_000 }, '/gift/category_id', 'validation.notFoundInOrganization'],
        [{ category_id: 0 }, '/gift/category_id', 'validation.positive'],
        [{ category_id: 99_999_999_999 }, '/gift/category_id', 'validation.tooBig'],
        [{ organization_id: 1 }, '/gift/organization_id', 'validation.unknownKey'],
        [{ need_coins: undefined }, '/gift/need_coins', 'validation.required'],
      ];
      for (const [overrides, pointer, code] of cases) {
        const refused = await postGift({ ...coinGift({ name }), ...overrides });
        expect(refused.status, JSON.stringify(overrides).slice(0, 200)).toBe(422);
        expect(errorsOf(refused.body), JSON.stringify(overrides).slice(0, 200)).toContainEqual([pointer, code]);
      }
      const megabytes = await postGift(coinGift({ description: 'x'.repeat(4_000_000) }));
      expect(megabytes.status).toBe(413);
      const stored = await listGifts(`q=${encodeURIComponent(name)}`);
      expect(stored.body.data).toEqual([]);
    });

    it('changes what a PUT sends, keeps the type rules for the gift as it will be, and 404s an unknown gift', async () => {
      const weekly = await postGift({
        gift_type: 'weekly_gacha',
        name: `Weekly ${tag()}`,
        need_coins: 0,
        weekly_gacha_calculation_type: 'bronze',
      });
      const id = weekly.body.data.id;
      // Becoming coin_exchange while keeping its tier breaks the rules; clearing the tier and adding stock is fine.
      const keepsTier = await putGift(id, { gift_type: 'coin_exchange' });
      expect(keepsTier.status).toBe(422);
      expect(errorsOf(keepsTier.body)).toEqual([['/gift/weekly_gacha_calculation_type', 'validation.exclusiveOptions']]);
      const stockOnWeekly = await putGift(id, { stock: 4 });
      expect(errorsOf(stockOnWeekly.body)).toEqual([['/gift/stock', 'validation.exclusiveOptions']]);
      const changed = await putGift(id, { gift_type: 'coin_exchange', weekly_gacha_calculation_type: null, stock: 4, need_coins: 120 });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect(changed.body.data.attributes).toMatchObject({
        'gift-type': 'coin_exchange',
        'weekly-gacha-calculation-type': null,
        stock: 4,
        'need-coins': 120,
      });
      // Back to weekly without a tier: required.
      const noTier = await putGift(id, { gift_type: 'weekly_gacha', stock: null });
      expect(errorsOf(noTier.body)).toEqual([['/gift/weekly_gacha_calculation_type', 'validation.required']]);
      // The range is judged with what is stored: an end before the stored start is refused.
      await putGift(id, { active_from: '2030-01-01T00:00:00Z' });
      const before = await putGift(id, { active_to: '2029-01-01T00:00:00Z' });
      expect(errorsOf(before.body)).toEqual([['/gift/active_to', 'validation.endAfterStart']]);
      const unknownCategory = await putGift(id, { category_id: 2_147_483_000 });
      expect(errorsOf(unknownCategory.body)).toEqual([['/gift/category_id', 'validation.notFoundInOrganization']]);
      const [row] = await server.db.db
        .select()
        .from(gifts)
        .where(eq(gifts.id, Number(id)));
      expect(row).toMatchObject({ giftType: 'coin_exchange', stock: 4, needCoins: 120, activeTo: null, categoryId: null });

      expect((await putGift(2_147_483_000, { name: 'x' })).status).toBe(404);
      expect((await putGift(id, {})).status).toBe(200);
      const unknownKey = await putGift(id, { id: 5 });
      expect(errorsOf(unknownKey.body)).toEqual([['/gift/id', 'validation.unknownKey']]);
      // No delete: a gift is disabled instead (redemptions refer to it).
      const deleted = await server.request(`/api/gifts/${id}`, { method: 'DELETE', token: admin.token });
      expect(deleted.status).toBe(404);
      expect(deleted.body.errors[0].code).toBe('route.notFound');
    });

    it('filters the admin list by type, category, disabled and name, and pages it', async () => {
      const prefix = tag();
      const categoryId = await newCategory();
      await newGift({ name: `${prefix} coin A`, category_id: categoryId });
      await newGift({ name: `${prefix} coin B`, disabled: true });
      await newGift({ name: `${prefix} dream`, gift_type: 'dream_gacha', category_id: categoryId });
      await newGift({ name: `${prefix} weekly`, gift_type: 'weekly_gacha', weekly_gacha_calculation_type: 'silver' });
      await newGift({ name: `${prefix}_100%` });
      const q = `q=${encodeURIComponent(prefix)}`;

      const all = await listGifts(q);
      expect(all.body.meta['total-count']).toBe(5);
      // Newest first.
      expect(namesOf(all.body)).toEqual([`${prefix}_100%`, `${prefix} weekly`, `${prefix} dream`, `${prefix} coin B`, `${prefix} coin A`]);
      expect(all.body.data[0].attributes).toHaveProperty('giftee-code');
      expect(all.body.data[0].attributes).toHaveProperty('price');
      expect(namesOf((await listGifts(`${q}&gift_type=coin_exchange`)).body).sort()).toEqual([
        `${prefix} coin A`,
        `${prefix} coin B`,
        `${prefix}_100%`,
      ]);
      expect(namesOf((await listGifts(`${q}&category_id=${categoryId}`)).body).sort()).toEqual([`${prefix} coin A`, `${prefix} dream`]);
      expect(namesOf((await listGifts(`${q}&disabled=true`)).body)).toEqual([`${prefix} coin B`]);
      expect((await listGifts(`${q}&disabled=false`)).body.meta['total-count']).toBe(4);
      expect(namesOf((await listGifts(`${q}&gift_type=dream_gacha&category_id=${categoryId}`)).body)).toEqual([`${prefix} dream`]);
      // LIKE's wildcards are taken literally, the case is ignored.
      expect(namesOf((await listGifts(`q=${encodeURIComponent(`${prefix}_100%`)}`)).body)).toEqual([`${prefix}_100%`]);
      expect((await listGifts(`q=${encodeURIComponent(`${prefix.toUpperCase()}_1`)}`)).body.meta['total-count']).toBe(1);
      expect((await listGifts(`q=${encodeURIComponent(`${prefix}%`)}`)).body.data).toEqual([]);

      const page2 = await listGifts(`${q}&per=2&page=2`);
      expect(namesOf(page2.body)).toEqual([`${prefix} dream`, `${prefix} coin B`]);
      expect(page2.body.meta).toMatchObject({ 'total-count': 5, 'total-pages': 3, 'current-page': 2 });
      expect((await listGifts(`${q}&per=2&page=9`)).body.data).toEqual([]);

      for (const bad of [
        'gift_type=lottery',
        'category_id=abc',
        'category_id=0',
        'disabled=maybe',
        `q=${'x'.repeat(101)}`,
        'per=0',
        'page=-1',
        'per=101',
      ]) {
        const refused = await listGifts(bad);
        expect(refused.status, bad).toBe(400);
        expect(refused.body.errors[0].code).toBe('request.invalidParameter');
      }
    });

    it('shows a member only the coin exchange gifts they can take now, without giftee code or price', async () => {
      const prefix = tag();
      const now = Date.now();
      const iso = (offset: number) => new Date(now + offset).toISOString();
      await newGift({ name: `${prefix} open`, need_coins: 200, giftee_code: 'SECRET', price: 900 });
      await newGift({ name: `${prefix} cheap window`, need_coins: 10, active_from: iso(-HOUR), active_to: iso(HOUR), stock: 2 });
      await newGift({ name: `${prefix} disabled`, disabled: true });
      await newGift({ name: `${prefix} expired`, active_to: iso(-HOUR), active_from: iso(-2 * HOUR) });
      await newGift({ name: `${prefix} future`, active_from: iso(HOUR) });
      await newGift({ name: `${prefix} sold out`, stock: 0 });
      await newGift({ name: `${prefix} weekly`, gift_type: 'weekly_gacha', weekly_gacha_calculation_type: 'bronze' });
      await newGift({ name: `${prefix} dream`, gift_type: 'dream_gacha', stock: 3 });
      const q = `q=${encodeURIComponent(prefix)}`;

      for (const reader of [member, manager]) {
        const seen = await listGifts(q, reader.token);
        expect(seen.status).toBe(200);
        // Cheapest first.
        expect(namesOf(seen.body)).toEqual([`${prefix} cheap window`, `${prefix} open`]);
        expect(seen.body.meta['total-count']).toBe(2);
        for (const gift of seen.body.data) {
          expect(gift.attributes).not.toHaveProperty('giftee-code');
          expect(gift.attributes).not.toHaveProperty('price');
          expect(gift.attributes).toMatchObject({ 'gift-type': 'coin_exchange', disabled: false });
        }
      }
      // A member's filters narrow their view; they never widen it.
      expect((await listGifts(`${q}&disabled=true`, member.token)).body.data).toEqual([]);
      expect((await listGifts(`${q}&gift_type=dream_gacha`, member.token)).body.data).toEqual([]);
      // The admin sees all eight.
      expect((await listGifts(q)).body.meta['total-count']).toBe(8);
    });

    it('lets only admins write the catalogue', async () => {
      for (const user of [member, manager]) {
        expect((await postGift(coinGift(), user.token)).status).toBe(403);
        expect((await postCategory('Nope', user.token)).status).toBe(403);
        expect((await server.request('/api/gift_categories', { token: user.token })).status).toBe(403);
      }
      expect((await server.request('/api/gifts')).status).toBe(401);
    });
  });
});
