import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { AGE_RANGE_KEYS, ageRangeOf, dayInJapan } from '@kiwi/shared/domain/health-points';
import { isMembershipActive } from '@kiwi/shared/domain/membership';
import type { GuildsSummaryOf } from '@kiwi/shared/schemas/guild';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ApiError } from '../../jsonapi/errors';

const DAY_MS = 24 * 3600 * 1000;
const MAX_DAYS = 366;

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const japanMidnight = (day: string) => new Date(`${day}T00:00:00+09:00`);

/** from..to inclusive (Japanese calendar days); the last 30 days by default; at most a year. */
export function summaryPeriod({ from, to }: { from?: string; to?: string }, now: Date): { from: string; to: string; days: string[] } {
  const last = to ?? dayInJapan(now);
  const first = from ?? addDays(last, -29);
  if (first > last) throw new ApiError(ErrorCode.requestInvalidParameter, { parameter: 'from' });
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) {
    days.push(day);
    if (days.length > MAX_DAYS) throw new ApiError(ErrorCode.requestInvalidParameter, { parameter: 'to' });
  }
  return { from: first, to: last, days };
}

type Rows<T> = { rows: T[] };
async function rows<T>(tx: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as Rows<T>).rows;
}

/** The guild figures before serialisation (camelCase throughout; the presenter kebab-cases the nested rankings). */
export type GuildsSummary = GuildsSummaryOf<'messagesCount'>;

/** The communication dashboard's guild figures for an organisation, or one guild's dashboard with `guildId`. */
export async function guildsSummary(
  tx: Executor,
  organizationId: number,
  query: { from?: string; to?: string; guildId?: number },
  now: Date,
): Promise<GuildsSummary> {
  const period = summaryPeriod(query, now);
  const start = japanMidnight(period.from);
  const end = japanMidnight(addDays(period.to, 1));
  const inGuilds =
    query.guildId === undefined
      ? sql`g.organization_id = ${organizationId}`
      : sql`g.organization_id = ${organizationId} and g.id = ${query.guildId}`;

  const [guildCounts] = await rows<{ total: number; public: number; private: number; participants: number }>(
    tx,
    sql`select count(*)::int as total,
               count(*) filter (where g.public_range = 'public')::int as public,
               count(*) filter (where g.public_range = 'private')::int as private,
               (select count(distinct gm.organization_member_id)::int from guild_members gm join guilds g on g.id = gm.guild_id
                 where ${inGuilds} and gm.status = 'joined') as participants
        from guilds g where ${inGuilds}`,
  );
  const members = await rows<{ active_from: string | null; active_to: string | null }>(
    tx,
    sql`select active_from, active_to from organization_members where organization_id = ${organizationId}`,
  );
  const activeMembers = members.filter((member) =>
    isMembershipActive(
      {
        activeFrom: member.active_from ? new Date(member.active_from) : null,
        activeTo: member.active_to ? new Date(member.active_to) : null,
      },
      now,
    ),
  ).length;

  const dayKey = (column: string) => sql.raw(`to_char(${column} at time zone 'Asia/Tokyo', 'YYYY-MM-DD')`);
  const messageDays = await rows<{ day: string; n: number }>(
    tx,
    sql`select ${dayKey('m.created_at')} as day, count(*)::int as n from guild_messages m join guilds g on g.id = m.guild_id
        where ${inGuilds} and m.created_at >= ${start.toISOString()} and m.created_at < ${end.toISOString()} group by 1`,
  );
  const reactionDays = await rows<{ day: string; n: number }>(
    tx,
    sql`select ${dayKey('r.created_at')} as day, count(*)::int as n from guild_message_reactions r
        join guild_messages m on m.id = r.message_id join guilds g on g.id = m.guild_id
        where ${inGuilds} and r.created_at >= ${start.toISOString()} and r.created_at < ${end.toISOString()} group by 1`,
  );
  const messagesOn = new Map(messageDays.map((row) => [row.day, row.n]));
  const reactionsOn = new Map(reactionDays.map((row) => [row.day, row.n]));
  const days = period.days.map((date) => ({ date, messages: messagesOn.get(date) ?? 0, reactions: reactionsOn.get(date) ?? 0 }));

  const topGuilds = await rows<{ id: number; name: string; n: number }>(
    tx,
    sql`select g.id, g.name, count(m.id)::int as n from guilds g join guild_messages m on m.guild_id = g.id
        where ${inGuilds} and m.created_at >= ${start.toISOString()} and m.created_at < ${end.toISOString()}
        group by g.id, g.name order by n desc, g.id asc limit 5`,
  );
  const topPosters = await rows<{ name: string; n: number }>(
    tx,
    sql`select coalesce(nullif(om.nickname, ''), nullif(u.nickname, ''), u.name) as name, count(*)::int as n
        from guild_messages m join guilds g on g.id = m.guild_id
        join organization_members om on om.id = m.organization_member_id join users u on u.id = om.user_id
        where ${inGuilds} and m.created_at >= ${start.toISOString()} and m.created_at < ${end.toISOString()}
        group by om.id, 1 order by n desc, om.id asc limit 5`,
  );
  const topEmoji = await rows<{ emoji: string; n: number }>(
    tx,
    sql`select r.emoji, count(*)::int as n from guild_message_reactions r join guild_messages m on m.id = r.message_id join guilds g on g.id = m.guild_id
        where ${inGuilds} and r.created_at >= ${start.toISOString()} and r.created_at < ${end.toISOString()}
        group by r.emoji order by n desc, r.emoji asc limit 5`,
  );

  const participants = guildCounts?.participants ?? 0;
  return {
    id: query.guildId === undefined ? String(organizationId) : `${organizationId}-${query.guildId}`,
    from: period.from,
    to: period.to,
    guildsCount: guildCounts?.total ?? 0,
    publicGuildsCount: guildCounts?.public ?? 0,
    privateGuildsCount: guildCounts?.private ?? 0,
    participantsCount: participants,
    organizationMembersCount: activeMembers,
    participationRate: activeMembers === 0 ? 0 : participants / activeMembers,
    messagesCount: days.reduce((sum, day) => sum + day.messages, 0),
    reactionsCount: days.reduce((sum, day) => sum + day.reactions, 0),
    days,
    topGuilds: topGuilds.map((row) => ({ id: row.id, name: row.name, messagesCount: row.n })),
    topPosters: topPosters.map((row) => ({ name: row.name, messagesCount: row.n })),
    topEmoji: topEmoji.map((row) => ({ emoji: row.emoji, count: row.n })),
  };
}

