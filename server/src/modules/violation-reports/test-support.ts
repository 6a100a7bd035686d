// Posts of every reported kind, written straight to the database for the violation-report tests and the benchmark.
import { coinMessages, kiwiCoinTransfers } from '../../db/schema/coins';
import { eventMessages } from '../../db/schema/events';
import { guildMembers, guildMessages, guilds } from '../../db/schema/guilds';
import { walkingEventMessages } from '../../db/schema/walking-events';
import type { TestServer } from '../../test/server';

type World = Pick<TestServer, 'db'>;

export async function insertGuild(server: World, organizationId: number, authorMemberId: number, memberIds: number[] = []) {
  const [guild] = await server.db.db
    .insert(guilds)
    .values({ organizationId, authorMemberId, name: 'Guild', publicRange: 'public' })
    .returning();
  if (!guild) throw new Error('guild not inserted');
  const joined = [...new Set([authorMemberId, ...memberIds])];
  await server.db.db
    .insert(guildMembers)
    .values(
      joined.map((organizationMemberId) => ({ guildId: guild.id, organizationMemberId, status: 'joined' as const, joinedAt: new Date() })),
    );
  return guild;
}

export async function insertGuildMessage(server: World, guildId: number, organizationMemberId: number, body = 'A guild message') {
  const [row] = await server.db.db.insert(guildMessages).values({ guildId, organizationMemberId, body }).returning();
  return row!;
}

export async function insertEventMessage(
  server: World,
  eventId: number,
  author: { organizationMemberId: number } | { eventGuestId: number },
  body = 'An event message',
) {
  const [row] = await server.db.db
    .insert(eventMessages)
    .values({ eventId, body, ...author })
    .returning();
  return row!;
}

export async function insertWalkingMessage(
  server: World,
  walkingEventId: number,
  teamId: number,
  organizationMemberId: number,
  body = 'Go!',
) {
  const [row] = await server.db.db.insert(walkingEventMessages).values({ walkingEventId, teamId, organizationMemberId, body }).returning();
  return row!;
}

/** A coin message's transfer as the ledger left it (no coins move here: only the text is reported). */
export async function insertCoinMessageTransfer(
  server: World,
  organizationId: number,
  senderMemberId: number,
  recipientMemberId: number,
  message = 'Thanks!',
) {
  const [coinMessage] = await server.db.db.insert(coinMessages).values({ organizationId, senderMemberId, body: message }).returning();
  const [row] = await server.db.db
    .insert(kiwiCoinTransfers)
    .values({
      kind: 'message',
      organizationId,
      senderMemberId,
      organizationMemberId: recipientMemberId,
      coinMessageId: coinMessage!.id,
      amount: 1,
      message,
      status: 'transferred',
    })
    .returning();
  return row!;
}
