// The widgets demo page's second origin (WIDGETS_DEMO_PORT) over a fixture page: placeholders filled from the demo
// data, and every id fits what the demo page lets member@acme.example do, called from the demo page's own origin.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationMembers, organizations } from '../db/schema/organizations';
import { users } from '../db/schema/users';
import { DEMO_PASSWORD } from '../db/seed';
import { seedDemo } from '../demo-seed';
import { demoEmbedOrigin } from '../modules/embed-origins/seed';
import { signInWithPassword } from '../test/factories';
import { startTestServer, type TestServer } from '../test/server';
import { DEMO_WIDGET_ACCOUNT, fillPlaceholders } from './demo-placeholders';
import { startWidgetsDemo, type WidgetsDemo } from './demo-server';

const PAGE = `<!doctype html>
<script type="module" src="{{KIWI_ORIGIN}}/widgets/kiwi.js"></script>
<kiwi-events organization="acme" event-id="{{EVENT_ID}}" api-base="{{KIWI_ORIGIN}}"></kiwi-events>
<kiwi-events organization="acme" event-id="{{SHARED_EVENT_ID}}"></kiwi-events>
<kiwi-guild-chat organization="acme" guild-id="{{GUILD_ID}}"></kiwi-guild-chat>
<kiwi-survey organization="acme" survey-id="{{SURVEY_ID}}"></kiwi-survey>
<kiwi-walking-event organization="acme" walking-event-id="{{WALKING_EVENT_ID}}"></kiwi-walking-event>
<p>{{NOT_A_PLACEHOLDER}} {{ KIWI_ORIGIN }}</p>`;

const attribute = (html: string, element: string, name: string, index = 0) =>
  [...html.matchAll(new RegExp(`<${element}[^>]* ${name}="([^"]*)"`, 'g'))][index]?.[1];