export type ParticipationGroup = { key: string; membersCount: number; participantsCount: number; rate: number };

/**
 * Share of the organisation's active members who belong to at least one guild, per age range, affiliation or
 * occupation. A member with several affiliations counts in each; one with none is in `unknown`.
 */
export async function guildsParticipationRate(
  tx: Executor,
  organizationId: number,
  type: 'age' | 'belonging' | 'occupation',
  now: Date,
): Promise<ParticipationGroup[]> {
  const members = await rows<{
    active_from: string | null;
    active_to: string | null;
    birthday: string | null;
    belongings: string[];
    occupations: string[];
    participates: boolean;
  }>(
    tx,
    sql`select om.active_from, om.active_to, to_char(u.birthday, 'YYYY-MM-DD') as birthday, om.belongings, om.occupations,
               exists (select 1 from guild_members gm where gm.organization_member_id = om.id and gm.status = 'joined') as participates
        from organization_members om join users u on u.id = om.user_id where om.organization_id = ${organizationId}`,
  );
  const today = dayInJapan(now);
  const groups = new Map<string, { membersCount: number; participantsCount: number }>();
  if (type === 'age') for (const key of AGE_RANGE_KEYS) groups.set(key, { membersCount: 0, participantsCount: 0 });
  for (const member of members) {
    const period = {
      activeFrom: member.active_from ? new Date(member.active_from) : null,
      activeTo: member.active_to ? new Date(member.active_to) : null,
    };
    if (!isMembershipActive(period, now)) continue;
    const labels = type === 'age' ? [ageRangeOf(member.birthday, today)] : type === 'belonging' ? member.belongings : member.occupations;
    for (const key of labels.length > 0 ? labels : ['unknown']) {
      const group = groups.get(key) ?? { membersCount: 0, participantsCount: 0 };
      group.membersCount += 1;
      if (member.participates) group.participantsCount += 1;
      groups.set(key, group);
    }
  }
  const result = [...groups.entries()].map(([key, group]) => ({
    key,
    ...group,
    rate: group.membersCount === 0 ? 0 : group.participantsCount / group.membersCount,
  }));
  // Age ranges keep the spec's order; labels go by name with `unknown` last.
  if (type !== 'age') result.sort((a, b) => (a.key === 'unknown' ? 1 : b.key === 'unknown' ? -1 : a.key.localeCompare(b.key)));
  return result;
}
