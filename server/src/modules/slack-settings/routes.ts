import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { PaginationSchema } from '@kiwi/shared/schemas/common';
import { CreateSlackWebhookSchema, SlackCredentialsSchema, UpdateSlackWebhookSchema } from '@kiwi/shared/schemas/slack-settings';
import { eq } from 'drizzle-orm';
import { Router } from 'express';
import { z } from 'zod';
import { currentSession, requireOrganizationMember } from '../../auth/guards';
import { ApiError } from '../../jsonapi/errors';
import { parseBody, parseId, parseQuery } from '../../jsonapi/parse';
import { retryDeadRow } from '../../outbox/worker';
import { type SlackWebhookRow, slackWebhooks } from '../../db/schema/slack';
import type { ModuleDependencies } from '../deps';
import { markStaffActionRecorded, recordRowChange } from '../staff-actions/record';
import { MissingCredentialsKeyError, secretBox } from './crypto';
import { presentCredentials, presentDeliveries, presentWebhook } from './presenter';
import { invalidateIn } from '../../realtime/invalidation';
import {
  assertWebhookUrl,
  createWebhook,
  credentialsSummary,
  currentWebhook,
  deleteCredentials,
  listDeliveries,
  saveCredentials,
  sendTestMessage,
  updateWebhook,
} from './service';

const DeliveryQuerySchema = PaginationSchema.extend({
  status: z.enum(['pending', 'done', 'dead'], { error: ErrorCode.requestInvalidParameter }).default('dead'),
});

/** The External services page: Slack webhook (spec §7), deliveries with "retry", and the Slack app's credentials. */
/**
 * A webhook as the staff action log keeps it (issue 20 point 8): its URL is a secret, so only the host and the last
 * four characters, enough to tell two apart.
 */
const loggedWebhook = (row: SlackWebhookRow | null | undefined) =>
  row ? { url: `${new URL(row.url).origin}/…${row.url.slice(-4)}`, language: row.language } : null;

export function slackSettingsRoutes({ db, config }: ModuleDependencies): Router {
  const router = Router();
  const managers = requireOrganizationMember();
  const box = secretBox(config);
  const base = '/organizations/:organizationId';

  router.get(`${base}/slack_webhooks/current_setting`, managers, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    res.json(presentWebhook(await db.db.transaction((tx) => currentWebhook(tx, organizationId))));
  });

  router.post(`${base}/slack_webhooks`, managers, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const { slack_webhook: input } = parseBody(CreateSlackWebhookSchema, req);
    assertWebhookUrl(input.url, config);
    const actor = await currentSession(req);
    const webhook = await db.db.transaction(async (tx) => {
      const created = await createWebhook(tx, organizationId, input);
      await recordRowChange(tx, req, {
        actor,
        organizationId,
        before: null,
        after: { id: created.id, ...loggedWebhook(created) },
        fields: ['url', 'language'],
        targetType: 'slack_webhooks',
      });
      await invalidateIn(tx, { cache: 'slack-settings', organizationId });
      return created;
    });
    markStaffActionRecorded(res);
    res.status(201).json(presentWebhook(webhook));
  });

  router.put(`${base}/slack_webhooks`, managers, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const { slack_webhook: input } = parseBody(UpdateSlackWebhookSchema, req);
    if (input.url !== undefined) assertWebhookUrl(input.url, config);
    const actor = await currentSession(req);
    const webhook = await db.db.transaction(async (tx) => {
      const [before] = await tx.select().from(slackWebhooks).where(eq(slackWebhooks.organizationId, organizationId)).for('update');
      const after = await updateWebhook(tx, organizationId, input);
      await recordRowChange(tx, req, {
        actor,
        organizationId,
        before: loggedWebhook(before),
        after: loggedWebhook(after),
        fields: ['url', 'language'],
      });
      // Every process's delivery worker reads the new webhook from its next message on (issue 22).
      await invalidateIn(tx, { cache: 'slack-settings', organizationId });
      return after;
    });
    markStaffActionRecorded(res);
    res.json(presentWebhook(webhook));
  });

  router.post(`${base}/slack_webhooks/test_message`, managers, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const session = await currentSession(req);
    const id = await db.db.transaction((tx) => sendTestMessage(tx, organizationId, session.user.name || session.user.email));
    res.status(202).json({ data: null, meta: { 'outbox-id': id } });
  });

  router.get(`${base}/slack_deliveries`, managers, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const query = parseQuery(DeliveryQuerySchema, req);
    res.json(presentDeliveries(await db.db.transaction((tx) => listDeliveries(tx, organizationId, query))));
  });

  router.post(`${base}/slack_deliveries/:deliveryId/retry`, managers, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const deliveryId = parseId(req, 'deliveryId');
    if (!(await retryDeadRow(db.db, deliveryId, organizationId, new Date()))) throw new ApiError(ErrorCode.slackDeliveryNotDead);
    res.status(202).json({ data: null });
  });

  router.get(`${base}/slack_credentials`, managers, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    res.json(presentCredentials(organizationId, await db.db.transaction((tx) => credentialsSummary(tx, organizationId))));
  });

  router.put(`${base}/slack_credentials`, managers, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const { slack_credential: input } = parseBody(SlackCredentialsSchema, req);
    try {
      const summary = await db.db.transaction((tx) => saveCredentials(tx, box, organizationId, input));
      res.json(presentCredentials(organizationId, summary));
    } catch (error) {
      if (error instanceof MissingCredentialsKeyError) throw new ApiError(ErrorCode.slackCredentialsKeyMissing, { cause: error });
      throw error;
    }
  });

  router.delete(`${base}/slack_credentials`, managers, async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    await db.db.transaction((tx) => deleteCredentials(tx, organizationId));
    res.json(presentCredentials(organizationId, null));
  });

  return router;
}
