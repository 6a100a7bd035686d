import { ErrorCode } from '@kiwi/shared/api/error-codes';
import {
  type CsvCellError,
  MEMBER_CSV_LIMITS,
  mapMemberCsvHeader,
  type MemberCsvColumn,
  type MemberCsvRow,
  validateMemberCsvRow,
} from '@kiwi/shared/domain/member-csv';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Executor } from '../../db/client';
import { groupMemberships, groups } from '../../db/schema/groups';
import { invitationTokens } from '../../db/schema/invitations';
import { organizationMembers, organizations } from '../../db/schema/organizations';
import { outbox } from '../../db/schema/outbox';
import { users } from '../../db/schema/users';
import { ApiError, ApiErrorList, notFound } from '../../jsonapi/errors';
import { hashToken, INVITATION_LIFETIME_DAYS } from '../invitations/service';
import { decodeCsv, parseCsv } from './csv-decode';
import { activeManagerCount, seatsInUse } from './service';

/** Product users created by an import get their Firebase user when they accept (see decisions.md): this marks them. */
export const PENDING_UID_PREFIX = 'pending:';

export type CsvImportResult = { rows: number; created: number; updated: number; encoding: string };

const csvError = ({ row, column, code, params }: CsvCellError) =>
  new ApiError(code, { status: 422, pointer: `/csv/${row}${column ? `/${column}` : ''}`, params });

/** Dates in the file are Japanese calendar days: from the start of activeFrom's day to the end of activeTo's day. */
const startOfDay = (date: string) => new Date(`${date}T00:00:00+09:00`);
const endOfDay = (date: string) => new Date(startOfDay(date).getTime() + 24 * 3600 * 1000);

/** Decodes, parses and validates every row; throws every problem at once (nothing is applied then). */
export function readMemberCsv(bytes: Buffer): { rows: MemberCsvRow[]; encoding: string } {
  if (bytes.length === 0) throw new ApiError(ErrorCode.csvEmpty, { pointer: '/csv' });
  if (bytes.length > MEMBER_CSV_LIMITS.maxBytes) throw new ApiError(ErrorCode.csvTooLarge, { pointer: '/csv', params: { max: '5 MB' } });
  const { text, encoding } = decodeCsv(bytes);
  const records = parseCsv(text);
  const [header, ...data] = records;
  if (!header || data.length === 0) throw new ApiError(ErrorCode.csvEmpty, { pointer: '/csv' });
  if (data.length > MEMBER_CSV_LIMITS.maxRows) {
    throw new ApiError(ErrorCode.csvTooManyRows, { pointer: '/csv', params: { max: MEMBER_CSV_LIMITS.maxRows } });
  }
  const { columns, errors } = mapMemberCsvHeader(header);
  if (errors.length > 0) throw new ApiErrorList(errors.map((error) => csvError(error)));

  const problems: CsvCellError[] = [];
  const rows: MemberCsvRow[] = [];
  const firstRowOf = new Map<string, number>();
  data.forEach((record, index) => {
    const row = index + 2;
    const cells: Partial<Record<MemberCsvColumn, string>> = {};
    columns.forEach((column, position) => {
      if (column) cells[column] = record[position] ?? '';
    });
    const { value, errors: rowErrors } = validateMemberCsvRow(row, cells);
    problems.push(...rowErrors);
    if (!value) return;
    if (firstRowOf.has(value.email)) {
      problems.push({ row, column: 'email', code: ErrorCode.csvDuplicateEmail });
      return;
    }
    firstRowOf.set(value.email, row);
    rows.push(value);
  });
  if (problems.length > 0) throw new ApiErrorList(problems.map((problem) => csvError(problem)));
  return { rows, encoding };
}

type Existing = {
  userId: number;
  email: string;
  role: string;
  memberId: number | null;
  /** The membership's period here (when memberId is set). */
  activeFrom: Date | null;
  activeTo: Date | null;
  otherOrganization: boolean;
};

async function existingUsers(tx: Executor, organizationId: number, emails: string[]): Promise<Map<string, Existing>> {
  const found = new Map<string, Existing>();
  for (let start = 0; start < emails.length; start += 1000) {
    const chunk = emails.slice(start, start + 1000);
    const rows = await tx
      .select({
        userId: users.id,
        email: sql<string>`lower(${users.email})`,
        role: users.role,
        memberId: organizationMembers.id,
        organizationId: organizationMembers.organizationId,
        activeFrom: organizationMembers.activeFrom,
        activeTo: organizationMembers.activeTo,
      })
      .from(users)
      .leftJoin(organizationMembers, eq(organizationMembers.userId, users.id))
      .where(inArray(sql`lower(${users.email})`, chunk));
    for (const row of rows) {
      const entry: Existing = found.get(row.email) ?? {
        userId: row.userId,
        email: row.email,
        role: row.role,
        memberId: null,
        activeFrom: null,
        activeTo: null,
        otherOrganization: false,
      };
      if (row.organizationId === organizationId)
        Object.assign(entry, { memberId: row.memberId, activeFrom: row.activeFrom, activeTo: row.activeTo });
      else if (row.organizationId !== null) entry.otherOrganization = true;
      found.set(row.email, entry);
    }
  }
  return found;
}

