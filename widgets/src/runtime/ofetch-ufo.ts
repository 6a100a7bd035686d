// ofetch's URL helpers (it imports withBase and withQuery from ufo) for the widgets' build (vite.config.ts aliases
// `ufo` here): ufo's whole URL parser cost the entry ~1.5 kB gzip for two functions. withBase is ufo's, rule for rule
// (ofetch-deps.test.ts compares them); withQuery is the API client's own Rails-style one (shared/src/api/query.ts),
// which is how the one client sends a query anyway: it never hands ofetch a `query` option.
export { withQuery } from '@kiwi/shared/api/query';

/** A scheme ("https:", "mailto:") at the start: ufo's hasProtocol without its options. */
const PROTOCOL = /^[\s\w\0+.-]{2,}:([/\\]{2})?/;

/** `input` under `base` ("/api" + "/events" -> "/api/events"), unless it is absolute or already under it. */
export function withBase(input: string, base: string | undefined): string {
  if (!base || base === '/' || PROTOCOL.test(input)) return input;
  const prefix = (base.endsWith('/') ? base.slice(0, -1) : base) || '/';
  if (input.startsWith(prefix) && [undefined, '/', '?'].includes(input[prefix.length])) return input;
  if (!input || input === '/') return prefix;
  return `${prefix.endsWith('/') ? prefix : `${prefix}/`}${input.replace(/^\.?\//, '')}`;
}
