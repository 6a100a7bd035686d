import {
  CreateGuildMessageSchema,
  CreateGuildSchema,
  GuildListQuerySchema,
  GuildMessagesQuerySchema,
  GuildsParticipationQuerySchema,
  GuildsSummaryQuerySchema,
  GuildTagsQuerySchema,
  JoinGuildSchema,
  MessageReactionSchema,
  PinGuildMessageSchema,
  UpdateGuildMemberSchema,
  UpdateGuildMessageSchema,
  UpdateGuildSchema,
} from '@kiwi/shared/schemas/guild';
import { PaginationSchema } from '@kiwi/shared/schemas/common';
import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { type Request, Router } from 'express';
import { z } from 'zod';
import { currentSession, requireOrganizationMember, requireSignedIn } from '../../auth/guards';
import { ApiError } from '../../jsonapi/errors';
import { parseBody, parseId, parseQuery } from '../../jsonapi/parse';
import { streamOwner } from '../../realtime/stream-owners';
import type { ModuleDependencies } from '../deps';
import { guildViewerOf } from './access';
import { acceptInvitation, joinOrInvite, removeGuildMember, updateGuildMember } from './members';
import { createMessage, deleteMessage, listMessages, showMessage, toggleReaction, updateMessage } from './messages';
import {
  presentAllGuilds,
  presentGuild,
  presentGuildList,
  presentGuildMember,
  presentGuildsSummary,
  presentGuildTags,
  presentMessage,
  presentMessages,
  presentParticipation,
} from './presenter';
import {
  assertManage,
  assertRead,
  createGuild,
  deleteGuild,
  guildDetail,
  listAllGuilds,
  listGuilds,
  listGuildTags,
  loadGuild,
  pinMessage,
  updateGuild,
} from './service';
import { can } from '../../auth/authorize';
import { createGuildHub, streamGuild } from './stream';
import { guildsParticipationRate, guildsSummary } from './summary';

const AllGuildsQuerySchema = PaginationSchema.extend({
  q: z
    .object(
      { name: z.string({ error: ErrorCode.requestInvalidParameter }).max(100, { error: ErrorCode.requestInvalidParameter }).optional() },
      { error: ErrorCode.requestInvalidParameter },
    )
    .optional(),
});

const viewerOf = async (req: Request) => guildViewerOf(await currentSession(req));
const urlOf = (req: Request) => req.originalUrl;

