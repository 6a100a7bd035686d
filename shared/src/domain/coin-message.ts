/** What {name} and {nickname} in a coin message become for one recipient (spec §9). */
export type PlaceholderValues = { name: string; nickname: string | null };

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
