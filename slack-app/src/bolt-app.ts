import { COIN_LIMITS } from '@kiwi/shared/domain/coin-message';
import { UTF16_UNITS_PER_GRAPHEME } from '@kiwi/shared/domain/graphemes';
import { createI18n, type Language, resolveLanguage } from '@kiwi/shared/i18n/create-i18n';
import { App, LogLevel, type Logger } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import { escapeMrkdwn, slackTranslator, THANKS_BACK_ACTION, THANKS_MODAL_CALLBACK } from './blocks';
import type { KiwiCoins, SlackWorkspaces } from './ports';
import { KiwiReceiver } from './receiver';

export type KiwiSlackAppOptions = {
  workspaces: SlackWorkspaces;
  coins: KiwiCoins;
  /** Slack Web API base URL, e.g. https://slack.com/api/ (tests use a local fake). */
  apiUrl: string;
  logger?: Logger;
  now?: () => Date;
};

export type KiwiSlackApp = { app: App; receiver: KiwiReceiver; requestHandler: KiwiReceiver['requestHandler'] };

type ErrorTranslator = (code: string, params?: Record<string, unknown>) => string;
const errorTexts = new Map<Language, ErrorTranslator>();
function errorText(language: Language, code: string, params?: Record<string, unknown>): string {
  let translate = errorTexts.get(language);
  if (!translate) {
    const i18n = createI18n({ lng: language });
    translate = (key, values) =>
      i18n.t(`errors:${key}`, { ...values, lng: language, defaultValue: i18n.t('errors:server.unexpected', { lng: language }) }) as string;
    errorTexts.set(language, translate);
  }
  return translate(code, params);
}

/** The Slack user's email and locale from users.info (scope users:read.email). */
async function slackUser(client: WebClient, userId: string): Promise<{ email: string | null; language: Language }> {
  const info = await client.users.info({ user: userId, include_locale: true });
  return { email: info.user?.profile?.email ?? null, language: resolveLanguage(info.user?.locale ?? null) };
}

/** Slack sends a slash command's text with &, < and > escaped; the coin message keeps what the member typed. */
export function unescapeSlackText(text: string): string {
  return text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
}

/**
 * The longest command text read: "coins <@U…|name> 1234567 " and a coin message at its limit of the longest clusters
 * (the same bound as every API text field). Longer text is refused before any pattern runs over it.
 */
export const COMMAND_TEXT_MAX = 300 + COIN_LIMITS.messageMax * UTF16_UNITS_PER_GRAPHEME;

const COINS_COMMAND = /^coins\s+<@([A-Z0-9]+)(?:\|[^>]*)?>\s+(\d{1,7})(?:\s+([\s\S]*))?$/i;

/**
 * The Bolt app behind /slack/*: `/kiwi coins @user 10 message`, `/kiwi balance`, `/kiwi help` (ephemeral answers in
 * the member's language) and the "send thanks back" button with its modal. Workspaces authorise by team id; nothing
 * calls auth.test at start-up.
 */
