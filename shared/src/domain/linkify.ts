export type LinkifiedPart = { kind: 'text'; text: string } | { kind: 'link'; href: string; text: string };

// Only http(s) URLs become links; the characters a URL may hold are ASCII, so Japanese text right after one ends it.
const URL_CANDIDATE = /https?:\/\/[A-Za-z0-9\-._~:/?#[\]@!$&*+,;=%()]+/gi;
// Punctuation that ends a sentence rather than the URL.
const TRAILING_PUNCTUATION = /[.,;:!?*]+$/;

/** Drops trailing sentence punctuation and a closing parenthesis that has no opening one inside the URL. */
function trimUrl(candidate: string): string {
  let url = candidate;
  for (;;) {
    const trimmed = url.replace(TRAILING_PUNCTUATION, '');
    const unbalanced = trimmed.endsWith(')') && (trimmed.match(/\(/g)?.length ?? 0) < (trimmed.match(/\)/g)?.length ?? 0);
    const next = unbalanced ? trimmed.slice(0, -1) : trimmed;
    if (next === url) return url;
    url = next;
  }
}

/** The URL's canonical href when `text` is an absolute http(s) URL with a host, else null (`javascript:`, `data:` ...). */
export function safeHref(text: string): string | null {
  try {
    const url = new URL(text);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return null;
    return url.href;
  } catch {
    return null;
  }
}

/**
 * Splits user text into plain text and http/https links, for rendering as React text nodes and <a> elements (never as
 * HTML). Any other scheme (`javascript:`, `data:`, `mailto:`) stays text.
 */
export function linkify(text: string): LinkifiedPart[] {
  const parts: LinkifiedPart[] = [];
  let plain = '';
  let last = 0;
  for (const match of text.matchAll(URL_CANDIDATE)) {
    const start = match.index;
    const candidate = trimUrl(match[0]);
    const href = safeHref(candidate);
    if (!href) continue;
    plain += text.slice(last, start);
    if (plain !== '') parts.push({ kind: 'text', text: plain });
    plain = '';
    parts.push({ kind: 'link', href, text: candidate });
    last = start + candidate.length;
  }
  plain += text.slice(last);
  if (plain !== '') parts.push({ kind: 'text', text: plain });
  return parts;
}
