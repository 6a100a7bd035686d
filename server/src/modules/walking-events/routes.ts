import {
  AddWalkingEventTeamMemberSchema,
  BoardQuerySchema,
  CreateWalkingEventMessageSchema,
  CreateWalkingEventSchema,
  CreateWalkingEventTeamSchema,
  PersonalSummaryQuerySchema,
  RandomTeamsSchema,
  RankingQuerySchema,
  UpdateWalkingEventSchema,
  UpdateWalkingEventTeamSchema,
} from '@kiwi/shared/schemas/walking-event';
import { MessageReactionSchema } from '@kiwi/shared/schemas/guild';
import { eq } from 'drizzle-orm';
import { type Request, Router } from 'express';
import { authorize } from '../../auth/authorize';
import { currentSession, requireOrganizationMember, requireSignedIn } from '../../auth/guards';
import { requestLanguage, translatorFor } from '../../http/i18n';
import { notFound } from '../../jsonapi/errors';
import { parseBody, parseId, parseQuery } from '../../jsonapi/parse';
import { walkingEventTeams } from '../../db/schema/walking-events';
import type { ModuleDependencies } from '../deps';
import { changedFields, markStaffActionRecorded, recordRequestAction, recordRowChange } from '../staff-actions/record';
import { loadWalkingEvent, loadWalkingEventTeam } from './access';
import { dailySummary } from './daily';
import { drawRandomTeams } from './draw';
import { boardTeamOf, deleteMessage, eventOfMessage, listBoard, postMessage, toggleReaction } from './messages';
import { personalRankingRows, sendCsv, teamRankingRows } from './csv';
import {
  presentBoard,
  presentDailySummary,
  presentDraw,
  presentPersonalSummary,
  presentTeam,
  presentTeamSummary,
  presentWalkingEvent,
  presentWalkingEvents,
  visiblePeople,
} from './presenter';
import { standingsOf } from './rankings';
import {
  addTeamMember,
  createTeam,
  createWalkingEvent,
  deleteTeam,
  deleteWalkingEvent,
  listTeams,
  listWalkingEvents,
  removeTeamMember,
  renameTeam,
  teamIdOf,
  updateWalkingEvent,
} from './service';

/** What the staff action log compares for an event and a team (issue 20 point 8). */
const LOGGED = [
  'title',
  'startedAt',
  'endedAt',
  'finalResultPublishedAt',
  'randomType',
  'teamLimit',
  'memberLimit',
  'showTeamMemberData',
  'showPersonalStatistics',
] as const;
const TEAM_LOGGED = ['name'] as const;

