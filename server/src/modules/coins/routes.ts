import { ErrorCode } from '@kiwi/shared/api/error-codes';
import {
  AdminGrantCoinsSchema,
  CoinTransferListQuerySchema,
  type GrantCoinsInput,
  GrantCoinsSchema,
  SendCoinsSchema,
} from '@kiwi/shared/schemas/coins';
import { PaginationSchema } from '@kiwi/shared/schemas/common';
import { eq } from 'drizzle-orm';
import { type Request, type Response, Router } from 'express';
import { currentSession, firstMembership, requireAdmin, requireOrganizationMember, requireSignedIn } from '../../auth/guards';
import { ApiError } from '../../jsonapi/errors';
import { parseBody, parseId, parseQuery } from '../../jsonapi/parse';
import { kiwiCoinTransfers } from '../../db/schema/coins';
import type { ModuleDependencies } from '../deps';
import { changedFields, markStaffActionRecorded, recordRequestAction, recordRowChange } from '../staff-actions/record';
import { memberBalance } from './ledger';
import { presentFeed, presentTransfers, transfersCsv } from './presenter';
import { coinFeed } from './feed';
import { cancelGrant, createGrant } from './grants';
import { sendCoinMessage } from './service';
import { listTransfers, type TransferListItem } from './transfers';

/** What the staff action log keeps of a grant and its cancellation (issue 20 point 8). */
const LOGGED = ['organizationMemberId', 'amount', 'description', 'message', 'status', 'transferredAt', 'cancelReason'] as const;

export function coinsRoutes({ db }: ModuleDependencies): Router {
  const router = Router();

  const sendList = (
    res: Response,
    items: TransferListItem[],
    total: number,
    query: { page: number; per: number; format: 'json' | 'csv' },
    fileName: string,
  ) => {
    if (query.format === 'csv') {
      res.type('text/csv; charset=utf-8').attachment(fileName).send(transfersCsv(items));
      return;
    }
    res.json(presentTransfers(items, { page: query.page, per: query.per, total }));
  };

  // A manager's grant (kind 'grant') or an admin's (kind 'admin_grant'): dated now unless transferred_at schedules it.
  type GrantFields = Pick<GrantCoinsInput['kiwi_coin_transfer'], 'amount' | 'description' | 'message' | 'transferred_at'>;
  const sendGrant = async (
    req: Request,
    res: Response,
    grant: { kind: 'grant' | 'admin_grant'; organizationId: number; organizationMemberId: number | null; input: GrantFields },
  ) => {
    const session = await currentSession(req);
    const now = new Date();
    const { input } = grant;
    const transfer = await db.db.transaction(async (tx) => {
      const created = await createGrant(tx, {
        kind: grant.kind,
        organizationId: grant.organizationId,
        organizationMemberId: grant.organizationMemberId,
        amount: input.amount,
        description: input.description ?? null,
        message: input.message ?? null,
        transferredAt: input.transferred_at ? new Date(input.transferred_at) : now,
        createdByUserId: session.user.id,
        now,
      });
      const target = { targetType: 'kiwi_coin_transfers', targetId: created.id };
      const changes = changedFields(null, created, LOGGED);
      await recordRequestAction(tx, req, { actor: session, organizationId: created.organizationId, ...target, statusCode: 201, changes });
      return created;
    });
    markStaffActionRecorded(res);
    res.status(201).json(presentTransfers(transfer));
  };

  /** Cancels a grant, logging its status before and after in the same transaction. */
  const cancelLogged = async (req: Request, transferId: number, organizationId: number | null) => {
    const session = await currentSession(req);
    return db.db.transaction(async (tx) => {
      const [before] = await tx.select().from(kiwiCoinTransfers).where(eq(kiwiCoinTransfers.id, transferId));
      const after = await cancelGrant(tx, { transferId, organizationId, now: new Date() });
      await recordRowChange(tx, req, { actor: session, organizationId: after.organizationId, before, after, fields: LOGGED });
      return after;
    });
  };

  // The member's own coin messages, sent and received, with the current balance in meta.
  router.get('/user/kiwi_coin_transfers', requireSignedIn, async (req, res) => {
    const membership = firstMembership(await currentSession(req));
    if (!membership) throw new ApiError(ErrorCode.authForbidden);
    const { page, per } = parseQuery(PaginationSchema, req);
    const result = await db.db.transaction(async (tx) => ({
      ...(await coinFeed(tx, { memberId: membership.id, page, per })),
      balance: await memberBalance(tx, membership.id),
    }));
    res.json(presentFeed(result.entries, { page, per, total: result.total, balance: result.balance }));
  });

  router.post('/user/kiwi_coin_transfers', requireSignedIn, async (req, res) => {
    const membership = firstMembership(await currentSession(req));
    if (!membership) throw new ApiError(ErrorCode.authForbidden);
    const { kiwi_coin_transfer: input } = parseBody(SendCoinsSchema, req);
    const now = new Date();
    const result = await db.db.transaction(async (tx) => {
      const sent = await sendCoinMessage(tx, { senderMemberId: membership.id, input, now });
      const feed = await coinFeed(tx, { memberId: membership.id, page: 1, per: 1, coinMessageId: sent.coinMessageId });
      return { feed, balance: await memberBalance(tx, membership.id), sent };
    });
    res.status(201).json(presentFeed(result.feed.entries, { page: 1, per: 1, total: 1, balance: result.balance }));
  });

  router.get('/organizations/:organizationId/kiwi_coin_transfers', requireOrganizationMember(), async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const query = parseQuery(CoinTransferListQuerySchema, req);
    const { items, total } = await db.db.transaction((tx) =>
      listTransfers(tx, { organizationId, query, paginate: query.format === 'json' }),
    );
    sendList(res, items, total, query, `kiwi-coin-transfers-${organizationId}.csv`);
  });

  router.post('/organizations/:organizationId/kiwi_coin_transfers', requireOrganizationMember(), async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const { kiwi_coin_transfer: input } = parseBody(GrantCoinsSchema, req);
    await sendGrant(req, res, { kind: 'grant', organizationId, organizationMemberId: input.organization_member_id, input });
  });

  router.delete('/organizations/:organizationId/kiwi_coin_transfers/:transferId', requireOrganizationMember(), async (req, res) => {
    const organizationId = parseId(req, 'organizationId');
    const transferId = parseId(req, 'transferId');
    const transfer = await cancelLogged(req, transferId, organizationId);
    markStaffActionRecorded(res);
    res.json(presentTransfers(transfer));
  });

  router.get('/kiwi_coin_transfers', requireAdmin, async (req, res) => {
    const query = parseQuery(CoinTransferListQuerySchema, req);
    const { items, total } = await db.db.transaction((tx) =>
      listTransfers(tx, { organizationId: null, query, paginate: query.format === 'json' }),
    );
    sendList(res, items, total, query, 'kiwi-coin-transfers.csv');
  });

  router.post('/kiwi_coin_transfers', requireAdmin, async (req, res) => {
    const { kiwi_coin_transfer: input } = parseBody(AdminGrantCoinsSchema, req);
    await sendGrant(req, res, {
      kind: 'admin_grant',
      organizationId: input.organization_id,
      organizationMemberId: input.organization_member_id ?? null,
      input,
    });
  });

  router.delete('/kiwi_coin_transfers/:transferId', requireAdmin, async (req, res) => {
    const transferId = parseId(req, 'transferId');
    const transfer = await cancelLogged(req, transferId, null);
    markStaffActionRecorded(res);
    res.json(presentTransfers(transfer));
  });

  return router;
}