/** Finds or creates every group path ("a > b > c") and answers the id of each path's last group, keyed by the joined path. */
async function ensureGroupPaths(tx: Executor, organizationId: number, paths: string[][]): Promise<Map<string, number>> {
  const all = await tx
    .select({ id: groups.id, name: groups.name, parentId: groups.parentId })
    .from(groups)
    .where(eq(groups.organizationId, organizationId));
  const byParentAndName = new Map(all.map((group) => [`${group.parentId ?? 0}\u0000${group.name}`, group.id]));
  const result = new Map<string, number>();
  for (const path of paths) {
    const key = path.join('\u0000');
    if (result.has(key)) continue;
    let parentId: number | null = null;
    for (const name of path) {
      const lookup = `${parentId ?? 0}\u0000${name}`;
      let id = byParentAndName.get(lookup);
      if (id === undefined) {
        const [created]: { id: number }[] = await tx.insert(groups).values({ organizationId, name, parentId }).returning({ id: groups.id });
        if (!created) throw new Error('group not inserted');
        id = created.id;
        byParentAndName.set(lookup, id);
      }
      parentId = id;
    }
    if (parentId !== null) result.set(key, parentId);
  }
  return result;
}

/**
 * Applies validated rows in the caller's transaction: existing members of this organisation are updated, new addresses
 * become users and members with an invitation mail. Addresses of other organisations, admins and the seat limit are
 * checked against the database first, and reported like the file's own errors.
 */
