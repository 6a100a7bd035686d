// Issue 19 point 4: content hidden while reviewed is left out of what other members read, and kept (marked hidden) for
// its author and the organisation's managers. Every read path (event messages, guild messages, the walking cheer board,
// coin message feeds, shared-event guests) asks these two helpers, so the rule lives here once.
import type { ViolationObjectType } from '@kiwi/shared/domain/violation-report';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** Who reads: their organisation member (or guest) id, and whether they manage the organisation (or are an admin). */
export type Reader = { memberId: number | null; guestId?: number | null; manages: boolean };

const hiddenSubject = (type: ViolationObjectType, id: AnyColumn | SQL) =>
  sql`exists (select 1 from violation_report_subjects vrs where vrs.object_type = ${type} and vrs.object_id = ${id} and vrs.hidden_at is not null)`;

/** Whether the object is hidden while reviewed (a column for the presenters' `hidden` mark). */
export const isHidden = (type: ViolationObjectType, id: AnyColumn | SQL) => sql<boolean>`${hiddenSubject(type, id)}`;

/**
 * The WHERE condition keeping hidden objects out of a reader's list: none for managers; otherwise an object shows
 * when it is not hidden or the reader is its author (`author` names the author's member and guest columns).
 */
export function visibleTo(
  reader: Reader,
  type: ViolationObjectType,
  id: AnyColumn | SQL,
  author: { member?: AnyColumn | SQL; guest?: AnyColumn | SQL } = {},
): SQL | undefined {
  if (reader.manages) return undefined;
  const own: SQL[] = [];
  if (author.member && reader.memberId != null) own.push(sql`${author.member} = ${reader.memberId}`);
  if (author.guest && reader.guestId != null) own.push(sql`${author.guest} = ${reader.guestId}`);
  return sql`(not ${hiddenSubject(type, id)}${own.length ? sql` or ${sql.join(own, sql` or `)}` : sql``})`;
}