describe('widgets demo server', () => {
  let server: TestServer;
  let demo: WidgetsDemo;
  let dir: string;
  const warnings: string[] = [];
  const logger = pino(
    { level: 'warn' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        warnings.push(JSON.parse(chunk.toString()).msg);
        done();
      },
    }),
  );

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kiwi-demo-'));
    writeFileSync(join(dir, 'intranet.html'), PAGE);
    writeFileSync(join(dir, 'intranet.css'), 'body { margin: 0 }');
    server = await startTestServer();
    demo = await startWidgetsDemo({ port: 0, host: '127.0.0.1', db: server.db, kiwiOrigin: server.url, logger, demoDir: dir });
  });
  afterAll(async () => {
    await demo.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const page = async (path = '/') => {
    const response = await fetch(`http://127.0.0.1:${demo.port}${path}`);
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      cache: response.headers.get('cache-control'),
      html: await response.text(),
    };
  };

  it('fills missing demo data with "" and says so in the log', async () => {
    const { status, html } = await page();
    expect(status).toBe(200);
    expect(attribute(html, 'kiwi-events', 'event-id')).toBe('');
    expect(attribute(html, 'kiwi-guild-chat', 'guild-id')).toBe('');
    expect(html).toContain(`src="${server.url}/widgets/kiwi.js"`);
    for (const name of ['EVENT_ID', 'GUILD_ID', 'SURVEY_ID', 'SHARED_EVENT_ID', 'WALKING_EVENT_ID'])
      expect(warnings.join('\n')).toContain(name);
  });

  it('serves the page at / and /intranet.html with ids that fit the demo member, who can use them from the demo origin', async () => {
    await seedDemo({ db: server.db, identity: server.identity, widgetsDemoOrigin: demoEmbedOrigin(demo.port) });
    const root = await page('/');
    const named = await page('/intranet.html');
    expect(root.status).toBe(200);
    expect(root.type).toMatch(/^text\/html/);
    expect(root.cache).toBe('no-cache');
    expect(named.html).toBe(root.html);
    const { html } = root;
    expect(html).not.toMatch(/\{\{(KIWI_ORIGIN|EVENT_ID|GUILD_ID|SURVEY_ID|SHARED_EVENT_ID|WALKING_EVENT_ID)\}\}/);
    expect(html).toContain('{{NOT_A_PLACEHOLDER}} {{ KIWI_ORIGIN }}');
    expect(attribute(html, 'kiwi-events', 'api-base')).toBe(server.url);
    const eventId = attribute(html, 'kiwi-events', 'event-id', 0);
    const sharedEventId = attribute(html, 'kiwi-events', 'event-id', 1);
    const guildId = attribute(html, 'kiwi-guild-chat', 'guild-id');
    const surveyId = attribute(html, 'kiwi-survey', 'survey-id');
    const walkingEventId = attribute(html, 'kiwi-walking-event', 'walking-event-id');
    for (const id of [eventId, sharedEventId, guildId, surveyId, walkingEventId]) expect(id).toMatch(/^[1-9]\d*$/);

    // Called as the widgets on the demo page call: from its origin, with the demo member's token.
    const origin = `http://localhost:${demo.port}`;
    const token = await signInWithPassword(server.config.firebase.emulatorHost ?? '', DEMO_WIDGET_ACCOUNT, DEMO_PASSWORD);
    const api = async (path: string, options: { method?: string; json?: unknown; signedIn?: boolean } = {}) => {
      const response = await server.request(path, {
        method: options.method,
        json: options.json,
        token: options.signedIn === false ? undefined : token,
        headers: { origin },
      });
      expect(response.headers.get('access-control-allow-origin'), path).toBe(origin);
      return response;
    };
    const [acme] = await server.db.db.select().from(organizations).where(eq(organizations.identifier, 'acme'));
    const [membership] = await server.db.db
      .select({ id: organizationMembers.id })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(and(eq(users.email, DEMO_WIDGET_ACCOUNT), eq(organizationMembers.organizationId, acme!.id)));

    const event = await api(`/api/organizations/${acme!.id}/events/${eventId}`);
    expect(event.status).toBe(200);
    expect(event.body.data.attributes['my-status']).toBeNull();
    expect(new Date(event.body.data.attributes['started-at']).getTime()).toBeGreaterThan(Date.now());
    const joined = await api(`/api/organizations/${acme!.id}/events/${eventId}/members/join`, {
      method: 'POST',
      json: { event_member: { organization_member_id: membership!.id } },
    });
    expect(joined.status).toBe(201);

    const guild = await api(`/api/organizations/${acme!.id}/guilds/${guildId}`);
    expect(guild.body.data.attributes['my-status']).toBe('joined');
    const message = await api(`/api/guilds/${guildId}/messages`, {
      method: 'POST',
      json: { guild_message: { body: 'from the intranet' } },
    });
    expect(message.status).toBe(201);

    const survey = await api(`/api/well_being_surveys/${surveyId}`);
    expect(survey.status).toBe(200);
    expect(survey.body.data.attributes).toMatchObject({ open: true, 'answered-by-me': false });

    // The running demo walking event, with the member in one of its teams.
    const walking = await api(`/api/organizations/${acme!.id}/walking_events/${walkingEventId}`);
    expect(walking.body.data.attributes.status).toBe('running');
    const teams = await api(`/api/walking_events/${walkingEventId}/team_summary`);
    expect(teams.body.data.filter((row: { attributes: { mine: boolean } }) => row.attributes.mine)).toHaveLength(1);

    const shared = await api(`/api/shared_events/${sharedEventId}`, { signedIn: false });
    expect(shared.status).toBe(200);
    expect(new Date(shared.body.data.attributes['started-at']).getTime()).toBeGreaterThan(Date.now());

    // The ids stay the same once the member has joined (looked up by the seeds' names).
    expect(attribute((await page()).html, 'kiwi-events', 'event-id', 0)).toBe(eventId);
  });

  it("serves the demo folder's other files and 404 for the rest", async () => {
    const css = await page('/intranet.css');
    expect(css.status).toBe(200);
    expect(css.type).toMatch(/^text\/css/);
    expect((await page('/missing.js')).status).toBe(404);
    expect((await page('/..%2fpackage.json')).status).toBe(404);
  });

  it('says so when intranet.html is missing', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'kiwi-demo-empty-'));
    const other = await startWidgetsDemo({ port: 0, host: '127.0.0.1', db: server.db, kiwiOrigin: server.url, logger, demoDir: empty });
    try {
      const response = await fetch(`http://127.0.0.1:${other.port}/`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('intranet.html is missing');
    } finally {
      await other.close();
      rmSync(empty, { recursive: true, force: true });
    }
    await expect(fetch(`http://127.0.0.1:${other.port}/`)).rejects.toThrow();
  });

  it('refuses to start on a port already taken (main.ts then only warns), leaving the other server as it was', async () => {
    const taken = new URL(server.url).port;
    await expect(
      startWidgetsDemo({ port: Number(taken), host: '127.0.0.1', db: server.db, kiwiOrigin: server.url, logger, demoDir: dir }),
    ).rejects.toMatchObject({ code: 'EADDRINUSE' });
    expect((await server.request('/api/health')).status).toBe(200);
  });

  it('replaces only the known placeholders', () => {
    const values = {
      KIWI_ORIGIN: 'http://localhost:8080',
      EVENT_ID: '1',
      GUILD_ID: '2',
      SURVEY_ID: '3',
      SHARED_EVENT_ID: '',
      WALKING_EVENT_ID: '5',
    };
    expect(fillPlaceholders('{{KIWI_ORIGIN}}/{{EVENT_ID}}/{{SHARED_EVENT_ID}}/{{constructor}}/{{OTHER}}', values)).toBe(
      'http://localhost:8080/1//{{constructor}}/{{OTHER}}',
    );
  });

  it('HTML-escapes what it puts in, so a PUBLIC_URL cannot end the attribute and add markup', () => {
    const values = {
      KIWI_ORIGIN: `https://kiwi.example/"><script>alert('x')</script>&`,
      EVENT_ID: '1',
      GUILD_ID: '2',
      SURVEY_ID: '3',
      SHARED_EVENT_ID: '4',
      WALKING_EVENT_ID: '5',
    };
    const html = fillPlaceholders('<script type="module" src="{{KIWI_ORIGIN}}/widgets/kiwi.js"></script>', values);
    expect(html).toBe(
      '<script type="module" src="https://kiwi.example/&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;/widgets/kiwi.js"></script>',
    );
    expect(html.match(/<script/g)).toHaveLength(1);
  });
});
