import { COIN_LIMITS } from '@kiwi/shared/domain/coin-message';
import { UTF16_UNITS_PER_GRAPHEME } from '@kiwi/shared/domain/graphemes';
import { createI18n, type Language, resolveLanguage } from '@kiwi/shared/i18n/create-i18n';
import { App, LogLevel, type Logger } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import { escapeMrkdwn, slackTranslator, THANKS_BACK_ACTION, THANKS_MODAL_CALLBACK } from './blocks';
import { cachedWorkspaces, type KiwiCoins, type SlackCommands, type SlackWorkspaces } from './ports';
import { KiwiReceiver } from './receiver';

export type KiwiSlackAppOptions = {
  workspaces: SlackWorkspaces;
  coins: KiwiCoins;
  commands: SlackCommands;
  /** Slack Web API base URL, e.g. https://slack.com/api/ (tests use a local fake). */
  apiUrl: string;
  /** Commands worked out at once after their acknowledgement; more wait their turn (default 32). */
  commandConcurrency?: number;
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

/** Runs at most `limit` tasks at once; the others wait in arrival order. */
function concurrencyLimit(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    while (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await task();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
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
 * The Bolt app behind /slack/*: `/kiwi coins @user 10 message`, `/kiwi balance`, `/kiwi help` (acknowledged at once,
 * answered ephemerally through the command's response_url in the member's language) and the "send thanks back" button with its modal. Workspaces authorise by team id; nothing
 * calls auth.test at start-up.
 */
export function createKiwiSlackApp({
  workspaces: uncached,
  coins,
  commands,
  apiUrl,
  logger,
  now,
  commandConcurrency = 32,
}: KiwiSlackAppOptions): KiwiSlackApp {
  const workspaces = cachedWorkspaces(uncached);
  const inTurn = concurrencyLimit(commandConcurrency);
  const receiver = new KiwiReceiver({ workspaces, now, onError: (error) => logger?.error(String(error)) });
  const app = new App({
    receiver,
    ...(logger ? { logger } : { logLevel: LogLevel.ERROR }),
    // Web API calls come after the ack, but a modal's trigger id lives 3 s and a response_url 30 minutes: no retries (the
    // default client retries for about 30 minutes), no waiting out a 429, and a timeout well inside those limits.
    clientOptions: { slackApiUrl: apiUrl, retryConfig: { retries: 0 }, rejectRateLimitedCalls: true, timeout: 2_500 },
    authorize: async ({ teamId }) => {
      const workspace = teamId ? await workspaces.byTeamId(teamId) : null;
      if (!workspace) throw new Error(`no Kiwi organisation for Slack team ${teamId}`);
      return { botToken: workspace.botToken, teamId: workspace.teamId, organizationId: workspace.organizationId };
    },
  });

  // Slack's three-second rule: the command is acknowledged before anything else (an empty 200, which Slack shows as
  // nothing), then worked out and answered through its response_url. A Slack retry of a command already taken (same
  // trigger id) is acknowledged and does nothing: coins never move twice.
  app.command('/kiwi', async ({ command, ack, client, context }) => {
    await ack();
    const organizationId = context.organizationId as number;
    const answer = (text: string) => commands.answer(organizationId, command.response_url, { response_type: 'ephemeral', text });
    // A burst of commands is worked out a few at a time, so the database pool and the event loop stay free for the
    // acknowledgements of the commands still arriving.
    await inTurn(async () => {
      if (!(await commands.claim(command.team_id, command.trigger_id))) return;
      try {
        await answer(await runCommand(command.text, command.user_id, organizationId, client));
      } catch (error) {
        logger?.error(`/kiwi failed: ${String(error)}`);
        await answer(slackTranslator('ja')('command.failed', { reason: errorText('ja', 'server.unexpected') })).catch(() => {});
      }
    });
  });

  /** The answer to `/kiwi <text>` typed by Slack user `userId`, in the member's language. */
  async function runCommand(commandText: string, userId: string, organizationId: number, client: WebClient): Promise<string> {
    const tooLong = commandText.length > COMMAND_TEXT_MAX;
    const text = tooLong ? '' : commandText.trim();
    // Both users.info calls at once when the command names a recipient.
    const match = COINS_COMMAND.exec(text);
    const targetLookup = match ? slackUser(client, match[1] ?? '') : null;
    targetLookup?.catch(() => {});
    const caller = await slackUser(client, userId);
    const member = caller.email ? await coins.memberByEmail(organizationId, caller.email) : null;
    const language = member?.language ?? caller.language;
    const t = slackTranslator(language);
    if (tooLong) return t('command.failed', { reason: errorText(language, 'validation.tooLong', { count: COIN_LIMITS.messageMax }) });

    const subcommand = text.split(/\s+/)[0]?.toLowerCase() ?? '';
    if (subcommand === '' || subcommand === 'help') return t('command.help');
    if (!member) return t('command.notLinked');
    if (subcommand === 'balance') return t('command.balance', { balance: await coins.balance(member.organizationMemberId) });
    if (subcommand !== 'coins') return t('command.help');

    if (!match || !targetLookup) return t('command.usage');
    const [, targetId = '', amountText = '', message = ''] = match;
    const target = await targetLookup;
    const recipient = target.email ? await coins.memberByEmail(organizationId, target.email) : null;
    if (!recipient) return t('command.recipientUnknown', { user: `<@${targetId}>` });
    const result = await coins.send({
      organizationId,
      senderMemberId: member.organizationMemberId,
      recipientMemberId: recipient.organizationMemberId,
      amount: Number(amountText),
      message: unescapeSlackText(message).trim(),
    });
    if (!result.ok) return t('command.failed', { reason: errorText(language, result.code, result.params) });
    return t('command.sent', { amount: Number(amountText), name: escapeMrkdwn(recipient.name) });
  }

  // Acknowledged at once; the modal opens after (its trigger id stays valid for 3 s from the click). The modal carries
  // both members, so its submission is answered from the database alone, without a Web API call.
  app.action(THANKS_BACK_ACTION, async ({ ack, body, client, context }) => {
    await ack();
    if (body.type !== 'block_actions') return;
    const action = body.actions[0];
    const senderMemberId = action && 'value' in action ? Number(action.value) : Number.NaN;
    const organizationId = context.organizationId as number;
    const clicker = await slackUser(client, body.user.id);
    const member = clicker.email ? await coins.memberByEmail(organizationId, clicker.email) : null;
    const t = slackTranslator(member?.language ?? clicker.language);
    const original = Number.isInteger(senderMemberId) ? await coins.memberById(organizationId, senderMemberId) : null;
    if (!member || !original) {
      await client.chat.postEphemeral({ channel: body.channel?.id ?? body.user.id, user: body.user.id, text: t('command.notLinked') });
      return;
    }
    await client.views.open({
      trigger_id: body.trigger_id,
      view: {
        type: 'modal',
        callback_id: THANKS_MODAL_CALLBACK,
        private_metadata: JSON.stringify({
          recipientMemberId: original.organizationMemberId,
          senderMemberId: member.organizationMemberId,
          language: member.language,
        }),
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
  });

  // The submission's answer is its ack (validation errors show in the modal): database work only, well within 3 s.
  app.view(THANKS_MODAL_CALLBACK, async ({ ack, view, context }) => {
    const organizationId = context.organizationId as number;
    const opened = JSON.parse(view.private_metadata || '{}') as { recipientMemberId?: number; senderMemberId?: number; language?: string };
    const { recipientMemberId, senderMemberId } = opened;
    const values = view.state.values;
    const amount = Number(values.amount?.value?.value ?? Number.NaN);
    const message = String(values.message?.value?.value ?? '');
    const member = Number.isInteger(senderMemberId) ? await coins.memberById(organizationId, senderMemberId as number) : null;
    const language = member?.language ?? resolveLanguage(opened.language ?? null);
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
