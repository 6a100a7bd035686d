import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { DatabaseHandle, Executor } from '../../db/client';
import { embedOrigins } from '../../db/schema/embed-origins';
import { organizations } from '../../db/schema/organizations';

/** `npm start` serves the widgets demo page on this port unless WIDGETS_DEMO_PORT says otherwise. */
const DEFAULT_WIDGETS_DEMO_PORT = 8081;

/** The origin of the widgets demo page (server/src/widgets/demo-server.ts) as the browser sends it. */
export const demoEmbedOrigin = (port: number | undefined) => `http://localhost:${port ?? DEFAULT_WIDGETS_DEMO_PORT}`;

/** Demo data: acme lets the widgets demo page embed its widgets. Idempotent (the pair is unique). */
export async function seedEmbedOrigins(tx: Executor, origin: string = demoEmbedOrigin(undefined)): Promise<void> {
  const [acme] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.identifier, 'acme'));
  if (!acme) return;
  await tx
    .insert(embedOrigins)
    .values({ organizationId: acme.id, origin })
    .onConflictDoNothing({ target: [embedOrigins.organizationId, embedOrigins.origin] });
}

/**
 * The demo seed runs on a fresh database only: a data folder from before the widgets, or a demo port changed since,
 * leaves the demo page's origin unregistered and every widget refused. Says so, with the fix.
 */
export async function warnWithoutDemoEmbedOrigin(db: DatabaseHandle, origin: string, logger: Logger): Promise<void> {
  const [acme] = await db.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.identifier, 'acme'));
  if (!acme) return;
  const [registered] = await db.db
    .select({ id: embedOrigins.id })
    .from(embedOrigins)
    .where(and(eq(embedOrigins.organizationId, acme.id), eq(embedOrigins.origin, origin)));
  if (!registered) {
    logger.warn(
      `${origin} is not an embed origin of acme, so the widgets demo page will be refused: add it on acme's External services page`,
    );
  }
}
