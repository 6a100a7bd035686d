import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { PaginationSchema } from '@kiwi/shared/schemas/common';
import { CreateQuestSchema, UpdateQuestSchema } from '@kiwi/shared/schemas/quests';
import { eq } from 'drizzle-orm';
import { Router } from 'express';
import { currentSession, firstMembership, requireAdmin, requireSignedIn } from '../../auth/guards';
import { ApiError } from '../../jsonapi/errors';
import { parseBody, parseId, parseQuery } from '../../jsonapi/parse';
import { quests } from '../../db/schema/quests';
import type { ModuleDependencies } from '../deps';
import { markStaffActionRecorded, recordRowChange } from '../staff-actions/record';
import { presentMemberQuests, presentQuest, presentQuests, QUEST_FIELDS } from './presenter';
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
    const actor = await currentSession(req);
    const quest = await db.db.transaction(async (tx) => {
      const created = await createQuest(tx, input);
      await recordRowChange(tx, req, {
        actor,
        organizationId: null,
        before: null,
        after: created,
        fields: QUEST_FIELDS,
        targetType: 'quests',
      });
      return created;
    });
    markStaffActionRecorded(res);
    res.status(201).json(presentQuest(quest));
  });

  // No DELETE: completions refer to quests; `disabled: true` retires one.
  router.put('/quests/:id', requireAdmin, async (req, res) => {
    const id = parseId(req);
    const { quest: input } = parseBody(UpdateQuestSchema, req);
    const actor = await currentSession(req);
    const quest = await db.db.transaction(async (tx) => {
      const [before] = await tx.select().from(quests).where(eq(quests.id, id)).for('update');
      const after = await updateQuest(tx, id, input);
      await recordRowChange(tx, req, { actor, organizationId: null, before, after, fields: QUEST_FIELDS });
      return after;
    });
    markStaffActionRecorded(res);
    res.json(presentQuest(quest));
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
