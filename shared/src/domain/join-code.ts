/**
 * An organisation's join code (docs/decisions.md, "Issue 16, self sign-up"): 12 characters of Crockford's base32
 * (60 bits), shown as three groups of four (`K7QM-4XRT-9HCP`) so it reads aloud and copies by hand. Typing is
 * forgiving: case, spaces, hyphens and full-width forms are ignored, and O, I and L read as 0, 1 and 1.
 */
export const JOIN_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const JOIN_CODE_LENGTH = 12;
const GROUP = 4;
const CANONICAL = /^[0-9A-HJKMNP-TV-Z]{12}$/;
/** What a person may type at most before the code is even looked at (a bound on hostile input). */
export const JOIN_CODE_INPUT_MAX = 40;

/** The code as stored and compared, or null when what was typed cannot be one. */
export function normalizeJoinCode(typed: string): string | null {
  if (typed.length > JOIN_CODE_INPUT_MAX) return null;
  const code = typed
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s\-‐-―ー]/gu, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  return CANONICAL.test(code) ? code : null;
}

/** `K7QM4XRT9HCP` -> `K7QM-4XRT-9HCP`. */
export function formatJoinCode(code: string): string {
  return code.match(new RegExp(`.{1,${GROUP}}`, 'g'))?.join('-') ?? code;
}

/** A fresh code from the platform's cryptographic random source (32 divides 256: every character equally likely). */
export function generateJoinCode(
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (bytes) => crypto.getRandomValues(bytes),
): string {
  const bytes = random(new Uint8Array(JOIN_CODE_LENGTH));
  return Array.from(bytes, (byte) => JOIN_CODE_ALPHABET[byte % JOIN_CODE_ALPHABET.length]).join('');
}

/**
 * Whether an organisation lets people sign up by themselves: its plan (free text set by the platform admin) reads
 * `consumer`, whatever the case or surrounding spaces.
 */
export function isConsumerPlan(plan: string | null | undefined): boolean {
  return plan?.trim().toLowerCase() === 'consumer';
}
