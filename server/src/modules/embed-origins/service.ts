import { ErrorCode } from '@kiwi/shared/api/error-codes';
import { EMBED_ORIGINS_MAX } from '@kiwi/shared/schemas/embed-origins';
import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type EmbedOriginRow, embedOrigins } from '../../db/schema/embed-origins';
import { organizations } from '../../db/schema/organizations';
import { ApiError, notFound } from '../../jsonapi/errors';

/** The organisation's embed origins in the order they were added; 404 for an organisation that does not exist. */
export async function listEmbedOrigins(tx: Executor, organizationId: number): Promise<EmbedOriginRow[]> {
  const [organization] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId));
  if (!organization) throw notFound();
  return rowsOf(tx, organizationId);
}

const rowsOf = (tx: Executor, organizationId: number) =>
  tx.select().from(embedOrigins).where(eq(embedOrigins.organizationId, organizationId)).orderBy(asc(embedOrigins.id));

/**
 * Every change to an organisation's list (replace, add, remove) first locks the organisation row (`FOR UPDATE`), so
 * changes run one after the other and each sees the list the previous one left. 404 for an organisation that does not exist.
 */
async function lockOrganization(tx: Executor, organizationId: number): Promise<void> {
  const [organization] = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  if (!organization) throw notFound();
}

/**
 * Replaces the list with `origins` (normalised and unique, see EmbedOriginsPayloadSchema): rows that stay keep their
 * id and date, missing ones are deleted, new ones added.
 */
export async function replaceEmbedOrigins(tx: Executor, organizationId: number, origins: readonly string[]): Promise<EmbedOriginRow[]> {
  await lockOrganization(tx, organizationId);
  const mine = eq(embedOrigins.organizationId, organizationId);
  await tx.delete(embedOrigins).where(origins.length > 0 ? and(mine, notInArray(embedOrigins.origin, [...origins])) : mine);
  if (origins.length > 0) {
    await tx
      .insert(embedOrigins)
      .values(origins.map((origin) => ({ organizationId, origin })))
      .onConflictDoNothing({ target: [embedOrigins.organizationId, embedOrigins.origin] });
  }
  return rowsOf(tx, organizationId);
}

/**
 * Adds one origin (normalised, see EmbedOriginPayloadSchema) and answers the whole list. Already registered: nothing
 * changes (`added: false`), even with the list full; otherwise a full list (EMBED_ORIGINS_MAX) refuses it with
 * `validation.tooManyItems` on `/embed_origin`.
 */
export async function addEmbedOrigin(
  tx: Executor,
  organizationId: number,
  origin: string,
): Promise<{ added: boolean; rows: EmbedOriginRow[] }> {
  await lockOrganization(tx, organizationId);
  const rows = await rowsOf(tx, organizationId);
  if (rows.some((row) => row.origin === origin)) return { added: false, rows };
  if (rows.length >= EMBED_ORIGINS_MAX) {
    throw new ApiError(ErrorCode.validationTooManyItems, { status: 422, pointer: '/embed_origin', params: { count: EMBED_ORIGINS_MAX } });
  }
  await tx.insert(embedOrigins).values({ organizationId, origin });
  return { added: true, rows: await rowsOf(tx, organizationId) };
}

/** Removes the organisation's embed origin `embedOriginId` and answers the list left; 404 when it has no such origin (any more). */
export async function removeEmbedOrigin(tx: Executor, organizationId: number, embedOriginId: number): Promise<EmbedOriginRow[]> {
  await lockOrganization(tx, organizationId);
  const [removed] = await tx
    .delete(embedOrigins)
    .where(and(eq(embedOrigins.id, embedOriginId), eq(embedOrigins.organizationId, organizationId)))
    .returning({ id: embedOrigins.id });
  if (!removed) throw notFound();
  return rowsOf(tx, organizationId);
}
