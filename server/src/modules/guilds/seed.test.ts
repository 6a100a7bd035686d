import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../demo-seed';
import { guildMessageReactions, guildMessages, guilds } from '../../db/schema/guilds';
import { createTestDatabase } from '../../test/database';
import type { DatabaseHandle } from '../../db/client';
import { seedGuilds } from './seed';

describe('guild demo data', () => {
  let db: DatabaseHandle;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.close());

  it('gives acme two public guilds and a private one, with a pinned message and reactions; a second run adds nothing', async () => {
    const now = new Date('2026-03-01T03:00:00Z');
    await db.db.transaction((tx) => seedDemoData(tx, now));
    const rows = await db.db.select().from(guilds).orderBy(guilds.id);
    expect(rows.map((guild) => [guild.name, guild.publicRange])).toEqual([
      ['ランニング部', 'public'],
      ['ヨガ・ストレッチ', 'public'],
      ['ボードゲーム同好会', 'private'],
      ['Book club', 'public'],
    ]);
    const running = rows[0]!;
    expect(running.pinnedMessageId).not.toBeNull();
    const [pinned] = await db.db.select().from(guildMessages).where(eq(guildMessages.id, running.pinnedMessageId!));
    expect(pinned!.guildId).toBe(running.id);
    const [{ reactions } = { reactions: 0 }] = await db.db.select({ reactions: sql<number>`count(*)::int` }).from(guildMessageReactions);
    expect(reactions).toBeGreaterThan(0);

    const count = async () => (await db.db.select({ n: sql<number>`count(*)::int` }).from(guildMessages))[0]!.n;
    const before = await count();
    await db.db.transaction((tx) => seedGuilds(tx, now));
    expect(await count()).toBe(before);
    expect(await db.db.select().from(guilds)).toHaveLength(4);
  });
});
