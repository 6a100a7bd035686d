import { and, asc, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Executor } from '../db/client';
import { events } from '../db/schema/events';
import { guilds } from '../db/schema/guilds';
import { organizations } from '../db/schema/organizations';
import { wellBeingSurveys } from '../db/schema/surveys';
import { DEMO_EVENT_NAMES } from '../modules/events/seed';
import { DEMO_SURVEYS } from '../modules/surveys/seed';

/** The account the demo page's ids fit: it has not joined the event, belongs to the guild, has not answered the survey. */
export const DEMO_WIDGET_ACCOUNT = 'member@acme.example';
const DEMO_ORGANIZATION = 'acme';
/** Public, and member@acme.example has joined it (DEMO_GUILDS). */
export const DEMO_GUILD_NAME = 'ランニング部';
const DEMO_SURVEY_TITLE = DEMO_SURVEYS.find((survey) => survey.organization === DEMO_ORGANIZATION)?.title ?? '';

export type DemoPlaceholders = {
  KIWI_ORIGIN: string;
  EVENT_ID: string;
  GUILD_ID: string;
  SURVEY_ID: string;
  SHARED_EVENT_ID: string;
};

/**
 * The values of widgets/demo/intranet.html's placeholders, looked up in the demo data by the seeds' names (each time:
 * the database may be reseeded while the server runs). One that cannot be found becomes "" with a warning.
 */
export async function demoPlaceholders(db: Executor, { kiwiOrigin, logger }: { kiwiOrigin: string; logger?: Logger }): Promise<DemoPlaceholders> {
  const [acme] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.identifier, DEMO_ORGANIZATION));
  const firstId = async (query: Promise<{ id: number }[]>) => (await query)[0]?.id;
  const found = acme
    ? {
        EVENT_ID: await firstId(
          db
            .select({ id: events.id })
            .from(events)
            .where(and(eq(events.organizationId, acme.id), eq(events.name, DEMO_EVENT_NAMES.joinable), eq(events.cancel, false)))
            .orderBy(asc(events.id))
            .limit(1),
        ),
        GUILD_ID: await firstId(
          db.select({ id: guilds.id }).from(guilds).where(and(eq(guilds.organizationId, acme.id), eq(guilds.name, DEMO_GUILD_NAME))).orderBy(asc(guilds.id)).limit(1),
        ),
        SURVEY_ID: await firstId(
          db
            .select({ id: wellBeingSurveys.id })
            .from(wellBeingSurveys)
            .where(and(eq(wellBeingSurveys.organizationId, acme.id), eq(wellBeingSurveys.title, DEMO_SURVEY_TITLE)))
            .orderBy(asc(wellBeingSurveys.id))
            .limit(1),
        ),
        SHARED_EVENT_ID: await firstId(
          db
            .select({ id: events.id })
            .from(events)
            .where(and(eq(events.organizationId, acme.id), eq(events.name, DEMO_EVENT_NAMES.shared), eq(events.externallyPublished, true)))
            .orderBy(asc(events.id))
            .limit(1),
        ),
      }
    : {};
  const ids = Object.fromEntries(
    (['EVENT_ID', 'GUILD_ID', 'SURVEY_ID', 'SHARED_EVENT_ID'] as const).map((name) => {
      const id = (found as Partial<Record<typeof name, number>>)[name];
      if (id === undefined) logger?.warn(`widgets demo: no ${name} in the ${DEMO_ORGANIZATION} demo data (is it seeded?); the page gets ""`);
      return [name, id === undefined ? '' : String(id)];
    }),
  ) as Omit<DemoPlaceholders, 'KIWI_ORIGIN'>;
  return { KIWI_ORIGIN: kiwiOrigin, ...ids };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * `{{NAME}}` -> value for every placeholder, HTML-escaped (the page puts them in attribute values; PUBLIC_URL is the
 * operator's text, not ours to trust); other text is left as it is.
 */
export function fillPlaceholders(html: string, values: DemoPlaceholders): string {
  return html.replace(/\{\{([A-Z_]+)\}\}/g, (all, name: string) =>
    Object.hasOwn(values, name) ? values[name as keyof DemoPlaceholders].replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character) : all,
  );
}
