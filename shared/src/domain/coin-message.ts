import type { ErrorCode } from '../api/error-codes';
import { textProblem } from './graphemes';

/** What {name} and {nickname} in a coin message become for one recipient (spec §9). */
export type PlaceholderValues = { name: string; nickname?: string | null };

/**
 * Fills the {name} and {nickname} placeholders for one recipient; a recipient without a nickname gets their name.
 * Anything else in braces is left as typed.
 */
export function fillCoinMessage(template: string, { name, nickname }: PlaceholderValues): string {
  return template.replace(/\{(name|nickname)\}/g, (_match, key: string) => (key === 'name' ? name : nickname?.trim() ? nickname : name));
}

export const COIN_LIMITS = {
  /** Largest amount in one transfer or grant (the spec gives none). */
  amountMax: 1_000_000,
  messageMax: 500,
  descriptionMax: 200,
  recipientsMax: 20,
} as const;

/** A problem of the send-coins form or payload: an error code (errors.json of each language) and its parameters. */
export type CoinProblem = { code: ErrorCode; params?: Record<string, number | string> };

/**
 * The coin message's rules (issue 21): required (blank is refused), at most COIN_LIMITS.messageMax graphemes. The
 * server's SendCoinsSchema and the send form both check with this, so the rules stated under the field hold on both.
 */
export function coinMessageProblem(message: string): CoinProblem | null {
  if (message.trim() === '') return { code: 'validation.required' };
  return textProblem(message, { max: COIN_LIMITS.messageMax });
}

/** A typed amount: a whole number from 1 to COIN_LIMITS.amountMax. */
export function coinAmountProblem(amount: string): CoinProblem | null {
  const text = amount.trim();
  if (text === '') return { code: 'validation.required' };
  if (!/^-?\d+$/.test(text)) return { code: 'validation.integer' };
  const value = Number(text);
  if (value <= 0) return { code: 'validation.positive' };
  if (value > COIN_LIMITS.amountMax) return { code: 'validation.tooBig', params: { max: COIN_LIMITS.amountMax } };
  return null;
}

/** The coins a draft sends: the sum of the valid amounts (an invalid one counts 0 until it is fixed). */
export function coinTotal(amounts: readonly string[]): number {
  return amounts.reduce((sum, amount) => sum + (coinAmountProblem(amount) ? 0 : Number(amount.trim())), 0);
}

export type CoinDraft = { message: string; recipients: readonly { amount: string }[] };

/**
 * Every problem of a send-coins draft, keyed by field: `message`, `recipients` (none chosen, too many),
 * `recipients.N.amount`, and `total` when the total is over `balance` (unknown balance: not checked here; the server
 * still refuses). What the form shows while typing.
 */
export function coinDraftProblems(draft: CoinDraft, balance: number | undefined): Record<string, CoinProblem> {
  const problems: Record<string, CoinProblem> = {};
  if (draft.recipients.length === 0) problems.recipients = { code: 'validation.required' };
  else if (draft.recipients.length > COIN_LIMITS.recipientsMax)
    problems.recipients = { code: 'validation.tooLong', params: { count: COIN_LIMITS.recipientsMax } };
  draft.recipients.forEach((recipient, index) => {
    const problem = coinAmountProblem(recipient.amount);
    if (problem) problems[`recipients.${index}.amount`] = problem;
  });
  const total = coinTotal(draft.recipients.map((r) => r.amount));
  if (balance !== undefined && total > balance) problems.total = { code: 'coins.notEnough', params: { total, balance } };
  const message = coinMessageProblem(draft.message);
  if (message) problems.message = message;
  return problems;
}
