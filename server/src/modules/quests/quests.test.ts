import { dayInJapan } from '@kiwi/shared/domain/health-points';
import { addDays } from '@kiwi/shared/domain/walking-event';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { coinMovements } from '../../db/schema/coins';
import { organizations, type OrganizationRow } from '../../db/schema/organizations';
import { questCompletions, quests } from '../../db/schema/quests';
import { type BuiltUser, buildOrganization, buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { memberBalance } from '../coins/ledger';

const DAY = 24 * 3600_000;

describe('quests', () => {
  let server: TestServer;
  let acme: OrganizationRow;
  let admin: BuiltUser;
  beforeAll(async () => {
    server = await startTestServer();
    acme = await buildOrganization(server);
    admin = await buildUser(server, { role: 'admin' });
  });
  afterAll(() => server.close());
  // Quests are the platform's: each test starts from none enabled, so another test's quest pays nobody here.
  beforeEach(async () => {
    await server.db.db.update(quests).set({ disabled: true });
  });

  const today = () => dayInJapan(new Date());
  const member = (options: Parameters<typeof buildUser>[1] = {}) => buildUser(server, { organization: acme, ...options });
  const createQuest = async (quest: Record<string, unknown>) => {
    const response = await server.request('/api/quests', { method: 'POST', token: admin.token, json: { quest } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return Number(response.body.data.id);
  };
  const sync = (user: BuiltUser, days: { day: string; steps: number; workout_minutes?: number }[]) =>
    server.request('/api/user/activities/sync', {
      method: 'POST',
      token: user.token,
      json: {
        activity_sync: {
          days: days.map((day) => ({ workout_minutes: 0, calories: 0, distance_meters: 0, ...day })),
        },
      },
    });
  const myQuests = async (user: BuiltUser) => {
    const response = await server.request('/api/user/quests', { token: user.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as { data: { id: string; attributes: Record<string, unknown> }[]; meta: { stamps: number } };
  };
  const questOf = async (user: BuiltUser, id: number) => (await myQuests(user)).data.find((item) => item.id === String(id))!.attributes;
  const completionsOf = (user: BuiltUser) =>
    server.db.db.select().from(questCompletions).where(eq(questCompletions.organizationMemberId, user.membership!.id));
  const questRewardMovements = async (user: BuiltUser) => {
    const result = (await server.db.db.execute(sql`
      select count(*)::int as count from coin_movements m join coin_ledger_entries e on e.movement_id = m.id
      where m.reason = 'quest_reward' and e.organization_member_id = ${user.membership!.id}`)) as unknown as { rows: { count: number }[] };
    return Number(result.rows[0]!.count);
  };

  describe('admin routes', () => {
    it('creates, lists, edits and disables a quest', async () => {
      const created = await server.request('/api/quests', {
        method: 'POST',
        token: admin.token,
        json: {
          quest: { title: '  Walk {goalValue} steps  ', period_type: 'daily', goal_type: 'step', goal_value: 8_000, reward_coins: 5 },
        },
      });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({
        type: 'quests',
        attributes: {
          title: 'Walk {goalValue} steps',
          'period-type': 'daily',
          'goal-type': 'step',
          'goal-value': 8_000,
          'goal-value-calculation-type': 'constant',
          'personalized-rate-percent': 110,
          'reward-type': 'coins',
          'reward-coins': 5,
          disabled: false,
        },
      });
      const id = created.body.data.id;

      const edited = await server.request(`/api/quests/${id}`, {
        method: 'PUT',
        token: admin.token,
        json: { quest: { disabled: true, goal_value: 9_000 } },
      });
      expect(edited.status).toBe(200);
      expect(edited.body.data.attributes).toMatchObject({ disabled: true, 'goal-value': 9_000, title: 'Walk {goalValue} steps' });

      const list = await server.request('/api/quests?per=1', { token: admin.token });
      expect(list.status).toBe(200);
      expect(list.body.data).toHaveLength(1);
      expect(list.body.meta['total-count']).toBeGreaterThanOrEqual(1);
    });

    it.each([
      [{ title: '', period_type: 'daily', goal_type: 'step', goal_value: 1 }, '/quest/title'],
      [{ title: 'x'.repeat(101), period_type: 'daily', goal_type: 'step', goal_value: 1 }, '/quest/title'],
      [{ title: 'Q', period_type: 'yearly', goal_type: 'step', goal_value: 1 }, '/quest/period_type'],
      [{ title: 'Q', period_type: 'daily', goal_type: 'step', goal_value: 1.5 }, '/quest/goal_value'],
      [{ title: 'Q', period_type: 'daily', goal_type: 'step', goal_value: 2_000_000 }, '/quest/goal_value'],
      [{ title: 'Q', period_type: 'daily', goal_type: 'step', goal_value: 1, reward_coins: -1 }, '/quest/reward_coins'],
      [
        { title: 'Q', period_type: 'daily', goal_type: 'step', goal_value: 1, personalized_rate_percent: 1_000 },
        '/quest/personalized_rate_percent',
      ],
      [{ title: 'Q', period_type: 'daily', goal_type: 'step', goal_value: 1, extra: 1 }, '/quest/extra'],
      // Only steps can be personalized; a setup quest completes once (a daily one would pay every day).
      [
        { title: 'Q', period_type: 'daily', goal_type: 'calorie', goal_value: 1, goal_value_calculation_type: 'personalized_step_count' },
        '/quest/goal_type',
      ],
      [{ title: 'Q', period_type: 'daily', goal_type: 'setup_nickname', goal_value: 1 }, '/quest/period_type'],
    ])('refuses %j with a 422 at its field', async (quest, pointer) => {
      const response = await server.request('/api/quests', { method: 'POST', token: admin.token, json: { quest } });
      expect(response.status).toBe(422);
      expect(response.body.errors.map((error: { source?: { pointer?: string } }) => error.source?.pointer)).toContain(pointer);
    });

    it('checks an edit against the stored quest and answers 404 for an unknown one', async () => {
      const id = await createQuest({
        title: 'Nickname',
        period_type: 'initializing',
        goal_type: 'setup_nickname',
        goal_value: 1,
        disabled: true,
      });
      const daily = await server.request(`/api/quests/${id}`, {
        method: 'PUT',
        token: admin.token,
        json: { quest: { period_type: 'daily' } },
      });
      expect(daily.status).toBe(422);
      const unknown = await server.request('/api/quests/2147483647', {
        method: 'PUT',
        token: admin.token,
        json: { quest: { title: 'x' } },
      });
      expect(unknown.status).toBe(404);
      const badId = await server.request('/api/quests/abc', { method: 'PUT', token: admin.token, json: { quest: { title: 'x' } } });
      expect(badId.status).toBe(400);
    });
  });

  describe('completion', () => {
    it('completes a daily step quest once the steps are synced and pays its coins once', async () => {
      const id = await createQuest({
        title: 'Walk {goalValue} steps',
        period_type: 'daily',
        goal_type: 'step',
        goal_value: 8_000,
        reward_coins: 7,
      });
      const alice = await member();
      await sync(alice, [{ day: today(), steps: 5_000 }]);
      expect(await questOf(alice, id)).toMatchObject({ progress: 5_000, 'goal-value': 8_000, completed: false, 'period-key': today() });
      expect(await completionsOf(alice)).toHaveLength(0);

      const done = await sync(alice, [{ day: today(), steps: 8_200 }]);
      expect(done.status).toBe(200);
      const [completion] = await completionsOf(alice);
      expect(completion).toMatchObject({ questId: id, periodKey: today(), goalValue: 8_000, rewardType: 'coins', coinsAwarded: 7 });
      expect(completion!.coinMovementId).not.toBeNull();
      // Today's activity earns no coins until the day is over: the balance is the quest's reward alone.
      expect(await memberBalance(server.db.db, alice.membership!.id)).toBe(7);

      // More syncs and visits: still one completion, paid once.
      await sync(alice, [{ day: today(), steps: 12_000 }]);
      expect(await questOf(alice, id)).toMatchObject({ progress: 12_000, completed: true, 'coins-awarded': 7 });
      expect(await completionsOf(alice)).toHaveLength(1);
      expect(await questRewardMovements(alice)).toBe(1);
      expect(await memberBalance(server.db.db, alice.membership!.id)).toBe(7);
    });

    it('completes and pays once under 20 concurrent syncs', async () => {
      const id = await createQuest({
        title: 'Walk {goalValue}',
        period_type: 'daily',
        goal_type: 'step',
        goal_value: 3_000,
        reward_coins: 11,
      });
      const bob = await member();
      const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => sync(bob, [{ day: today(), steps: 3_000 + index }])));
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      const completions = await completionsOf(bob);
      expect(completions.filter((row) => row.questId === id)).toHaveLength(1);
      expect(await questRewardMovements(bob)).toBe(1);
      expect(await memberBalance(server.db.db, bob.membership!.id)).toBe(11);
      const [{ sum } = { sum: 0 }] = (
        (await server.db.db.execute(sql`select coalesce(sum(delta), 0)::int as sum from coin_ledger_entries`)) as unknown as {
          rows: { sum: number }[];
        }
      ).rows;
      expect(Number(sum)).toBe(0);
    });

    it('sums a weekly quest over the Tokyo week and a monthly one over the month', async () => {
      const weekly = await createQuest({
        title: 'Week',
        period_type: 'weekly',
        goal_type: 'workout_minutes',
        goal_value: 60,
        reward_type: 'stamp',
      });
      const monthly = await createQuest({ title: 'Month', period_type: 'monthly', goal_type: 'distance', goal_value: 1_000_000 });
      const carol = await member();
      // Days of this week only (from its Monday to today).
      const monday = (() => {
        const day = today();
        const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
        return addDays(day, -((weekday + 6) % 7));
      })();
      const days = [monday, today()].filter((day, index, all) => all.indexOf(day) === index);
      await sync(
        carol,
        days.map((day) => ({ day, steps: 100, workout_minutes: 60 / days.length })),
      );
      const list = await myQuests(carol);
      const weeklyItem = list.data.find((item) => item.id === String(weekly))!.attributes;
      expect(weeklyItem).toMatchObject({ progress: 60, completed: true, 'reward-type': 'stamp', 'coins-awarded': 0, 'period-key': monday });
      expect(list.meta.stamps).toBe(1);
      const monthlyItem = list.data.find((item) => item.id === String(monthly))!.attributes;
      expect(monthlyItem).toMatchObject({ completed: false, 'period-key': today().slice(0, 7) });
      // A stamp quest pays no coins (Monday's own activity coins are the activity's, not the quest's).
      expect(await questRewardMovements(carol)).toBe(0);
    });

    it('completes a setup quest when the profile field is first set', async () => {
      const id = await createQuest({
        title: 'Choose a nickname',
        period_type: 'initializing',
        goal_type: 'setup_nickname',
        goal_value: 1,
        reward_coins: 20,
      });
      const dave = await member();
      expect(await questOf(dave, id)).toMatchObject({ progress: 0, 'goal-value': 1, completed: false, 'period-key': 'all' });
      const updated = await server.request(`/api/users/${dave.user.id}`, {
        method: 'PUT',
        token: dave.token,
        json: { user: { nickname: `dave-${dave.user.id}` } },
      });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      expect(await completionsOf(dave)).toMatchObject([{ questId: id, periodKey: 'all', coinsAwarded: 20 }]);
      // Changing it again pays nothing more.
      await server.request(`/api/users/${dave.user.id}`, {
        method: 'PUT',
        token: dave.token,
        json: { user: { nickname: `d-${dave.user.id}` } },
      });
      expect(await memberBalance(server.db.db, dave.membership!.id)).toBe(20);
      expect(await questOf(dave, id)).toMatchObject({ progress: 1, completed: true });
    });

    it('personalizes a step goal from the last 14 days', async () => {
      const id = await createQuest({
        title: 'Walk {goalValue}',
        period_type: 'daily',
        goal_type: 'step',
        goal_value: 6_000,
        goal_value_calculation_type: 'personalized_step_count',
        personalized_rate_percent: 120,
      });
      const erin = await member();
      expect(await questOf(erin, id)).toMatchObject({ 'goal-value': 6_000 });
      await sync(erin, [
        { day: addDays(today(), -1), steps: 7_000 },
        { day: addDays(today(), -3), steps: 9_000 },
      ]);
      // (7,000 + 9,000) / 2 × 120% = 9,600 -> 10,000.
      expect(await questOf(erin, id)).toMatchObject({ 'goal-value': 10_000, progress: 0, completed: false });
    });

    it('completes nothing for a pending member or a member of an archived organisation', async () => {
      await createQuest({ title: 'Walk', period_type: 'daily', goal_type: 'step', goal_value: 1_000, reward_coins: 3 });
      const pending = await member({ activeFrom: new Date(Date.now() + 3 * DAY) });
      // Pending members may sync (the app shows their state) but earn nothing.
      expect((await sync(pending, [{ day: today(), steps: 5_000 }])).status).toBe(200);
      expect(await completionsOf(pending)).toHaveLength(0);

      const archivedOrganization = await buildOrganization(server);
      const frank = await buildUser(server, { organization: archivedOrganization });
      await server.db.db.update(organizations).set({ archived: true }).where(eq(organizations.id, archivedOrganization.id));
      await sync(frank, [{ day: today(), steps: 5_000 }]);
      expect(await completionsOf(frank)).toHaveLength(0);
      expect(await memberBalance(server.db.db, frank.membership!.id)).toBe(0);
    });

    it('shows no disabled quest and the same figures on the home as on /user/quests', async () => {
      const id = await createQuest({
        title: 'Walk {goalValue}',
        period_type: 'daily',
        goal_type: 'step',
        goal_value: 4_000,
        reward_coins: 2,
      });
      const hidden = await createQuest({ title: 'Hidden', period_type: 'daily', goal_type: 'step', goal_value: 1, disabled: true });
      const grace = await member();
      await sync(grace, [{ day: today(), steps: 4_500 }]);
      const list = await myQuests(grace);
      expect(list.data.map((item) => item.id)).toEqual([String(id)]);
      expect(list.data.map((item) => item.id)).not.toContain(String(hidden));
      const home = await server.request('/api/home', { token: grace.token });
      expect(home.status).toBe(200);
      const homeQuests = home.body.included.filter((resource: { type: string }) => resource.type === 'quests');
      expect(homeQuests.map((resource: { id: string; attributes: unknown }) => [resource.id, resource.attributes])).toEqual(
        list.data.map((item) => [item.id, item.attributes]),
      );
      expect(home.body.data.attributes['quest-stamps']).toBe(list.meta.stamps);
      expect(await server.db.db.select().from(coinMovements).where(eq(coinMovements.reason, 'quest_reward'))).not.toHaveLength(0);
    });
  });
});
