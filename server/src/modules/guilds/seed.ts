import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { demoOrganizationIds } from '../../db/seed';
import { guildMembers, guildMessageReactions, guildMessages, guilds } from '../../db/schema/guilds';
import { organizationMembers } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';

type DemoMessage = { by: string; body: string; daysAgo: number; reactions?: [string, string[]][]; pinned?: boolean };
type DemoGuild = {
  organization: string;
  name: string;
  description: string;
  tags: string[];
  publicRange: 'public' | 'private';
  author: string;
  members: { uid: string; status: 'joined' | 'invited'; role?: string }[];
  messages: DemoMessage[];
};

export const DEMO_GUILDS: DemoGuild[] = [
  {
    organization: 'acme',
    name: 'ランニング部',
    description: '昼休みや終業後に皇居の周りを走っています。初心者の方も大歓迎です 🏃',
    tags: ['ランニング', '初心者歓迎', '朝活'],
    publicRange: 'public',
    author: 'demo-acme-manager',
    members: [{ uid: 'demo-acme-member', status: 'joined', role: 'ペースメーカー' }],
    messages: [
      {
        by: 'demo-acme-manager',
        body: 'ようこそ！毎週水曜 18:30 に正面玄関に集合です。コースは https://kiwi.example/run を見てください。',
        daysAgo: 6,
        pinned: true,
        reactions: [['👍', ['demo-acme-member']]],
      },
      {
        by: 'demo-acme-member',
        body: '今週から参加します。よろしくお願いします！',
        daysAgo: 5,
        reactions: [
          ['🎉', ['demo-acme-manager']],
          ['👏', ['demo-acme-manager']],
        ],
      },
      { by: 'demo-acme-manager', body: '今日は 5km を 30 分で走りました 💪', daysAgo: 3 },
      {
        by: 'demo-acme-member',
        body: '雨の日は社内の階段トレーニングにしませんか？',
        daysAgo: 1,
        reactions: [['🤔', ['demo-acme-manager']]],
      },
    ],
  },
  {
    organization: 'acme',
    name: 'ヨガ・ストレッチ',
    description: '在宅勤務の合間に 10 分ストレッチ。オンライン参加 OK です。',
    tags: ['ヨガ', '初心者歓迎', 'オンラインOK'],
    publicRange: 'public',
    author: 'demo-acme-member',
    members: [{ uid: 'demo-acme-manager', status: 'joined' }],
    messages: [
      { by: 'demo-acme-member', body: '肩こりに効くストレッチを共有します 🧘', daysAgo: 4, reactions: [['❤️', ['demo-acme-manager']]] },
      { by: 'demo-acme-manager', body: 'ありがとうございます！午後に試してみます。', daysAgo: 2 },
    ],
  },
  {
    organization: 'acme',
    name: 'ボードゲーム同好会',
    description: '金曜の夜に集まってボードゲームで遊びます。招待制です。',
    tags: ['ボードゲーム'],
    publicRange: 'private',
    author: 'demo-acme-manager',
    members: [{ uid: 'demo-acme-member', status: 'invited' }],
    messages: [{ by: 'demo-acme-manager', body: '次回はカタンをやりましょう 🎲', daysAgo: 2 }],
  },
  {
    organization: 'globex',
    name: 'Book club',
    description: 'One book a month, discussed over lunch.',
    tags: ['books'],
    publicRange: 'public',
    author: 'demo-globex-manager',
    members: [{ uid: 'demo-globex-member', status: 'joined' }],
    messages: [{ by: 'demo-globex-manager', body: 'This month: "The Mythical Man-Month".', daysAgo: 3 }],
  },
];

const DAY_MS = 24 * 3600 * 1000;

/** Demo guilds with members, messages, reactions and a pinned message; skipped for an organisation that has guilds. */
export async function seedGuilds(tx: Executor, now: Date): Promise<void> {
  const organizationRows = await demoOrganizationIds(tx, [...new Set(DEMO_GUILDS.map((guild) => guild.organization))]);
  const memberRows = await tx
    .select({ id: organizationMembers.id, uid: users.firebaseUid, organizationId: organizationMembers.organizationId })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId));

  for (const organization of organizationRows) {
    const [existing] = await tx.select({ id: guilds.id }).from(guilds).where(eq(guilds.organizationId, organization.id)).limit(1);
    if (existing) continue;
    const memberOf = (uid: string) => memberRows.find((row) => row.uid === uid && row.organizationId === organization.id)?.id;
    for (const demo of DEMO_GUILDS.filter((guild) => guild.organization === organization.identifier)) {
      const authorId = memberOf(demo.author);
      if (authorId === undefined) continue;
      const created = new Date(now.getTime() - 7 * DAY_MS);
      const [guild] = await tx
        .insert(guilds)
        .values({
          organizationId: organization.id,
          authorMemberId: authorId,
          name: demo.name,
          description: demo.description,
          tags: demo.tags,
          publicRange: demo.publicRange,
          createdAt: created,
        })
        .returning({ id: guilds.id });
      if (!guild) continue;
      await tx.insert(guildMembers).values({ guildId: guild.id, organizationMemberId: authorId, status: 'joined', joinedAt: created });
      for (const member of demo.members) {
        const memberId = memberOf(member.uid);
        if (memberId === undefined) continue;
        await tx.insert(guildMembers).values({
          guildId: guild.id,
          organizationMemberId: memberId,
          status: member.status,
          role: member.role ?? '',
          joinedAt: member.status === 'joined' ? created : null,
          invitedByMemberId: member.status === 'invited' ? authorId : null,
        });
      }
      for (const message of demo.messages) {
        const by = memberOf(message.by);
        if (by === undefined) continue;
        const at = new Date(now.getTime() - message.daysAgo * DAY_MS);
        const [row] = await tx
          .insert(guildMessages)
          .values({ guildId: guild.id, organizationMemberId: by, body: message.body, createdAt: at })
          .returning({ id: guildMessages.id });
        if (!row) continue;
        for (const [emoji, uids] of message.reactions ?? []) {
          for (const uid of uids) {
            const reactor = memberOf(uid);
            if (reactor !== undefined)
              await tx
                .insert(guildMessageReactions)
                .values({ messageId: row.id, organizationMemberId: reactor, emoji, createdAt: new Date(at.getTime() + 3600_000) });
          }
        }
        if (message.pinned)
          await tx
            .update(guilds)
            .set({ pinnedMessageId: row.id })
            .where(and(eq(guilds.id, guild.id)));
      }
    }
  }
}
