import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { eventMembers, eventMessages, events, pollItems, polls, pollVotes } from '../../db/schema/events';
import { organizationMembers, organizations } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

/** Seeded names the widgets demo page looks up (server/src/widgets/demo-placeholders.ts). */
export const DEMO_EVENT_NAMES = {
  /** Upcoming, by the manager; member@acme.example has not joined it (the demo's "join an event"). */
  joinable: 'ランチタイム ストレッチ講座',
  /** Upcoming and published externally (shared event page, guests by nickname). */
  shared: 'オンライン勉強会: 睡眠と健康',
} as const;

/** Demo events of acme: an upcoming one with a poll, a past one with a retrospection post, one to join, one shared externally. */
export async function seedEventsDemo(tx: Executor, now: Date): Promise<void> {
  const [acme] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.identifier, 'acme'));
  if (!acme) return;
  const [existing] = await tx.select({ total: count() }).from(events).where(eq(events.organizationId, acme.id));
  if ((existing?.total ?? 0) > 0) return;
  const memberIdOf = async (email: string) => {
    const [row] = await tx
      .select({ id: organizationMembers.id })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(and(eq(users.email, email), eq(organizationMembers.organizationId, acme.id)));
    return row?.id;
  };
  const manager = await memberIdOf('manager@acme.example');
  const member = await memberIdOf('member@acme.example');
  if (manager === undefined || member === undefined) return;
  // Whole hours, so the demo reads like events people plan.
  const base = new Date(Math.floor(now.getTime() / HOUR) * HOUR);

  const create = async (values: Omit<typeof events.$inferInsert, 'organizationId'>, authorId: number, items: string[] = []) => {
    const [event] = await tx
      .insert(events)
      .values({ organizationId: acme.id, ...values })
      .returning();
    if (!event) throw new Error('demo event not inserted');
    await tx
      .insert(eventMembers)
      .values({ eventId: event.id, organizationMemberId: authorId, role: 'author', status: 'joined', joinedAt: event.createdAt });
    let itemIds: number[] = [];
    if (items.length > 0) {
      const [poll] = await tx.insert(polls).values({ eventId: event.id }).returning();
      const rows = await tx
        .insert(pollItems)
        .values(items.map((text, position) => ({ pollId: poll!.id, text, position })))
        .returning();
      itemIds = rows.map((row) => row.id);
    }
    return { event, itemIds };
  };

  const yoga = await create(
    {
      name: '朝ヨガ',
      description: '始業前に30分、体をほぐしましょう。ヨガマットは貸し出します。',
      startsAt: new Date(base.getTime() + 7 * DAY),
      endsAt: new Date(base.getTime() + 7 * DAY + HOUR),
      recruitmentDeadline: new Date(base.getTime() + 6 * DAY),
      location: '本社 3F 多目的室',
      applyMinimum: 3,
      applyMaximum: 12,
      tags: ['preset:beginnersWelcome', 'preset:noPreparationNeeded'],
      publicRange: 'public',
    },
    manager,
    ['月曜日', '水曜日', '金曜日'],
  );
  await tx
    .insert(eventMembers)
    .values({ eventId: yoga.event.id, organizationMemberId: member, role: 'member', status: 'joined', joinedAt: now });
  await tx.insert(pollVotes).values({ pollItemId: yoga.itemIds[1]!, organizationMemberId: member });
  await tx.insert(eventMessages).values({ eventId: yoga.event.id, organizationMemberId: member, body: '楽しみにしています！' });

  const walk = await create(
    {
      name: '春のウォーキング大会',
      description: '川沿いを5km歩きます。',
      startsAt: new Date(base.getTime() - 10 * DAY),
      endsAt: new Date(base.getTime() - 10 * DAY + 3 * HOUR),
      location: '多摩川河川敷',
      tags: ['preset:familyWelcome', 'preset:free'],
      publicRange: 'public',
    },
    manager,
  );
  await tx
    .insert(eventMembers)
    .values({ eventId: walk.event.id, organizationMemberId: member, role: 'member', status: 'joined', joinedAt: walk.event.startsAt });
  await tx.insert(eventMessages).values([
    {
      eventId: walk.event.id,
      organizationMemberId: member,
      kind: 'chat',
      body: '雨が降らないといいですね',
      createdAt: new Date(walk.event.startsAt.getTime() - DAY),
    },
    {
      eventId: walk.event.id,
      organizationMemberId: manager,
      kind: 'retrospection',
      body: 'ご参加ありがとうございました。全員完歩です！',
      createdAt: new Date(walk.event.endsAt.getTime() + HOUR),
    },
  ]);

  await create(
    {
      name: DEMO_EVENT_NAMES.joinable,
      description: 'デスクワークの合間にできるストレッチを、理学療法士の方に教わります。',
      startsAt: new Date(base.getTime() + 3 * DAY),
      endsAt: new Date(base.getTime() + 3 * DAY + HOUR),
      recruitmentDeadline: new Date(base.getTime() + 2 * DAY),
      location: '本社 5F 会議室A',
      applyMaximum: 20,
      tags: ['preset:beginnersWelcome'],
      publicRange: 'public',
    },
    manager,
  );

  await create(
    {
      name: DEMO_EVENT_NAMES.shared,
      description: '産業医の先生をお招きして、睡眠の質を上げるコツを伺います。社外の方も参加できます。',
      startsAt: new Date(base.getTime() + 14 * DAY),
      endsAt: new Date(base.getTime() + 14 * DAY + 90 * 60 * 1000),
      location: 'オンライン',
      applyMaximum: 50,
      tags: ['preset:onlineOk', 'preset:free'],
      publicRange: 'public',
      externallyPublished: true,
    },
    member,
    ['知りたい: 寝つき', '知りたい: 朝の目覚め'],
  );
}
