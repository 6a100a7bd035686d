import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { demoOrganizationIds } from '../../db/seed';
import { groupMemberships, groups } from '../../db/schema/groups';
import { news } from '../../db/schema/news';
import { organizationMembers } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';

const DAY = 24 * 3600 * 1000;

/**
 * Demo groups (a small tree in acme, one in globex, with the demo members in them) and acme news (one sent, one
 * scheduled). Runs before the activity seed, which spreads its walkers over acme's leaf groups. Idempotent: nothing
 * happens once acme has groups.
 */
export async function seedOrganizationDemo(tx: Executor, now: Date): Promise<void> {
  const orgs = await demoOrganizationIds(tx, ['acme', 'globex']);
  const acme = orgs.find((org) => org.identifier === 'acme');
  const globex = orgs.find((org) => org.identifier === 'globex');
  if (!acme) return;
  const [existing] = await tx.select({ id: groups.id }).from(groups).where(eq(groups.organizationId, acme.id)).limit(1);
  if (existing) return;

  const [head] = await tx.insert(groups).values({ organizationId: acme.id, name: '本社' }).returning({ id: groups.id });
  const children = await tx
    .insert(groups)
    .values(['営業部', '開発部', '総務部'].map((name) => ({ organizationId: acme.id, name, parentId: head!.id })))
    .returning({ id: groups.id, name: groups.name });
  const groupOf = new Map(children.map((group) => [group.name, group.id]));
  if (globex) await tx.insert(groups).values({ organizationId: globex.id, name: 'Engineering' });

  const placements: [string, string][] = [
    ['member@acme.example', '営業部'],
    ['manager@acme.example', '総務部'],
  ];
  for (const [email, groupName] of placements) {
    const [member] = await tx
      .select({ id: organizationMembers.id })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(and(eq(users.email, email), eq(organizationMembers.organizationId, acme.id)));
    if (member) await tx.insert(groupMemberships).values({ groupId: groupOf.get(groupName)!, organizationMemberId: member.id });
  }

  await tx.insert(news).values([
    {
      organizationId: acme.id,
      title: 'Kiwi の利用を始めました',
      body: '今日から Kiwi で歩数とワークアウトを記録できます。アプリをインストールして、チームで楽しく続けましょう。',
      publishedAt: new Date(now.getTime() - 7 * DAY),
    },
    {
      organizationId: acme.id,
      title: '来月のウォーキングイベント',
      body: '来月は部署対抗のウォーキングイベントを予定しています。詳細は追ってお知らせします。',
      publishedAt: new Date(now.getTime() + 7 * DAY),
    },
  ]);
}