export function walkingEventsRoutes({ db }: ModuleDependencies): Router {
  const router = Router();
  const members = requireOrganizationMember({ managerOnly: false });
  const managers = requireOrganizationMember();
  /** The guard checked the path's organisation; the policy says who manages its walking events. */
  const manageOrganization = async (req: Request) => {
    const organizationId = parseId(req, 'organizationId');
    authorize(await currentSession(req), 'walkingEvent.manage', { kind: 'organization', id: organizationId });
    return organizationId;
  };

  router.get('/organizations/:organizationId/walking_events', members, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    authorize(await currentSession(req), 'walkingEvent.view', { kind: 'organization', id: organizationId });
    const now = new Date();
    res.json(presentWalkingEvents(await db.db.transaction((tx) => listWalkingEvents(tx, organizationId)), now));
  });

  router.post('/organizations/:organizationId/walking_events', managers, async (req, res) => {
    const organizationId = await manageOrganization(req);
    const { walking_event: input } = parseBody(CreateWalkingEventSchema, req);
    const session = await currentSession(req);
    const now = new Date();
    const document = await db.db.transaction(async (tx) => {
      const row = await createWalkingEvent(tx, organizationId, input, now);
      await recordRowChange(tx, req, {
        actor: session,
        organizationId,
        before: null,
        after: row,
        fields: LOGGED,
        targetType: 'walking_events',
      });
      const { viewer } = await loadWalkingEvent(tx, session, row.id);
      return presentWalkingEvent(row, [], { now, viewer, myTeamId: null });
    });
    markStaffActionRecorded(res);
    res.status(201).json(document);
  });

  router.get('/organizations/:organizationId/walking_events/:eventId', members, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const eventId = parseId(req, 'eventId');
    const session = await currentSession(req);
    const now = new Date();
    const document = await db.db.transaction(async (tx) => {
      const { event, viewer } = await loadWalkingEvent(tx, session, eventId);
      if (event.organizationId !== organizationId) throw notFound();
      const myTeamId = await teamIdOf(tx, event.id, viewer.organizationMemberId);
      return presentWalkingEvent(event, await listTeams(tx, event.id), { now, viewer, myTeamId });
    });
    res.json(document);
  });

  router.put('/organizations/:organizationId/walking_events/:eventId', managers, async (req, res) => {
    const organizationId = await manageOrganization(req);
    const eventId = parseId(req, 'eventId');
    const { walking_event: input } = parseBody(UpdateWalkingEventSchema, req);
    const session = await currentSession(req);
    const now = new Date();
    const document = await db.db.transaction(async (tx) => {
      const { event: before } = await loadWalkingEvent(tx, session, eventId, { lock: true, manage: true });
      const row = await updateWalkingEvent(tx, organizationId, eventId, input, now);
      await recordRowChange(tx, req, { actor: session, organizationId, before, after: row, fields: LOGGED });
      const { viewer } = await loadWalkingEvent(tx, session, row.id);
      return presentWalkingEvent(row, await listTeams(tx, row.id), {
        now,
        viewer,
        myTeamId: await teamIdOf(tx, row.id, viewer.organizationMemberId),
      });
    });
    res.json(document);
  });

  router.delete('/organizations/:organizationId/walking_events/:eventId', managers, async (req, res) => {
    const organizationId = await manageOrganization(req);
    const eventId = parseId(req, 'eventId');
    const session = await currentSession(req);
    await db.db.transaction(async (tx) => {
      const { event: before } = await loadWalkingEvent(tx, session, eventId, { lock: true, manage: true });
      await deleteWalkingEvent(tx, organizationId, eventId, new Date());
      await recordRowChange(tx, req, { actor: session, organizationId, before, after: null, fields: LOGGED });
    });
    markStaffActionRecorded(res);
    res.status(204).end();
  });

  router.get('/walking_events/:id/team_summary', requireSignedIn, async (req, res) => {
    const eventId = parseId(req);
    const { format, encoding } = parseQuery(RankingQuerySchema, req);
    const session = await currentSession(req);
    const now = new Date();
    const { event, viewer, ranked } = await db.db.transaction(async (tx) => {
      const context = await loadWalkingEvent(tx, session, eventId);
      return { ...context, ranked: await standingsOf(tx, context.event, now) };
    });
    if (format === 'csv') {
      sendCsv(res, event, 'teams', teamRankingRows(ranked.standings, translatorFor(requestLanguage(req))), encoding);
      return;
    }
    res.json(presentTeamSummary(ranked, event, viewer));
  });

  router.get('/walking_events/:id/personal_summary', requireSignedIn, async (req, res) => {
    const eventId = parseId(req);
    const { per, format, encoding } = parseQuery(PersonalSummaryQuerySchema, req);
    const session = await currentSession(req);
    const now = new Date();
    const { event, viewer, ranked } = await db.db.transaction(async (tx) => {
      const context = await loadWalkingEvent(tx, session, eventId);
      return { ...context, ranked: await standingsOf(tx, context.event, now) };
    });
    if (format === 'csv') {
      // Everyone the caller may see: managers (and open events) the whole list, otherwise the caller's own row.
      const people = visiblePeople(ranked.standings, event, viewer);
      const teamNames = new Map(ranked.standings.teams.map((team) => [team.teamId, team.teamName]));
      sendCsv(res, event, 'people', personalRankingRows(people, teamNames, translatorFor(requestLanguage(req))), encoding);
      return;
    }
    res.json(presentPersonalSummary(ranked, event, viewer, per));
  });

  // The detail page's dashboard (managers): the leading teams' daily averages and the daily participation.
  router.get('/walking_events/:id/daily_summary', requireSignedIn, async (req, res) => {
    const eventId = parseId(req);
    const session = await currentSession(req);
    const now = new Date();
    const { event, summary } = await db.db.transaction(async (tx) => {
      const context = await loadWalkingEvent(tx, session, eventId, { manage: true });
      const { standings } = await standingsOf(tx, context.event, now);
      return { event: context.event, summary: await dailySummary(tx, context.event, standings, now) };
    });
    res.json(presentDailySummary(event, summary));
  });

  // The team cheer board: the caller's team's messages (a manager names a team with team_id), newest first.
  router.get('/walking_events/:id/messages', requireSignedIn, async (req, res) => {
    const eventId = parseId(req);
    const { team_id: teamId, before } = parseQuery(BoardQuerySchema, req);
    const session = await currentSession(req);
    const messages = await db.db.transaction(async (tx) => {
      const { event, viewer } = await loadWalkingEvent(tx, session, eventId);
      return listBoard(tx, await boardTeamOf(tx, event, viewer, teamId), viewer, before);
    });
    res.json(presentBoard(messages));
  });

  router.post('/walking_events/:id/messages', requireSignedIn, async (req, res) => {
    const eventId = parseId(req);
    const { walking_event_message: input } = parseBody(CreateWalkingEventMessageSchema, req);
    const session = await currentSession(req);
    const message = await db.db.transaction(async (tx) => {
      const { event, viewer } = await loadWalkingEvent(tx, session, eventId);
      const id = await postMessage(tx, event, viewer, input.body);
      return (await listBoard(tx, await boardTeamOf(tx, event, viewer, undefined), viewer)).find((row) => row.id === id);
    });
    res.status(201).json(presentBoard(message ? [message] : []));
  });

  router.delete('/walking_events/:id/messages/:messageId', requireSignedIn, async (req, res) => {
    const eventId = parseId(req);
    const messageId = parseId(req, 'messageId');
    const session = await currentSession(req);
    await db.db.transaction(async (tx) => {
      const { event, viewer } = await loadWalkingEvent(tx, session, eventId);
      await deleteMessage(tx, event, viewer, messageId);
    });
    res.status(204).end();
  });

  for (const [method, on] of [
    ['post', true],
    ['delete', false],
  ] as const) {
    router[method]('/walking_event_messages/:id/reactions', requireSignedIn, async (req, res) => {
      const messageId = parseId(req);
      const { message_reaction: input } = parseBody(MessageReactionSchema, req);
      const session = await currentSession(req);
      await db.db.transaction(async (tx) => {
        const eventId = await eventOfMessage(tx, messageId);
        const { event, viewer } = await loadWalkingEvent(tx, session, eventId);
        await toggleReaction(tx, event, viewer, messageId, input.emoji, on);
      });
      res.status(204).end();
    });
  }

  router.post('/walking_events/:id/teams', requireSignedIn, async (req, res) => {
    const eventId = parseId(req);
    const { walking_event_team: input } = parseBody(CreateWalkingEventTeamSchema, req);
    const session = await currentSession(req);
    const team = await db.db.transaction(async (tx) => {
      const { event } = await loadWalkingEvent(tx, session, eventId, { lock: true, manage: true });
      const created = await createTeam(tx, event, input.team_name, new Date());
      const changes = changedFields(null, created, TEAM_LOGGED);
      const target = { targetType: 'teams', targetId: created.id };
      await recordRequestAction(tx, req, { actor: session, organizationId: event.organizationId, ...target, statusCode: 201, changes });
      return created;
    });
    markStaffActionRecorded(res);
    res.status(201).json(presentTeam(team));
  });

  router.put('/walking_events/:id/teams/:teamId', requireSignedIn, async (req, res) => {
    const eventId = parseId(req);
    const teamId = parseId(req, 'teamId');
    const { walking_event_team: input } = parseBody(UpdateWalkingEventTeamSchema, req);
    const session = await currentSession(req);
    const team = await db.db.transaction(async (tx) => {
      const { event } = await loadWalkingEvent(tx, session, eventId, { lock: true, manage: true });
      const [before] = await tx.select().from(walkingEventTeams).where(eq(walkingEventTeams.id, teamId));
      const renamed = await renameTeam(tx, event, teamId, input.team_name, new Date());
      const changes = changedFields(before, renamed, TEAM_LOGGED);
      await recordRequestAction(tx, req, { actor: session, organizationId: event.organizationId, changes });
      return renamed;
    });
    markStaffActionRecorded(res);
    res.json(presentTeam(team));
  });

  router.delete('/walking_events/:id/teams/:teamId', requireSignedIn, async (req, res) => {
    const eventId = parseId(req);
    const teamId = parseId(req, 'teamId');
    const session = await currentSession(req);
    await db.db.transaction(async (tx) => {
      const { event } = await loadWalkingEvent(tx, session, eventId, { lock: true, manage: true });
      const [before] = await tx.select().from(walkingEventTeams).where(eq(walkingEventTeams.id, teamId));
      await deleteTeam(tx, event, teamId, new Date());
      const changes = changedFields(before, null, TEAM_LOGGED);
      await recordRequestAction(tx, req, { actor: session, organizationId: event.organizationId, statusCode: 204, changes });
    });
    markStaffActionRecorded(res);
    res.status(204).end();
  });

  router.post('/walking_events/:id/random_teams', requireSignedIn, async (req, res) => {
    const eventId = parseId(req);
    const { random_teams: input } = parseBody(RandomTeamsSchema, req);
    const session = await currentSession(req);
    const t = translatorFor(requestLanguage(req));
    const draw = await db.db.transaction(async (tx) => {
      const { event } = await loadWalkingEvent(tx, session, eventId, { lock: true, manage: true });
      return drawRandomTeams(tx, event, input, { now: new Date(), teamName: (number) => t('walking:teamName', { number }) });
    });
    res.status(input.apply ? 201 : 200).json(presentDraw(draw));
  });

  router.post('/walking_event_teams/:id/members', requireSignedIn, async (req, res) => {
    const teamId = parseId(req);
    const { walking_event_team_member: input } = parseBody(AddWalkingEventTeamMemberSchema, req);
    const session = await currentSession(req);
    const team = await db.db.transaction(async (tx) => {
      const { event } = await loadWalkingEventTeam(tx, session, teamId);
      const added = await addTeamMember(tx, event, teamId, input.organization_member_id, new Date());
      const changes = { organizationMemberId: [null, input.organization_member_id] as [unknown, unknown] };
      await recordRequestAction(tx, req, { actor: session, organizationId: event.organizationId, statusCode: 201, changes });
      return added;
    });
    markStaffActionRecorded(res);
    res.status(201).json(presentTeam(team));
  });

  router.delete('/walking_event_teams/:id/members/:memberId', requireSignedIn, async (req, res) => {
    const teamId = parseId(req);
    const memberId = parseId(req, 'memberId');
    const session = await currentSession(req);
    await db.db.transaction(async (tx) => {
      const { event } = await loadWalkingEventTeam(tx, session, teamId);
      await removeTeamMember(tx, event, teamId, memberId, new Date());
      const changes = { organizationMemberId: [memberId, null] as [unknown, unknown] };
      await recordRequestAction(tx, req, { actor: session, organizationId: event.organizationId, statusCode: 204, changes });
    });
    markStaffActionRecorded(res);
    res.status(204).end();
  });

  return router;
}
