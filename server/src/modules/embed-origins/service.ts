import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type EmbedOriginRow, embedOrigins } from '../../db/schema/embed-origins';
import { organizations } from '../../db/schema/organizations';
import { notFound } from '../../jsonapi/errors';

/** The organisation's embed origins in the order they were added; 404 for an organisation that does not exist. */
export async function listEmbedOrigins(tx: Executor, organizationId: number): Promise<EmbedOriginRow[]> {
  const [organization] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId));
  if (!organization) throw notFound();
  return tx.select().from(embedOrigins).where(eq(embedOrigins.organizationId, organizationId)).orderBy(asc(embedOrigins.id));
}

/**
 * Replaces the list with `origins` (normalised and unique, see EmbedOriginsPayloadSchema): rows that stay keep their
 * id and date, missing ones are deleted, new ones added. The organisation row is locked so two saves run one after
 * the other.
 */
export async function replaceEmbedOrigins(tx: Executor, organizationId: number, origins: readonly string[]): Promise<EmbedOriginRow[]> {
  const [organization] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).for('update');
  if (!organization) throw notFound();
  const mine = eq(embedOrigins.organizationId, organizationId);
  await tx.delete(embedOrigins).where(origins.length > 0 ? and(mine, notInArray(embedOrigins.origin, [...origins])) : mine);
  if (origins.length > 0) {
    await tx
      .insert(embedOrigins)
      .values(origins.map((origin) => ({ organizationId, origin })))
      .onConflictDoNothing({ target: [embedOrigins.organizationId, embedOrigins.origin] });
  }
  return tx.select().from(embedOrigins).where(mine).orderBy(asc(embedOrigins.id));
}
