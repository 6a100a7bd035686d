import { and, eq, min, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import type { Executor } from '../db/client';
import { events } from '../db/schema/events';
import { guilds } from '../db/schema/guilds';
import { organizations } from '../db/schema/organizations';
import { wellBeingSurveys } from '../db/schema/surveys';
import { DEMO_EVENT_NAMES } from '../modules/events/seed';
import { DEMO_SURVEYS } from '../modules/surveys/seed';
import { walkingEvents } from '../db/schema/walking-events';
import { DEMO_WALKING_EVENT_TITLE } from '../modules/walking-events/seed';
import { escapeHtml } from '../http/html';

/** The account the demo page's ids fit: it has not joined the event, belongs to the guild, has not answered the survey. */
export const DEMO_WIDGET_ACCOUNT = 'member@acme.example';
const DEMO_ORGANIZATION = 'acme';
/** Public, and member@acme.example has joined it (DEMO_GUILDS). */
const DEMO_GUILD_NAME = 'ランニング部';
const DEMO_SURVEY_TITLE = DEMO_SURVEYS.find((survey) => survey.organization === DEMO_ORGANIZATION)?.title ?? '';

export type DemoPlaceholders = {
  KIWI_ORIGIN: string;
  EVENT_ID: string;
  GUILD_ID: string;
  SURVEY_ID: string;
  SHARED_EVENT_ID: string;
  WALKING_EVENT_ID: string;
};

/**
 * The values of widgets/demo/intranet.html's placeholders, looked up in the demo data by the seeds' names, in one query
 * each time (the database may be reseeded while the server runs). One that cannot be found becomes "" with a warning.
 */
export async function demoPlaceholders(
  db: Executor,
  { kiwiOrigin, logger }: { kiwiOrigin: string; logger?: Logger },
): Promise<DemoPlaceholders> {
  // Scalar subqueries of acme's row: the lowest matching id, or null.
  const lowestId = (table: PgTable, id: PgColumn, ...conditions: (SQL | undefined)[]) =>
    sql<number | null>`(${db
      .select({ id: min(id) })
      .from(table)
      .where(and(...conditions))})`;
  const [found] = await db
    .select({
      EVENT_ID: lowestId(
        events,
        events.id,
        eq(events.organizationId, organizations.id),
        eq(events.name, DEMO_EVENT_NAMES.joinable),
        eq(events.cancel, false),
      ),
      GUILD_ID: lowestId(guilds, guilds.id, eq(guilds.organizationId, organizations.id), eq(guilds.name, DEMO_GUILD_NAME)),
      SURVEY_ID: lowestId(
        wellBeingSurveys,
        wellBeingSurveys.id,
        eq(wellBeingSurveys.organizationId, organizations.id),
        eq(wellBeingSurveys.title, DEMO_SURVEY_TITLE),
      ),
      SHARED_EVENT_ID: lowestId(
        events,
        events.id,
        eq(events.organizationId, organizations.id),
        eq(events.name, DEMO_EVENT_NAMES.shared),
        eq(events.externallyPublished, true),
      ),
      WALKING_EVENT_ID: lowestId(
        walkingEvents,
        walkingEvents.id,
        eq(walkingEvents.organizationId, organizations.id),
        eq(walkingEvents.title, DEMO_WALKING_EVENT_TITLE),
      ),
    })
    .from(organizations)
    .where(eq(organizations.identifier, DEMO_ORGANIZATION));
  const ids = Object.fromEntries(
    (['EVENT_ID', 'GUILD_ID', 'SURVEY_ID', 'SHARED_EVENT_ID', 'WALKING_EVENT_ID'] as const).map((name) => {
      const id = found?.[name];
      if (id == null) logger?.warn(`widgets demo: no ${name} in the ${DEMO_ORGANIZATION} demo data (is it seeded?); the page gets ""`);
      return [name, id == null ? '' : String(id)];
    }),
  ) as Omit<DemoPlaceholders, 'KIWI_ORIGIN'>;
  return { KIWI_ORIGIN: kiwiOrigin, ...ids };
}

/**
 * `{{NAME}}` -> value for every placeholder, HTML-escaped (the page puts them in attribute values; PUBLIC_URL is the
 * operator's text, not ours to trust); other text is left as it is.
 */
export function fillPlaceholders(html: string, values: DemoPlaceholders): string {
  return html.replace(/\{\{([A-Z_]+)\}\}/g, (all, name: string) =>
    Object.hasOwn(values, name) ? escapeHtml(values[name as keyof DemoPlaceholders]) : all,
  );
}
