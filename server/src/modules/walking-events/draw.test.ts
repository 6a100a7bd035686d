import { addDays, tokyoDay } from '@kiwi/shared/domain/walking-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMemberships, groups } from '../../db/schema/groups';
import type { OrganizationRow } from '../../db/schema/organizations';
import { walkingEventTeamMembers, walkingEventTeams } from '../../db/schema/walking-events';
import { type BuiltUser, buildOrganization, buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { day, insertSteps, insertWalkingEvent } from './test-support';

type Draft = {
  attributes: { 'team-name': string; 'average-steps': number; members: { 'organization-member-id': number; steps: number }[] };
};

describe('walking events: random and balanced teams', () => {
  let server: TestServer;
  let acme: OrganizationRow;
  let manager: BuiltUser;
  let people: BuiltUser[];
  let expired: BuiltUser;
  beforeAll(async () => {
    server = await startTestServer();
    acme = await buildOrganization(server, { numberOfMembers: 100 });
    const globex = await buildOrganization(server);
    manager = await buildUser(server, { organization: acme, memberRole: 'manager' });
    people = await Promise.all(Array.from({ length: 22 }, () => buildUser(server, { organization: acme })));
    expired = await buildUser(server, { organization: acme, activeTo: new Date(Date.now() - 3600_000) });
    await buildUser(server, { organization: globex });
    // The 28 days before today: member i walks 1,000 × (i + 1) steps a day; a day 29 days back does not count.
    await Promise.all(
      people.map((person, index) => {
        const days: Record<string, number> = { [day(-29)]: 999_999 };
        for (let back = 1; back <= 28; back += 1) days[day(-back)] = 1000 * (index + 1);
        return insertSteps(server, person.membership!.id, days);
      }),
    );
  });
  afterAll(() => server.close());

  const draw = (eventId: number, body: Record<string, unknown>, token = manager.token) =>
    server.request(`/api/walking_events/${eventId}/random_teams`, { method: 'POST', token, json: { random_teams: body } });
  const eligible = () => [manager, ...people].map((user) => user.membership!.id).sort((a, b) => a - b);
  const placed = (drafts: Draft[]) => drafts.flatMap((draft) => draft.attributes.members.map((m) => m['organization-member-id']));

  it('previews a balanced draw: every active member once, sizes within one, close averages; nothing is written', async () => {
    const event = await insertWalkingEvent(server, acme.id, { randomType: 'balanced', teamLimit: 4, memberLimit: 10 });
    const preview = await draw(event.id, { seed: 'spring-2026', apply: false });
    expect(preview.status).toBe(200);
    expect(preview.body.meta).toMatchObject({ seed: 'spring-2026', applied: false });
    const drafts = preview.body.data as Draft[];
    expect(drafts.map((draft) => draft.attributes['team-name'])).toEqual(['チーム1', 'チーム2', 'チーム3', 'チーム4']);
    expect(placed(drafts).sort((a, b) => a - b)).toEqual(eligible());
    expect(placed(drafts)).not.toContain(expired.membership!.id);
    const sizes = drafts.map((draft) => draft.attributes.members.length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    // Steps are the 28 days' sum; the manager never synced (0). Averages per team and day: within 15% of each other.
    const byId = new Map(drafts.flatMap((draft) => draft.attributes.members.map((m) => [m['organization-member-id'], m.steps])));
    expect(byId.get(people[21]!.membership!.id)).toBe(28 * 22_000);
    expect(byId.get(manager.membership!.id)).toBe(0);
    const averages = drafts.map((draft) => draft.attributes['average-steps']);
    expect((Math.max(...averages) - Math.min(...averages)) / Math.max(...averages)).toBeLessThan(0.15);
    expect(await server.db.db.select().from(walkingEventTeams).where(eq(walkingEventTeams.walkingEventId, event.id))).toEqual([]);

    const again = await draw(event.id, { seed: 'spring-2026', apply: false });
    expect(again.body.data).toEqual(preview.body.data);
  });

  it('applies the previewed draw (same seed, same teams), replaces earlier teams, and records the seed', async () => {
    const event = await insertWalkingEvent(server, acme.id, { randomType: 'random', teamLimit: 5, memberLimit: 5 });
    const preview = await draw(event.id, { apply: false });
    const seed = preview.body.meta.seed as string;
    expect(seed).toMatch(/^[A-Za-z0-9_-]{8}$/);
    await draw(event.id, { seed: 'first', apply: true });
    const applied = await draw(event.id, { seed, apply: true });
    expect(applied.status).toBe(201);
    expect(applied.body.data).toEqual(preview.body.data);

    const teams = await server.db.db.select().from(walkingEventTeams).where(eq(walkingEventTeams.walkingEventId, event.id));
    expect(teams).toHaveLength(5);
    const members = await server.db.db.select().from(walkingEventTeamMembers).where(eq(walkingEventTeamMembers.walkingEventId, event.id));
    expect(members.map((row) => row.organizationMemberId).sort((a, b) => a - b)).toEqual(eligible());
    const detail = await server.request(`/api/organizations/${acme.id}/walking_events/${event.id}`, { token: manager.token });
    expect(detail.body.data.attributes['random-seed']).toBe(seed);
    expect(detail.body.included).toHaveLength(5);
  });

  it('draws among the chosen groups only; refuses another organisation group, manual events, too many members, a started event', async () => {
    const [group] = await server.db.db.insert(groups).values({ organizationId: acme.id, name: 'Sales' }).returning();
    await server.db.db
      .insert(groupMemberships)
      .values(people.slice(0, 6).map((person) => ({ groupId: group!.id, organizationMemberId: person.membership!.id })));
    const event = await insertWalkingEvent(server, acme.id, { randomType: 'balanced', teamLimit: 3, memberLimit: 2 });
    const sales = await draw(event.id, { seed: 'x', apply: false, group_ids: [group!.id] });
    expect(placed(sales.body.data).sort((a, b) => a - b)).toEqual(
      people
        .slice(0, 6)
        .map((person) => person.membership!.id)
        .sort((a, b) => a - b),
    );

    const globexGroup = (
      await server.db.db
        .insert(groups)
        .values({ organizationId: (await buildOrganization(server)).id, name: 'Other' })
        .returning()
    )[0]!;
    const foreign = await draw(event.id, { apply: false, group_ids: [globexGroup.id] });
    expect(foreign.body.errors[0]).toMatchObject({
      code: 'validation.notFoundInOrganization',
      source: { pointer: '/random_teams/group_ids' },
    });
    expect((await draw(event.id, { apply: false })).body.errors[0].code).toBe('walkingEvent.tooManyMembers');
    const manual = await insertWalkingEvent(server, acme.id, { randomType: 'manual' });
    expect((await draw(manual.id, { apply: true })).body.errors[0].code).toBe('walkingEvent.manualTeams');
    const started = await insertWalkingEvent(server, acme.id, {
      randomType: 'balanced',
      startedAt: tokyoDay(new Date()),
      endedAt: addDays(tokyoDay(new Date()), 3),
    });
    const late = await draw(started.id, { apply: true });
    expect(late.status).toBe(409);
    expect(late.body.errors[0].code).toBe('walkingEvent.teamsLocked');
    expect((await draw(event.id, { seed: 'not a seed!', apply: false })).body.errors[0]).toMatchObject({
      code: 'validation.invalidFormat',
      source: { pointer: '/random_teams/seed' },
    });
  });
});
