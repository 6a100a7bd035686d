import { z } from 'zod';

// SPEC §5: an action link (the page /user/actions) carries a mode, an action code (oobCode) and an api key; Firebase
// adds the continue URL the mail was sent with and the language it was written in. Every mail with such a link leads
// to Kiwi's own /user/actions (docs/decisions.md, issue 16 action links).

export const ACTION_MODES = [
  'resetPassword',
  'verifyEmail',
  'recoverEmail',
  'verifyAndChangeEmail',
  'revertSecondFactorAddition',
  'signIn',
] as const;
export type ActionMode = (typeof ACTION_MODES)[number];

/** The page's path, on Kiwi's origin. */
export const ACTIONS_PATH = '/user/actions';

/** Bounds for hostile query strings: Firebase's codes are about 50 characters, its API keys 39. */
export const ACTION_LINK_LIMITS = { codeMax: 512, apiKeyMax: 128, continueUrlMax: 2048, langMax: 35 } as const;

/** Why a link is refused before any call to the identity provider; the page shows `actions:invalidLink.<reason>`. */
export type ActionLinkProblem = 'unknownMode' | 'missingCode' | 'missingApiKey';

const code = z
  .string({ error: 'missingCode' })
  .trim()
  .min(1, { error: 'missingCode' })
  .max(ACTION_LINK_LIMITS.codeMax, { error: 'missingCode' });
const apiKey = z
  .string({ error: 'missingApiKey' })
  .trim()
  .min(1, { error: 'missingApiKey' })
  .max(ACTION_LINK_LIMITS.apiKeyMax, { error: 'missingApiKey' })
  .regex(/^[\w-]+$/, { error: 'missingApiKey' });
// Optional parts too long to be real are dropped rather than refused: the link still works without them.
const optionalText = (max: number) =>
  z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.length > max ? undefined : value));

/** The query of /user/actions (the first value of each parameter, as URLSearchParams.get gives it). */
export const ActionLinkQuerySchema = z.object({
  mode: z.enum(ACTION_MODES, { error: 'unknownMode' }),
  oobCode: code,
  apiKey,
  continueUrl: optionalText(ACTION_LINK_LIMITS.continueUrlMax),
  lang: optionalText(ACTION_LINK_LIMITS.langMax),
});
export type ActionLinkQuery = z.output<typeof ActionLinkQuerySchema>;

/** The link's parts, or the first reason (mode first, then code, then key) it cannot be acted on. */
export function parseActionLink(params: URLSearchParams): { ok: true; link: ActionLinkQuery } | { ok: false; problem: ActionLinkProblem } {
  const raw = Object.fromEntries(['mode', 'oobCode', 'apiKey', 'continueUrl', 'lang'].map((name) => [name, params.get(name) ?? undefined]));
  const result = ActionLinkQuerySchema.safeParse(raw);
  if (result.success) return { ok: true, link: result.data };
  const order: ActionLinkProblem[] = ['unknownMode', 'missingCode', 'missingApiKey'];
  const messages = new Set(result.error.issues.map((issue) => issue.message));
  return { ok: false, problem: order.find((problem) => messages.has(problem)) ?? 'missingCode' };
}

/**
 * The path (with query and fragment) of `continueUrl` when it is on one of Kiwi's own origins (scheme, host and port
 * equal), else null: a link can never send someone elsewhere. Relative, protocol-relative, credential-carrying or
 * non-http(s) URLs and the action page itself (a loop) give null too.
 */
export function safeContinuePath(continueUrl: string | null | undefined, ownOrigins: readonly string[]): string | null {
  if (!continueUrl) return null;
  let url: URL;
  try {
    url = new URL(continueUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '') return null;
  const origins = ownOrigins.flatMap((origin) => {
    try {
      return [new URL(origin).origin];
    } catch {
      return [];
    }
  });
  if (!origins.includes(url.origin)) return null;
  if (url.pathname === ACTIONS_PATH || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A Firebase action link (the hosted handler's, a firebase-admin generate*Link answer or the Auth Emulator's) as the
 * link to Kiwi's own page: `${publicUrl}/user/actions` with its mode, oobCode, apiKey, lang and continueUrl.
 */
export function kiwiActionLink(firebaseLink: string, publicUrl: string, overrides: { lang?: string } = {}): string {
  const source = new URL(firebaseLink);
  const target = new URL(ACTIONS_PATH, publicUrl);
  for (const name of ['mode', 'oobCode', 'apiKey', 'lang', 'continueUrl']) {
    const value = name === 'lang' && overrides.lang ? overrides.lang : source.searchParams.get(name);
    if (value) target.searchParams.set(name, value);
  }
  return target.toString();
}
