import { z } from 'zod';
import { ErrorCode } from '../api/error-codes';
import { requiredOrInvalidType, strictPayload } from './common';

/** At most this many embed origins per organisation (External services page). */
export const EMBED_ORIGINS_MAX = 20;
/** Longer than any real origin (a DNS name is at most 253 characters), short enough to keep the error list small. */
const EMBED_ORIGIN_MAX_LENGTH = 300;

// scheme://host[:port] and at most one trailing slash; userinfo, path, query and fragment are refused here, before
// URL parsing could silently drop an empty `?` or `#`.
const ORIGIN_SHAPE = /^(https?):\/\/([^/?#@\\\s]+)\/?$/i;
const DNS_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * An origin as a browser sends it in the `Origin` header: lower-case scheme and host (IDN as punycode), the port only
 * when it is not the scheme's default, no trailing slash. null when `value` is not `http(s)://host[:port]` (a trailing
 * slash is tolerated); a path, query, fragment, user name or wildcard is refused, not dropped.
 */
export function normalizeOrigin(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.length > EMBED_ORIGIN_MAX_LENGTH || !ORIGIN_SHAPE.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '' || url.pathname !== '/' || url.search !== '' || url.hash !== '') return null;
  const { hostname } = url;
  const validHost = hostname.startsWith('[') ? hostname.endsWith(']') : hostname.split('.').every((label) => DNS_LABEL.test(label));
  return validHost ? url.origin : null;
}

/** One origin: trimmed and normalised (see normalizeOrigin), or validation.invalidOrigin. */
export const EmbedOriginSchema = z
  .string({ error: requiredOrInvalidType })
  .trim()
  .min(1, { error: ErrorCode.validationRequired })
  .transform((value, context) => {
    const origin = normalizeOrigin(value);
    if (origin === null) {
      context.addIssue({ code: 'custom', message: ErrorCode.validationInvalidOrigin });
      return z.NEVER;
    }
    return origin;
  });

/** The whole list (at most EMBED_ORIGINS_MAX entries), each normalised, duplicates merged, order kept. */
const EmbedOriginListSchema = z
  .array(z.unknown(), { error: requiredOrInvalidType })
  .max(EMBED_ORIGINS_MAX, { error: ErrorCode.validationTooManyItems })
  .pipe(z.array(EmbedOriginSchema))
  .transform((origins) => [...new Set(origins)]);

/** PUT /api/organizations/{id}/embed_origins: `{ "embed_origins": ["https://intranet.example.com", ...] }` replaces the list. */
export const EmbedOriginsPayloadSchema = strictPayload({ embed_origins: EmbedOriginListSchema });

/**
 * POST /api/organizations/{id}/embed_origins: `{ "embed_origin": "https://intranet.example.com" }` adds one origin
 * (normalised as in the list) and leaves the others as they are.
 */
export const EmbedOriginPayloadSchema = strictPayload({ embed_origin: EmbedOriginSchema });
