// Issue 20 point 3: deleting an archived organisation removes every row that belongs to it, in one transaction. The
// foreign keys cascade most of it from `organizations` and `organization_members`; this file removes what they do not
// reach (rows that name the organisation without a foreign key, or through a `set null` one), then queues the identity
// accounts of the members who belong nowhere else for deletion after commit. deletion.test.ts counts every table.
import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { sql, type SQL } from 'drizzle-orm';
import type { Session } from '../../auth/session-cache';
import type { Executor } from '../../db/client';
import { outbox } from '../../db/schema/outbox';
import { ApiError } from '../../jsonapi/errors';
import { IDENTITY_DELETE_TOPIC } from '../cancellation/service';
import { referencedImageKeys } from '../images/collection';
import { recordStaffAction } from '../staff-actions/record';
import { findOrganization } from './access';

export type OrganizationDeletion = {
  identifier: string;
  members: number;
  /** Product users removed with it (in no other organisation, not admins). */
  removedUsers: number;
  /** Firebase uids whose accounts the outbox deletes after commit. */
  identityUids: string[];
};

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(tx: Executor, query: SQL): Promise<T[]> => ((await tx.execute(query)) as unknown as Rows<T>).rows;

/**
 * The organisation's image keys: the pictures and headers its rows point at (the images module's one list of
 * references, scoped to it), its leaving users' icons, what they and its events' guests uploaded. Images of a person who
 * stays (they belong to another organisation too) go only when these rows use them.
 */
function organizationImageKeys(organizationId: number): SQL {
  const leavingIcons = sql`select icon from users where id in (select id from deleting_users)`;
  return sql`
    ${referencedImageKeys({ organizationId, extra: leavingIcons })}
    union select key from images where uploaded_by_user_id in (select id from deleting_users)
    union select key from images where uploaded_by_guest_id in (
      select g.id from event_guests g join events e on e.id = g.event_id where e.organization_id = ${organizationId})`;
}

/**
 * Deletes the archived organisation `organizationId` after `identifierConfirmation` matched its identifier exactly.
 * Locks the organisation row first: a member write that locks it (seat checks) waits and then finds nothing.
 */
export async function deleteOrganization(
  tx: Executor,
  { organizationId, identifierConfirmation, actor }: { organizationId: number; identifierConfirmation: string; actor: Session },
): Promise<OrganizationDeletion> {
  const organization = await findOrganization(tx, organizationId, { forUpdate: true });
  if (!organization.archived) throw new ApiError(ErrorCode.adminOrganizationNotArchived);
  if (identifierConfirmation !== organization.identifier) {
    throw new ApiError(ErrorCode.adminOrganizationIdentifierMismatch, { pointer: '/organization/identifier_confirmation' });
  }
  const id = organizationId;
  const [{ members } = { members: 0 }] = await rowsOf<{ members: number }>(
    tx,
    sql`select count(*)::int as members from organization_members where organization_id = ${id}`,
  );

  // Its people who belong to no other organisation and are not platform admins leave with it.
  await tx.execute(sql`drop table if exists deleting_users`);
  await tx.execute(sql`
    create temporary table deleting_users on commit drop as
    select u.id, u.firebase_uid, u.email from users u
    where u.role <> 'admin'
      and exists (select 1 from organization_members m where m.user_id = u.id and m.organization_id = ${id})
      and not exists (select 1 from organization_members m where m.user_id = u.id and m.organization_id <> ${id})`);
  const identityUids = (
    await rowsOf<{ uid: string }>(
      tx,
      sql`select firebase_uid as uid from deleting_users
          union select l.firebase_uid from user_identity_links l where l.user_id in (select id from deleting_users)
          order by uid`,
    )
  ).map((row) => row.uid);

  // Rows that name the organisation without a cascading foreign key, before the cascade removes what finds them.
  await tx.execute(sql`delete from images where key in (${organizationImageKeys(id)})`);
  await tx.execute(sql`
    delete from content_reads where kind = 'news' and item_id in (select id from news where organization_id = ${id})`);
  await tx.execute(sql`
    delete from jobs where
      payload ->> 'walkingEventId' in (select id::text from walking_events where organization_id = ${id})
      or payload ->> 'transferId' in (select id::text from kiwi_coin_transfers where organization_id = ${id})
      or payload ->> 'surveyId' in (select id::text from well_being_surveys where organization_id = ${id})
      or payload ->> 'organizationId' = ${String(id)}`);
  // Coin movements are whole: each one of this organisation (its account or its members') goes with all its entries.
  await tx.execute(sql`
    delete from coin_movements where id in (
      select movement_id from coin_ledger_entries
      where organization_id = ${id} or organization_member_id in (select id from organization_members where organization_id = ${id}))`);
  await tx.execute(sql`delete from outbox where organization_id = ${id}`);
  await tx.execute(sql`delete from staff_actions where organization_id = ${id}`);
  // Exports filtered to this organisation (the exports module's params: organization_id, or a list organization_ids).
  await tx.execute(sql`
    delete from export_jobs where
      params ->> 'organization_id' = ${String(id)} or params ->> 'organizationId' = ${String(id)}
      or coalesce(params -> 'organization_ids', '[]'::jsonb) @> ${JSON.stringify([id])}::jsonb
      or coalesce(params -> 'organizationIds', '[]'::jsonb) @> ${JSON.stringify([id])}::jsonb`);
  await tx.execute(sql`delete from stored_mails where lower("to") in (select lower(email) from deleting_users)`);

  // The cascade: memberships and everything under them, then the users who leave (their devices, links, reads).
  await tx.execute(sql`delete from organizations where id = ${id}`);
  const removed = await rowsOf<{ id: number }>(tx, sql`delete from users where id in (select id from deleting_users) returning id`);
  await tx.execute(sql`drop table if exists deleting_users`);

  // After commit, through the outbox (the cancellation's handler): one row per account, inserted in batches.
  for (let start = 0; start < identityUids.length; start += 1000) {
    const batch = identityUids.slice(start, start + 1000);
    await tx.insert(outbox).values(batch.map((uid) => ({ topic: IDENTITY_DELETE_TOPIC, payload: { uid } })));
  }
  await recordStaffAction(tx, {
    actor,
    organizationId: null,
    kind: 'organizations.delete',
    method: 'DELETE',
    route: '/api/organizations/:id',
    targetType: 'organization',
    targetId: organization.identifier,
    changes: { name: [organization.name, null], members: [members, 0], removedUsers: [removed.length, 0] },
    statusCode: 200,
  });
  return { identifier: organization.identifier, members, removedUsers: removed.length, identityUids };
}
