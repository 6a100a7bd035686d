// Push notifications: the kinds a member can turn off one by one, and how a title or body is cut to fit FCM's 4 KB.

/** Every kind of push notification; members choose per kind in their profile (stored under these keys). */
export const PUSH_KINDS = [
  'coin_message',
  'event_invitation',
  'guild_invitation',
  'survey_opened',
  'survey_reminder',
  'walking_event_result',
  'violation_report',
] as const;
export type PushKind = (typeof PUSH_KINDS)[number];
export type NotificationPreferences = Record<PushKind, boolean>;

/** What a member receives: every kind is on until they turn it off (a stored false). */
export function notificationPreferences(stored: Partial<Record<string, unknown>> | null | undefined): NotificationPreferences {
  return Object.fromEntries(PUSH_KINDS.map((kind) => [kind, stored?.[kind] !== false])) as NotificationPreferences;
}

/** FCM refuses a message over 4096 bytes; these keep title and body (and so the whole message with its link) well under. */
export const PUSH_LIMITS = { titleBytes: 240, bodyBytes: 2400, batchTokens: 500 } as const;

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const ELLIPSIS = '…';

function utf8Length(text: string): number {
  let bytes = 0;
  for (let at = 0; at < text.length; at += 1) {
    const unit = text.charCodeAt(at);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && at + 1 < text.length) {
      bytes += 4;
      at += 1;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * `text` cut at a grapheme boundary so that it (with an ellipsis when cut) takes at most `maxBytes` in UTF-8: an emoji
 * sequence or a letter with its marks is kept whole or left out whole. Only the first maxBytes code units are looked at,
 * so a huge text costs no more than a short one.
 */
export function truncateToBytes(text: string, maxBytes: number): string {
  if (text.length * 3 <= maxBytes || utf8Length(text) <= maxBytes) return text;
  const budget = maxBytes - utf8Length(ELLIPSIS);
  // Every code unit is at least one byte: nothing past `budget` units can fit.
  const window = text.slice(0, Math.max(0, budget) + 1);
  let end = 0;
  let used = 0;
  for (const { segment, index } of segmenter.segment(window)) {
    const size = utf8Length(segment);
    // The window's last segment may be a cluster cut by the window: it ends where the window does, so it never fits.
    if (used + size > budget || index + segment.length >= window.length) break;
    used += size;
    end = index + segment.length;
  }
  return `${text.slice(0, end).trimEnd()}${ELLIPSIS}`;
}
