import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { groupMemberships, groups } from '../../db/schema/groups';
import { news } from '../../db/schema/news';
import { organizations } from '../../db/schema/organizations';
import { seedDemoData } from '../../demo-seed';
import { createTestDatabase } from '../../test/database';

describe('organisation demo data', () => {
  let db: DatabaseHandle;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.close());

  it('gives acme a group tree with the demo members and news, once', async () => {
    const now = new Date();
    await db.db.transaction((tx) => seedDemoData(tx, now));
    await db.db.transaction((tx) => seedDemoData(tx, now));
    const [acme] = await db.db.select().from(organizations).where(eq(organizations.identifier, 'acme'));
    const tree = await db.db.select().from(groups).where(eq(groups.organizationId, acme!.id));
    const root = tree.find((group) => group.name === '本社');
    expect(
      tree
        .filter((group) => group.parentId === root?.id)
        .map((group) => group.name)
        .sort(),
    ).toEqual(['営業部', '総務部', '開発部'].sort());
    const links = await db.db.select().from(groupMemberships);
    expect(links.length).toBeGreaterThanOrEqual(2);
    const items = await db.db.select().from(news).where(eq(news.organizationId, acme!.id));
    expect(items.filter((item) => item.publishedAt !== null && item.publishedAt <= now)).toHaveLength(1);
    expect(items).toHaveLength(2);
  });
});