export function createKiwiSlackApp({ workspaces, coins, apiUrl, logger, now }: KiwiSlackAppOptions): KiwiSlackApp {
  const receiver = new KiwiReceiver({ workspaces, now, onError: (error) => logger?.error(String(error)) });
  const app = new App({
    receiver,
    ...(logger ? { logger } : { logLevel: LogLevel.ERROR }),
    // Every Web API call here happens while Slack waits for our answer (3 s): no retries (the default client retries
    // for about 30 minutes), no waiting out a 429, and a timeout well inside Slack's limit.
    clientOptions: { slackApiUrl: apiUrl, retryConfig: { retries: 0 }, rejectRateLimitedCalls: true, timeout: 2_500 },
    authorize: async ({ teamId }) => {
      const workspace = teamId ? await workspaces.byTeamId(teamId) : null;
      if (!workspace) throw new Error(`no Kiwi organisation for Slack team ${teamId}`);
      return { botToken: workspace.botToken, teamId: workspace.teamId, organizationId: workspace.organizationId };
    },
  });

  app.command('/kiwi', async ({ command, ack, client, context }) => {
    const organizationId = context.organizationId as number;
    const tooLong = command.text.length > COMMAND_TEXT_MAX;
    const text = tooLong ? '' : command.text.trim();
    // Both users.info calls at once when the command names a recipient: Slack waits 3 s for the whole answer.
    const match = COINS_COMMAND.exec(text);
    const targetLookup = match ? slackUser(client, match[1] ?? '') : null;
    targetLookup?.catch(() => {});
    const caller = await slackUser(client, command.user_id);
    const member = caller.email ? await coins.memberByEmail(organizationId, caller.email) : null;
    const language = member?.language ?? caller.language;
    const t = slackTranslator(language);
    const answer = (message: string) => ack({ response_type: 'ephemeral', text: message });
    if (tooLong) {
      return answer(t('command.failed', { reason: errorText(language, 'validation.tooLong', { count: COIN_LIMITS.messageMax }) }));
    }

    const subcommand = text.split(/\s+/)[0]?.toLowerCase() ?? '';
    if (subcommand === '' || subcommand === 'help') return answer(t('command.help'));
    if (!member) return answer(t('command.notLinked'));
    if (subcommand === 'balance') return answer(t('command.balance', { balance: await coins.balance(member.organizationMemberId) }));
    if (subcommand !== 'coins') return answer(t('command.help'));

    if (!match || !targetLookup) return answer(t('command.usage'));
    const [, targetId = '', amountText = '', message = ''] = match;
    const target = await targetLookup;
    const recipient = target.email ? await coins.memberByEmail(organizationId, target.email) : null;
    if (!recipient) return answer(t('command.recipientUnknown', { user: `<@${targetId}>` }));
    const result = await coins.send({
      organizationId,
      senderMemberId: member.organizationMemberId,
      recipientMemberId: recipient.organizationMemberId,
      amount: Number(amountText),
      message: unescapeSlackText(message).trim(),
    });
    if (!result.ok) return answer(t('command.failed', { reason: errorText(language, result.code, result.params) }));
    return answer(t('command.sent', { amount: Number(amountText), name: escapeMrkdwn(recipient.name) }));
  });

  // The modal opens before the ack, so Slack's answer means the modal is open (both well within Slack's 3 seconds).
  app.action(THANKS_BACK_ACTION, async ({ ack, body, client, context }) => {
    if (body.type !== 'block_actions') return ack();
    const action = body.actions[0];
    const senderMemberId = action && 'value' in action ? Number(action.value) : Number.NaN;
    const organizationId = context.organizationId as number;
    const clicker = await slackUser(client, body.user.id);
    const member = clicker.email ? await coins.memberByEmail(organizationId, clicker.email) : null;
    const t = slackTranslator(member?.language ?? clicker.language);
    const original = Number.isInteger(senderMemberId) ? await coins.memberById(organizationId, senderMemberId) : null;
    if (!member || !original) {
      await client.chat.postEphemeral({ channel: body.channel?.id ?? body.user.id, user: body.user.id, text: t('command.notLinked') });
      return ack();
    }
    await client.views.open({
      trigger_id: body.trigger_id,
      view: {
        type: 'modal',
        callback_id: THANKS_MODAL_CALLBACK,
        private_metadata: JSON.stringify({ recipientMemberId: original.organizationMemberId }),
        title: { type: 'plain_text', text: t('thanksModal.title') },
        submit: { type: 'plain_text', text: t('thanksModal.submit') },
        close: { type: 'plain_text', text: t('thanksModal.cancel') },
        blocks: [
          {
            type: 'input',
            block_id: 'amount',
            label: { type: 'plain_text', text: t('thanksModal.amount') },
            element: { type: 'number_input', action_id: 'value', is_decimal_allowed: false, min_value: '1', initial_value: '1' },
          },
          {
            type: 'input',
            block_id: 'message',
            label: { type: 'plain_text', text: t('thanksModal.message') },
            element: {
              type: 'plain_text_input',
              action_id: 'value',
              multiline: true,
              max_length: 500,
              initial_value: t('thanksModal.defaultMessage'),
            },
          },
        ],
      },
    });
    await ack();
  });

  app.view(THANKS_MODAL_CALLBACK, async ({ ack, view, body, client, context }) => {
    const organizationId = context.organizationId as number;
    const { recipientMemberId } = JSON.parse(view.private_metadata || '{}') as { recipientMemberId?: number };
    const values = view.state.values;
    const amount = Number(values.amount?.value?.value ?? Number.NaN);
    const message = String(values.message?.value?.value ?? '');
    const clicker = await slackUser(client, body.user.id);
    const member = clicker.email ? await coins.memberByEmail(organizationId, clicker.email) : null;
    const language = member?.language ?? clicker.language;
    if (!member || !recipientMemberId) {
      await ack({ response_action: 'errors', errors: { amount: slackTranslator(language)('command.notLinked') } });
      return;
    }
    if (!Number.isInteger(amount) || amount < 1) {
      await ack({ response_action: 'errors', errors: { amount: errorText(language, 'validation.positive') } });
      return;
    }
    const result = await coins.send({ organizationId, senderMemberId: member.organizationMemberId, recipientMemberId, amount, message });
    if (!result.ok) {
      await ack({ response_action: 'errors', errors: { amount: errorText(language, result.code, result.params) } });
      return;
    }
    await ack();
  });

  return { app, receiver, requestHandler: receiver.requestHandler };
}
