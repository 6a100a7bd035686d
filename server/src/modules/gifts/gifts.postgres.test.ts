// The category-in-use race on real concurrent sessions (PostgreSQL only: PGlite runs one session at a time). One
// transaction is held open at the moment that matters while the other request arrives over HTTP.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCategories, gifts } from '../../db/schema/rewards';
import { type BuiltUser, buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { createGift, deleteGiftCategory } from './service';

/** Runs `work` in a transaction that commits only when the returned `release` is called. */
function heldTransaction(server: TestServer, work: Parameters<TestServer['db']['db']['transaction']>[0]) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let started!: () => void;
  const ready = new Promise<void>((resolve) => {
    started = resolve;
  });
  const done = server.db.db.transaction(async (tx) => {
    await work(tx);
    started();
    await gate;
  });
  return { ready, release, done };
}

const settled = async (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), ms))]);

describe('gift categories under concurrent writes (PostgreSQL)', () => {
  let server: TestServer;
  let admin: BuiltUser;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await buildUser(server, { role: 'admin' });
  });
  afterAll(() => server.close());

  const newCategory = async () => (await server.db.db.insert(giftCategories).values({ name: 'Race' }).returning())[0]!.id;

  it('a delete that comes while a gift is being created with the category waits, then answers 409 giftCategories.inUse', async () => {
    const categoryId = await newCategory();
    const creation = heldTransaction(server, (tx) =>
      createGift(tx, { gift_type: 'coin_exchange', name: 'Racing gift', need_coins: 1, category_id: categoryId }).then(() => undefined),
    );
    await creation.ready;
    const deletion = server.request(`/api/gift_categories/${categoryId}`, { method: 'DELETE', token: admin.token });
    // The uncommitted gift holds the category: the delete cannot go on.
    expect(await settled(deletion, 300)).toBe(false);
    creation.release();
    await creation.done;
    const answer = await deletion;
    expect(answer.status).toBe(409);
    expect(answer.body.errors[0].code).toBe('giftCategories.inUse');
    expect(await server.db.db.select().from(giftCategories).where(eq(giftCategories.id, categoryId))).toHaveLength(1);
  });

  it('a gift created while its category is being deleted waits, then answers 422 on category_id', async () => {
    const categoryId = await newCategory();
    const deletion = heldTransaction(server, (tx) => deleteGiftCategory(tx, categoryId));
    await deletion.ready;
    const creation = server.request('/api/gifts', {
      method: 'POST',
      token: admin.token,
      json: { gift: { gift_type: 'coin_exchange', name: 'Late gift', need_coins: 1, category_id: categoryId } },
    });
    expect(await settled(creation, 300)).toBe(false);
    deletion.release();
    await deletion.done;
    const answer = await creation;
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toMatchObject([{ code: 'validation.notFoundInOrganization', source: { pointer: '/gift/category_id' } }]);
    expect(await server.db.db.select().from(gifts).where(eq(gifts.categoryId, categoryId))).toHaveLength(0);
  });
});
