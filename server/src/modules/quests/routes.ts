import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { PaginationSchema } from '@kiwi/shared/schemas/common';
import { CreateQuestSchema, UpdateQuestSchema } from '@kiwi/shared/schemas/quests';
import { Router } from 'express';
import { currentSession, firstMembership, requireAdmin, requireSignedIn } from '../../auth/guards';
import { ApiError } from '../../jsonapi/errors';
import { parseBody, parseId, parseQuery } from '../../jsonapi/parse';
import type { ModuleDependencies } from '../deps';
import { presentMemberQuests, presentQuest, presentQuests } from './presenter';
import { createQuest, listQuests, memberQuests, updateQuest } from './service';

export function questsRoutes({ db }: ModuleDependencies): Router {
  const router = Router();

  // The platform's quests (SPEC §6: admin only), enabled first, newest first.
  router.get('/quests', requireAdmin, async (req, res) => {
    const { page, per } = parseQuery(PaginationSchema, req);
    const { rows, total } = await db.db.transaction((tx) => listQuests(tx, { page, per }));
    res.json(presentQuests(rows, { page, per, total, url: req.originalUrl }));
  });

  router.post('/quests', requireAdmin, async (req, res) => {
    const { quest: input } = parseBody(CreateQuestSchema, req);
    res.status(201).json(presentQuest(await db.db.transaction((tx) => createQuest(tx, input))));
  });

  // No DELETE: completions refer to quests; `disabled: true` retires one.
  router.put('/quests/:id', requireAdmin, async (req, res) => {
    const id = parseId(req);
    const { quest: input } = parseBody(UpdateQuestSchema, req);
    res.json(presentQuest(await db.db.transaction((tx) => updateQuest(tx, id, input))));
  });

  // The signed-in member's quests now (first membership), completing those whose goal is met (idempotent).
  router.get('/user/quests', requireSignedIn, async (req, res) => {
    const membership = firstMembership(await currentSession(req));
    if (!membership) throw new ApiError(ErrorCode.authForbidden);
    const now = new Date();
    res.json(presentMemberQuests(await db.db.transaction((tx) => memberQuests(tx, membership.id, now))));
  });

  return router;
}