export async function applyMemberCsv(
  tx: Executor,
  organizationId: number,
  rows: MemberCsvRow[],
  { publicUrl, language, now, callerIsAdmin = false }: { publicUrl: string; language: 'ja' | 'en'; now: Date; callerIsAdmin?: boolean },
): Promise<Omit<CsvImportResult, 'encoding'> & { updatedUserIds: number[] }> {
  const [organization] = await tx
    .select({ name: organizations.name, numberOfMembers: organizations.numberOfMembers })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  if (!organization) throw notFound();

  const existing = await existingUsers(
    tx,
    organizationId,
    rows.map((row) => row.email),
  );
  const problems: ApiError[] = [];
  const newRows: MemberCsvRow[] = [];
  const updateRows: { row: MemberCsvRow; memberId: number }[] = [];
  const reusedUsers = new Map<string, number>();
  let restored = 0;
  for (const row of rows) {
    const found = existing.get(row.email);
    if (found?.memberId && found.role === 'admin' && !callerIsAdmin) {
      // A platform admin's membership is the admins' to change (as in PUT .../members/:id).
      problems.push(csvError({ row: row.row, column: 'email', code: ErrorCode.memberEmailNotAvailable }));
    } else if (found?.memberId) {
      // The file's dates together with the ones it leaves alone must still make a period; bringing an expired member
      // back takes a seat again, as in the form.
      const activeFrom = row.activeFrom ? startOfDay(row.activeFrom) : found.activeFrom;
      const activeTo = row.activeTo ? endOfDay(row.activeTo) : found.activeTo;
      if (activeFrom && activeTo && activeTo <= activeFrom) {
        problems.push(
          csvError({ row: row.row, column: row.activeTo ? 'active_to' : 'active_from', code: ErrorCode.validationEndAfterStart }),
        );
      }
      if (found.activeTo !== null && found.activeTo <= now && !(activeTo !== null && activeTo <= now)) restored += 1;
      updateRows.push({ row, memberId: found.memberId });
    } else if (found && (found.otherOrganization || found.role === 'admin')) {
      problems.push(csvError({ row: row.row, column: 'email', code: ErrorCode.memberEmailNotAvailable }));
    } else {
      if (found) reusedUsers.set(row.email, found.userId);
      newRows.push(row);
    }
  }
  const seatsTaken = newRows.length + restored;
  if (organization.numberOfMembers !== null && seatsTaken > 0) {
    const used = await seatsInUse(tx, organizationId, now);
    if (used + seatsTaken > organization.numberOfMembers) {
      problems.push(new ApiError(ErrorCode.organizationMemberLimitReached, { status: 422, pointer: '/csv' }));
    }
  }
  if (problems.length > 0) throw new ApiErrorList(problems);
  const managersBefore = await activeManagerCount(tx, organizationId, now);

  const paths = rows.flatMap((row) => row.groups ?? []);
  const groupIdOf = await ensureGroupPaths(tx, organizationId, paths);
  const groupIdsOf = (row: MemberCsvRow) => [...new Set((row.groups ?? []).map((path) => groupIdOf.get(path.join('\u0000'))!))];

  // Existing members: only the cells the file fills in change (null = keep), in batches of one statement each.
  const BATCH = 500;
  for (let start = 0; start < updateRows.length; start += BATCH) {
    const batch = updateRows.slice(start, start + BATCH);
    const changes = batch.map(({ row, memberId }) => ({
      id: memberId,
      role: row.role,
      belongings: row.belongings,
      occupations: row.occupations,
      active_from: row.activeFrom ? startOfDay(row.activeFrom).toISOString() : null,
      active_to: row.activeTo ? endOfDay(row.activeTo).toISOString() : null,
    }));
    await tx.execute(sql`
      update ${organizationMembers} as m set
        role = coalesce(v.role, m.role),
        belongings = coalesce(v.belongings, m.belongings),
        occupations = coalesce(v.occupations, m.occupations),
        active_from = coalesce(v.active_from, m.active_from),
        active_to = coalesce(v.active_to, m.active_to),
        updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb)
        as v(id int, role text, belongings text[], occupations text[], active_from timestamptz, active_to timestamptz)
      where m.id = v.id`);
    const names = batch.flatMap(({ row }) => (row.name ? [{ id: existing.get(row.email)!.userId, name: row.name }] : []));
    if (names.length > 0) {
      await tx.execute(sql`
        update ${users} as u set name = v.name, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(names)}::jsonb) as v(id int, name text)
        where u.id = v.id`);
    }
    const regrouped = batch.filter(({ row }) => row.groups);
    if (regrouped.length > 0) {
      await tx.delete(groupMemberships).where(
        inArray(
          groupMemberships.organizationMemberId,
          regrouped.map(({ memberId }) => memberId),
        ),
      );
      const links = regrouped.flatMap(({ row, memberId }) =>
        groupIdsOf(row).map((groupId) => ({ groupId, organizationMemberId: memberId })),
      );
      if (links.length > 0) await tx.insert(groupMemberships).values(links);
    }
  }

  for (let start = 0; start < newRows.length; start += BATCH) {
    const batch = newRows.slice(start, start + BATCH);
    const fresh = batch.filter((row) => !reusedUsers.has(row.email));
    const inserted = fresh.length
      ? await tx
          .insert(users)
          .values(
            fresh.map((row) => ({ firebaseUid: `${PENDING_UID_PREFIX}${randomUUID()}`, email: row.email, name: row.name ?? '', language })),
          )
          .returning({ id: users.id, email: users.email })
      : [];
    const userIdOf = new Map([...inserted.map((user) => [user.email, user.id] as const), ...reusedUsers]);
    const memberships = await tx
      .insert(organizationMembers)
      .values(
        batch.map((row) => ({
          userId: userIdOf.get(row.email)!,
          organizationId,
          role: row.role ?? 'member',
          belongings: row.belongings ?? [],
          occupations: row.occupations ?? [],
          activeFrom: row.activeFrom ? startOfDay(row.activeFrom) : null,
          activeTo: row.activeTo ? endOfDay(row.activeTo) : null,
        })),
      )
      .returning({ id: organizationMembers.id, userId: organizationMembers.userId });
    const memberIdOf = new Map(memberships.map((membership) => [membership.userId, membership.id]));
    const links = batch.flatMap((row) =>
      groupIdsOf(row).map((groupId) => ({ groupId, organizationMemberId: memberIdOf.get(userIdOf.get(row.email)!)! })),
    );
    if (links.length > 0) await tx.insert(groupMemberships).values(links);

    // Invitations in bulk: one token and one mail per new member (as issueInvitation does one at a time).
    const userIds = batch.map((row) => userIdOf.get(row.email)!);
    await tx
      .update(invitationTokens)
      .set({ expiresAt: now })
      .where(and(inArray(invitationTokens.userId, userIds), isNull(invitationTokens.usedAt)));
    const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_DAYS * 24 * 3600 * 1000);
    const tokens = batch.map(() => randomBytes(32).toString('base64url'));
    await tx
      .insert(invitationTokens)
      .values(
        batch.map((row, index) => ({ userId: userIdOf.get(row.email)!, tokenHash: hashToken(tokens[index]!), expiresAt, createdAt: now })),
      );
    await tx.insert(outbox).values(
      batch.map((row, index) => ({
        topic: 'mail.send',
        organizationId,
        payload: {
          to: row.email,
          language,
          template: 'invitation',
          params: {
            name: row.name ?? row.email,
            organizationName: organization.name,
            link: `${publicUrl}/user/invitation?token=${tokens[index]}`,
            days: INVITATION_LIFETIME_DAYS,
          },
        },
      })),
    );
  }
  // The file may not demote or expire the organisation's last active manager (as the form may not): nothing changes.
  if (managersBefore > 0 && (await activeManagerCount(tx, organizationId, now)) === 0) {
    throw new ApiErrorList([new ApiError(ErrorCode.memberLastManager, { status: 422, pointer: '/csv' })]);
  }
  return {
    rows: rows.length,
    created: newRows.length,
    updated: updateRows.length,
    updatedUserIds: updateRows.map(({ row }) => existing.get(row.email)!.userId),
  };
}
