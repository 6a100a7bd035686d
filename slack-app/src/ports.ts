// What the Slack app needs from the rest of Kiwi. The server implements these ports; the Slack app never
// touches the database itself (see ARCHITECTURE.md, "Top level").
import type { Language } from '@kiwi/shared/i18n/create-i18n';

/** An outbox row as the delivery handler sees it. */
export type OutboxRow = {
  id: number;
  topic: string;
  organizationId: number | null;
  payload: unknown;
  attempts: number;
};

/** The incoming-webhook URL and language an organisation configured, or null when none is set. */
export interface SlackSettings {
  forOrganization(organizationId: number): Promise<{ webhookUrl: string; language: Language } | null>;
}

/** The Slack app credentials an organisation stored for its workspace (decrypted), looked up by Slack team id. */
export type WorkspaceCredentials = { organizationId: number; teamId: string; signingSecret: string; botToken: string };
export interface SlackWorkspaces {
  byTeamId(teamId: string): Promise<WorkspaceCredentials | null>;
}

/** What /kiwi answers: Slack's response_url message (ephemeral to the member who typed the command). */
export type CommandAnswer = { response_type: 'ephemeral'; text: string };

/**
 * Slack's three-second rule: a slash command is acknowledged at once and answered later through its `response_url`.
 * The server keeps which commands it has taken (a Slack retry of the same command does nothing twice) and posts the
 * answers through the outbox (retried like every Slack post).
 */
export interface SlackCommands {
  /** Takes the command with this Slack trigger id; false when it was taken before (a retry of the same command). */
  claim(teamId: string, triggerId: string): Promise<boolean>;
  /** Queues `answer` for the command's response_url. */
  answer(organizationId: number, responseUrl: string, answer: CommandAnswer): Promise<void>;
}

/**
 * Keeps each team's credentials (or their absence) for `ttlMs`: every Slack request needs them twice (the signature
 * check and Bolt's authorize) before it is acknowledged, so the acknowledgement waits for no database query while
 * the database is busy with the work of earlier commands. Changed credentials apply within `ttlMs`.
 */
export function cachedWorkspaces(
  workspaces: SlackWorkspaces,
  { ttlMs = 5_000, now = () => Date.now(), maxEntries = 10_000 }: { ttlMs?: number; now?: () => number; maxEntries?: number } = {},
): SlackWorkspaces {
  const cache = new Map<string, { at: number; credentials: Promise<WorkspaceCredentials | null> }>();
  return {
    byTeamId(teamId) {
      const cached = cache.get(teamId);
      if (cached && now() - cached.at < ttlMs) return cached.credentials;
      const credentials = workspaces.byTeamId(teamId);
      cache.delete(teamId);
      cache.set(teamId, { at: now(), credentials });
      credentials.catch(() => cache.delete(teamId));
      if (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
      return credentials;
    },
  };
}

/** A Kiwi organisation member found by the email Slack's users.info gave. */
export type KiwiMember = { organizationMemberId: number; name: string; language: Language };

/** What /kiwi and the "send thanks back" modal do in Kiwi. */
export interface KiwiCoins {
  /** The active member of that organisation with this email, or null. */
  memberByEmail(organizationId: number, email: string): Promise<KiwiMember | null>;
  memberById(organizationId: number, organizationMemberId: number): Promise<KiwiMember | null>;
  balance(organizationMemberId: number): Promise<number>;
  /**
   * Sends a coin message exactly as POST /api/user/kiwi_coin_transfers does (same checks, same ledger, same outbox
   * notification). Resolves to an error code (`coins.notEnough`, `coins.selfTransfer`, ...) when refused, with its
   * translation parameters (`count` of validation.tooLong).
   */
  send(input: {
    organizationId: number;
    senderMemberId: number;
    recipientMemberId: number;
    amount: number;
    message: string;
  }): Promise<{ ok: true } | { ok: false; code: string; params?: Record<string, unknown> }>;
}