/** Spec §7 "Guilds": organisation-level calls under /organizations/:organizationId, chat and membership under /guilds. */
export function guildsRoutes({ db, logger, identity, sessions }: ModuleDependencies): Router {
  const router = Router();
  const hub = createGuildHub(db, logger);
  const anyMember = requireOrganizationMember({ managerOnly: false });
  const managers = requireOrganizationMember();

  // --- organisation level ---

  router.get('/organizations/:organizationId/guilds', anyMember, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const query = parseQuery(GuildListQuerySchema, req);
    const viewer = await viewerOf(req);
    const { items, total } = await db.db.transaction((tx) => listGuilds(tx, viewer, organizationId, query));
    res.json(presentGuildList(items, { page: query.page, per: query.per, total, url: urlOf(req) }));
  });

  router.post('/organizations/:organizationId/guilds', anyMember, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const { guild: input } = parseBody(CreateGuildSchema, req);
    const viewer = await viewerOf(req);
    const detail = await db.db.transaction(async (tx) => guildDetail(tx, await createGuild(tx, viewer, organizationId, input)));
    res.status(201).json(presentGuild(detail, viewer));
  });

  router.get('/organizations/:organizationId/all_guilds', managers, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const query = parseQuery(AllGuildsQuerySchema, req);
    const { items, total } = await db.db.transaction((tx) => listAllGuilds(tx, organizationId, query));
    res.json(presentAllGuilds(items, { page: query.page, per: query.per, total, url: urlOf(req) }));
  });

  // The whole organisation's figures are the managers'; one guild's (guild_id) also its author's.
  router.get('/organizations/:organizationId/guilds_summary', anyMember, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const query = parseQuery(GuildsSummaryQuerySchema, req);
    const viewer = await viewerOf(req);
    const summary = await db.db.transaction(async (tx) => {
      if (query.guild_id === undefined) {
        if (!can(viewer.actor, 'organization.manage', { kind: 'organization', id: organizationId }))
          throw new ApiError(ErrorCode.authForbidden);
      } else {
        assertManage(await loadGuild(tx, viewer, query.guild_id, { organizationId }));
      }
      return guildsSummary(tx, organizationId, { from: query.from, to: query.to, guildId: query.guild_id }, new Date());
    });
    res.json(presentGuildsSummary(summary));
  });

  router.get('/organizations/:organizationId/guilds_participation_rate', managers, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const { type } = parseQuery(GuildsParticipationQuerySchema, req);
    const groups = await db.db.transaction((tx) => guildsParticipationRate(tx, organizationId, type, new Date()));
    res.json(presentParticipation(organizationId, type, groups));
  });

  router.get('/organizations/:organizationId/guild_tags', anyMember, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const query = parseQuery(GuildTagsQuerySchema, req);
    const viewer = await viewerOf(req);
    const { items, total } = await db.db.transaction((tx) =>
      listGuildTags(tx, viewer, organizationId, {
        mostUsed: query.q?.most_used ?? false,
        name: query.q?.name,
        page: query.page,
        per: query.per,
      }),
    );
    res.json(presentGuildTags(items, { page: query.page, per: query.per, total }));
  });

  router.get('/organizations/:organizationId/guilds/:id', anyMember, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const guildId = parseId(req);
    const viewer = await viewerOf(req);
    const detail = await db.db.transaction(async (tx) => guildDetail(tx, await loadGuild(tx, viewer, guildId, { organizationId })));
    res.json(presentGuild(detail, viewer));
  });

  router.put('/organizations/:organizationId/guilds/:id', anyMember, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const guildId = parseId(req);
    const viewer = await viewerOf(req);
    const loadedFirst = await db.db.transaction((tx) => loadGuild(tx, viewer, guildId, { organizationId }));
    assertManage(loadedFirst);
    const { guild: input } = parseBody(UpdateGuildSchema, req);
    const detail = await db.db.transaction(async (tx) => {
      const loaded = await loadGuild(tx, viewer, guildId, { organizationId, lock: true });
      return guildDetail(tx, await updateGuild(tx, loaded, input));
    });
    res.json(presentGuild(detail, viewer));
  });

  router.delete('/organizations/:organizationId/guilds/:id', anyMember, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const guildId = parseId(req);
    const viewer = await viewerOf(req);
    await db.db.transaction(async (tx) => deleteGuild(tx, await loadGuild(tx, viewer, guildId, { organizationId, lock: true })));
    res.status(204).end();
  });

  router.put('/organizations/:organizationId/guilds/:id/pinned_message', anyMember, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const guildId = parseId(req);
    const viewer = await viewerOf(req);
    assertManage(await db.db.transaction((tx) => loadGuild(tx, viewer, guildId, { organizationId })));
    const { guild: input } = parseBody(PinGuildMessageSchema, req);
    const detail = await db.db.transaction(async (tx) => {
      const loaded = await loadGuild(tx, viewer, guildId, { organizationId, lock: true });
      return guildDetail(tx, await pinMessage(tx, loaded, input.pinned_message_id));
    });
    res.json(presentGuild(detail, viewer));
  });

  // --- chat ---

  router.get('/guilds/:id/messages', requireSignedIn, async (req, res) => {
    const guildId = parseId(req);
    const query = parseQuery(GuildMessagesQuerySchema, req);
    const viewer = await viewerOf(req);
    const { items, total, lastEventId } = await db.db.transaction(async (tx) => {
      const loaded = await loadGuild(tx, viewer, guildId);
      const reader = {
        memberId: viewer.memberId,
        manages: can(viewer.actor, 'organization.manage', { kind: 'organization', id: loaded.guild.organizationId }),
      };
      return { ...(await listMessages(tx, loaded, query, new Date(), reader)), lastEventId: loaded.guild.lastEventSeq };
    });
    res.json(presentMessages(items, viewer.memberId, { page: query.page, per: query.per, total, url: urlOf(req) }, { lastEventId }));
  });

  router.post('/guilds/:id/messages', requireSignedIn, async (req, res) => {
    const guildId = parseId(req);
    const viewer = await viewerOf(req);
    const { guild_message: input } = parseBody(CreateGuildMessageSchema, req);
    const message = await db.db.transaction(async (tx) => createMessage(tx, viewer, await loadGuild(tx, viewer, guildId), input));
    res.status(201).json(presentMessage(message, viewer.memberId));
  });

  router.get('/guilds/:id/messages/:messageId', requireSignedIn, async (req, res) => {
    const guildId = parseId(req);
    const messageId = parseId(req, 'messageId');
    const viewer = await viewerOf(req);
    const message = await db.db.transaction(async (tx) => showMessage(tx, await loadGuild(tx, viewer, guildId), messageId));
    res.json(presentMessage(message, viewer.memberId));
  });

  router.put('/guilds/:id/messages/:messageId', requireSignedIn, async (req, res) => {
    const guildId = parseId(req);
    const messageId = parseId(req, 'messageId');
    const viewer = await viewerOf(req);
    const { guild_message: input } = parseBody(UpdateGuildMessageSchema, req);
    const message = await db.db.transaction(async (tx) =>
      updateMessage(tx, viewer, await loadGuild(tx, viewer, guildId), messageId, input, new Date()),
    );
    res.json(presentMessage(message, viewer.memberId));
  });

  router.delete('/guilds/:id/messages/:messageId', requireSignedIn, async (req, res) => {
    const guildId = parseId(req);
    const messageId = parseId(req, 'messageId');
    const viewer = await viewerOf(req);
    await db.db.transaction(async (tx) => deleteMessage(tx, viewer, await loadGuild(tx, viewer, guildId), messageId));
    res.status(204).end();
  });

  for (const [method, add] of [
    ['post', true],
    ['delete', false],
  ] as const) {
    router[method]('/guild_messages/:messageId/reactions', requireSignedIn, async (req, res) => {
      const messageId = parseId(req, 'messageId');
      const viewer = await viewerOf(req);
      // DELETE may carry the emoji in the body (as the spec's payload) or as `message_reaction[emoji]` in the query.
      const payload =
        !add && req.body === undefined && req.query.message_reaction ? { message_reaction: req.query.message_reaction } : req.body;
      const { message_reaction: input } = parseBody(MessageReactionSchema, { body: payload } as Request);
      const message = await db.db.transaction((tx) => toggleReaction(tx, viewer, messageId, input.emoji, add));
      res.status(add ? 201 : 200).json(presentMessage(message, viewer.memberId));
    });
  }

  // The live chat: the bearer token comes in the Authorization header like every call (fetch streaming, not EventSource).
  router.get('/guilds/:id/stream', requireSignedIn, async (req, res) => {
    const guildId = parseId(req);
    const viewer = await viewerOf(req);
    const loaded = await db.db.transaction((tx) => loadGuild(tx, viewer, guildId));
    assertRead(loaded);
    const stillReadable = async () => {
      try {
        return (await db.db.transaction((tx) => loadGuild(tx, viewer, guildId))).access.read;
      } catch {
        return false;
      }
    };
    // requireSignedIn verified this token already (the answer is cached): its expiry and the session bound the stream.
    const owner = await streamOwner(req, { db, identity, sessions, logger });
    await streamGuild(hub, req, res, {
      guildId,
      viewerMemberId: viewer.memberId,
      startAt: loaded.guild.lastEventSeq,
      stillReadable,
      owner,
    });
  });

  // --- membership ---

  router.post('/guilds/:id/members/join', requireSignedIn, async (req, res) => {
    const guildId = parseId(req);
    const viewer = await viewerOf(req);
    const { organizationMemberId } = parseBody(JoinGuildSchema, req);
    const { created, member, authorMemberId } = await db.db.transaction(async (tx) => {
      const loaded = await loadGuild(tx, viewer, guildId, { lock: true });
      return { ...(await joinOrInvite(tx, viewer, loaded, organizationMemberId, new Date())), authorMemberId: loaded.guild.authorMemberId };
    });
    res.status(created ? 201 : 200).json(presentGuildMember(member, authorMemberId));
  });

  router.put('/guilds/:id/members/:memberId/accept_invitation', requireSignedIn, async (req, res) => {
    const guildId = parseId(req);
    const guildMemberId = parseId(req, 'memberId');
    const viewer = await viewerOf(req);
    const { member, authorMemberId } = await db.db.transaction(async (tx) => {
      const loaded = await loadGuild(tx, viewer, guildId, { lock: true });
      return { member: await acceptInvitation(tx, viewer, loaded, guildMemberId, new Date()), authorMemberId: loaded.guild.authorMemberId };
    });
    res.json(presentGuildMember(member, authorMemberId));
  });

  router.put('/guilds/:id/members/:memberId', requireSignedIn, async (req, res) => {
    const guildId = parseId(req);
    const guildMemberId = parseId(req, 'memberId');
    const viewer = await viewerOf(req);
    const { guild_member: input } = parseBody(UpdateGuildMemberSchema, req);
    const { member, authorMemberId } = await db.db.transaction(async (tx) => {
      const loaded = await loadGuild(tx, viewer, guildId, { lock: true });
      return {
        member: await updateGuildMember(tx, viewer, loaded, guildMemberId, input.role),
        authorMemberId: loaded.guild.authorMemberId,
      };
    });
    res.json(presentGuildMember(member, authorMemberId));
  });

  router.delete('/guilds/:id/members/:memberId', requireSignedIn, async (req, res) => {
    const guildId = parseId(req);
    const guildMemberId = parseId(req, 'memberId');
    const viewer = await viewerOf(req);
    await db.db.transaction(async (tx) =>
      removeGuildMember(tx, viewer, await loadGuild(tx, viewer, guildId, { lock: true }), guildMemberId),
    );
    res.status(204).end();
  });

  return router;
}
