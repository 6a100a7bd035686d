import { SendCoinsSchema } from '@kiwi/shared/schemas/coins';
import type { KiwiCoins } from '@kiwi/slack-app/ports';
import type { DatabaseHandle } from '../../db/client';
import { ApiError, ApiErrorList } from '../../jsonapi/errors';
import { memberBalance } from './ledger';
import { memberByEmail, memberCards } from './member-cards';
import { sendCoinMessage } from './service';
import { isMembershipActive } from '@kiwi/shared/domain/membership';

/** The Slack app's KiwiCoins port: the same schema, checks, ledger and notification as POST /api/user/kiwi_coin_transfers. */
export function kiwiCoinsPort(db: DatabaseHandle, now: () => Date = () => new Date()): KiwiCoins {
  return {
    async memberByEmail(organizationId, email) {
      const card = await db.db.transaction((tx) => memberByEmail(tx, organizationId, email, now()));
      return card ? { organizationMemberId: card.organizationMemberId, name: card.name, language: card.language } : null;
    },
    async memberById(organizationId, organizationMemberId) {
      const card = (await db.db.transaction((tx) => memberCards(tx, [organizationMemberId]))).get(organizationMemberId);
      if (!card || card.organizationId !== organizationId || !isMembershipActive(card, now())) return null;
      return { organizationMemberId: card.organizationMemberId, name: card.name, language: card.language };
    },
    balance: (organizationMemberId) => db.db.transaction((tx) => memberBalance(tx, organizationMemberId)),
    async send({ organizationId, senderMemberId, recipientMemberId, amount, message }) {
      const parsed = SendCoinsSchema.safeParse({
        kiwi_coin_transfer: { message, recipients: [{ organization_member_id: recipientMemberId, amount }] },
      });
      if (!parsed.success) {
        const [issue] = parsed.error.issues;
        return {
          ok: false,
          code: issue?.message ?? 'validation.invalidFormat',
          params: (issue as { params?: Record<string, unknown> })?.params,
        };
      }
      const sender = (await db.db.transaction((tx) => memberCards(tx, [senderMemberId]))).get(senderMemberId);
      if (!sender || sender.organizationId !== organizationId) return { ok: false, code: 'auth.forbidden' };
      try {
        await db.db.transaction((tx) => sendCoinMessage(tx, { senderMemberId, input: parsed.data.kiwi_coin_transfer, now: now() }));
        return { ok: true };
      } catch (error) {
        if (error instanceof ApiError) return { ok: false, code: error.code };
        if (error instanceof ApiErrorList) return { ok: false, code: error.errors[0]?.code ?? 'server.unexpected' };
        throw error;
      }
    },
  };
}
