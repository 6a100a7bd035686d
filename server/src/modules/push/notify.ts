import { PUSH_LIMITS, type PushKind, truncateToBytes } from '@kiwi/shared/domain/push';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { organizationMembers } from '../../db/schema/organizations';
import { userDevices, users } from '../../db/schema/users';
import { type Language, translatorFor } from '../../http/i18n';
import { enqueue } from '../../outbox/enqueue';

export type PushText = { title: string; body: string };
export type PushRecipient = { organizationMemberId: number; language: Language };
type Translate = ReturnType<typeof translatorFor>;

// Ids per query: well under PostgreSQL's 65,535 parameters, whatever the organisation's size.
const IDS_PER_QUERY = 5_000;

/**
 * Leaves one kind of push for these organisation members in the outbox, in the caller's transaction: only members who
 * have a device and did not turn the kind off, the text rendered in each one's language (`render` gets the translator),
 * cut to FCM's size, grouped by text, at most 500 tokens per outbox row. Returns the number of tokens.
 */
export async function pushToMembers(
  tx: Executor,
  {
    kind,
    organizationMemberIds,
    path,
    organizationId,
    render,
  }: {
    kind: PushKind;
    organizationMemberIds: readonly number[];
    path: string;
    organizationId: number;
    render: (t: Translate, recipient: PushRecipient) => PushText;
  },
): Promise<number> {
  const ids = [...new Set(organizationMemberIds)];
  const devices: { organizationMemberId: number; language: string; token: string }[] = [];
  for (let at = 0; at < ids.length; at += IDS_PER_QUERY) {
    devices.push(
      ...(await tx
        .select({ organizationMemberId: organizationMembers.id, language: users.language, token: userDevices.fcmToken })
        .from(organizationMembers)
        .innerJoin(users, eq(users.id, organizationMembers.userId))
        .innerJoin(userDevices, eq(userDevices.userId, users.id))
        .where(
          and(
            inArray(organizationMembers.id, ids.slice(at, at + IDS_PER_QUERY)),
            sql`(${users.notificationPreferences} ->> ${kind}) is distinct from 'false'`,
          ),
        )
        .orderBy(asc(organizationMembers.id), asc(userDevices.id))),
    );
  }
  if (devices.length === 0) return 0;

  const byText = new Map<string, PushText & { tokens: string[] }>();
  const rendered = new Map<number, PushText>();
  for (const device of devices) {
    let text = rendered.get(device.organizationMemberId);
    if (!text) {
      const language: Language = device.language === 'en' ? 'en' : 'ja';
      const raw = render(translatorFor(language), { organizationMemberId: device.organizationMemberId, language });
      text = { title: truncateToBytes(raw.title, PUSH_LIMITS.titleBytes), body: truncateToBytes(raw.body, PUSH_LIMITS.bodyBytes) };
      rendered.set(device.organizationMemberId, text);
    }
    const key = JSON.stringify([text.title, text.body]);
    const group = byText.get(key) ?? { ...text, tokens: [] };
    group.tokens.push(device.token);
    byText.set(key, group);
  }

  let batch: { title: string; body: string; tokens: string[] }[] = [];
  let inBatch = 0;
  const flush = async () => {
    if (inBatch === 0) return;
    await enqueue(tx, 'push.send', { kind, path, messages: batch }, { organizationId });
    batch = [];
    inBatch = 0;
  };
  for (const group of byText.values()) {
    for (let at = 0; at < group.tokens.length; ) {
      const take = Math.min(PUSH_LIMITS.batchTokens - inBatch, group.tokens.length - at);
      batch.push({ title: group.title, body: group.body, tokens: group.tokens.slice(at, at + take) });
      inBatch += take;
      at += take;
      if (inBatch === PUSH_LIMITS.batchTokens) await flush();
    }
  }
  await flush();
  return devices.length;
}
