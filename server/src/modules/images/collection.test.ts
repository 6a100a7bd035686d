import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '../../db/schema/images';
import { jobs } from '../../db/schema/jobs';
import type { OrganizationRow } from '../../db/schema/organizations';
import { createJobWorker } from '../../jobs/worker';
import { type BuiltUser, buildOrganization, buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { COLLECT_IMAGES_JOB, collectUnreferencedImages, IMAGE_GRACE_MS, IMAGE_REFERENCES, imageJobHandlers } from './collection';

/** Every table of server/src/db/schema/*.ts. */
const schemaDir = join(dirname(fileURLToPath(import.meta.url)), '../../db/schema');
const SCHEMA_TABLES = (
  await Promise.all(
    readdirSync(schemaDir)
      .filter((file) => file.endsWith('.ts'))
      .map((file) => import(join(schemaDir, file)) as Promise<Record<string, unknown>>),
  )
).flatMap((module) => Object.values(module).filter((value): value is PgTable => is(value, PgTable)));

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('collecting unreferenced images (issue 22 point 5)', () => {
  let server: TestServer;
  let acme: OrganizationRow;
  let member: BuiltUser;
  beforeAll(async () => {
    server = await startTestServer();
    acme = await buildOrganization(server);
    member = await buildUser(server, { organization: acme });
  });
  afterAll(() => server.close());

  const now = new Date();
  const old = new Date(now.getTime() - IMAGE_GRACE_MS - 60_000);

  async function image(createdAt: Date): Promise<{ key: string; url: string }> {
    const key = randomBytes(24).toString('base64url');
    await server.db.db.insert(images).values({ key, contentType: 'image/png', byteSize: PNG.byteLength, data: PNG, createdAt });
    return { key, url: `/api/images/${key}` };
  }
  const exists = async (key: string) =>
    ((await server.db.db.execute(sql`select 1 from images where key = ${key}`)) as unknown as { rows: unknown[] }).rows.length > 0;
  const run = (query: ReturnType<typeof sql>) => server.db.db.execute(query);

  /** One way to refer to `url` per reference kind (some absolute, as a full public URL would be stored). */
  const referTo: Record<keyof typeof IMAGE_REFERENCES, (url: string) => Promise<unknown>> = {
    'organizations.icon': (url) => run(sql`update organizations set icon = ${`https://kiwi.example${url}`} where id = ${acme.id}`),
    'organization_members.icon': (url) => run(sql`update organization_members set icon = ${url} where id = ${member.membership!.id}`),
    'users.icon': (url) => run(sql`update users set icon = ${url} where id = ${member.user.id}`),
    'events.header_image_url': (url) =>
      run(
        sql`insert into events (organization_id, name, starts_at, ends_at, header_image_url) values (${acme.id}, 'GC', now(), now() + interval '1 hour', ${url})`,
      ),
    'event_messages.image_urls': async (url) => {
      await run(
        sql`insert into events (organization_id, name, starts_at, ends_at) values (${acme.id}, 'GC chat', now(), now() + interval '1 hour')`,
      );
      await run(sql`insert into event_messages (event_id, organization_member_id, image_urls)
                    select max(id), ${member.membership!.id}, array['/api/images/elsewhere', ${url}]::text[] from events`);
    },
    'guilds.header_image_url': (url) =>
      run(sql`insert into guilds (organization_id, name, header_image_url) values (${acme.id}, 'GC', ${url})`),
    'guild_messages.image_urls': async (url) => {
      await run(sql`insert into guilds (organization_id, name) values (${acme.id}, 'GC chat')`);
      await run(sql`insert into guild_messages (guild_id, organization_member_id, image_urls)
                    select max(id), ${member.membership!.id}, array[${url}]::text[] from guilds`);
    },
    'gifts.thumbnail_url': (url) => run(sql`insert into gifts (gift_type, name, thumbnail_url) values ('coin_exchange', 'GC', ${url})`),
    'violation_reports.evidence': async (url) => {
      await run(
        sql`insert into violation_report_subjects (organization_id, object_type, object_id) values (${acme.id}, 'GuildMessage', ${Date.now() % 1_000_000})`,
      );
      await run(sql`insert into violation_reports (organization_id, subject_id, reporter_name, reason_category, evidence)
                    select ${acme.id}, max(id), 'GC', 'other', ${JSON.stringify({ text: 'x', imageUrls: [url] })}::jsonb
                    from violation_report_subjects`);
    },
  };

  it.each(Object.keys(IMAGE_REFERENCES))('keeps an old image referenced from %s and deletes an old orphan', async (kind) => {
    const referenced = await image(old);
    const orphan = await image(old);
    const fresh = await image(new Date(now.getTime() - 60_000));
    await referTo[kind]!(referenced.url);
    await server.db.db.transaction((tx) => collectUnreferencedImages(tx, now));
    expect(await exists(referenced.key)).toBe(true);
    expect(await exists(orphan.key)).toBe(false);
    // Within the grace period an upload not attached yet stays.
    expect(await exists(fresh.key)).toBe(true);
  });

  it('knows every column of the schema that can hold an image url', () => {
    const imageLike = /icon$|image|thumbnail|evidence/;
    const columns = SCHEMA_TABLES.flatMap((table) =>
      getTableConfig(table)
        .columns.filter((column) => imageLike.test(column.name) && getTableName(table) !== 'images' && column.name !== 'icon_name')
        .map((column) => `${getTableName(table)}.${column.name}`),
    );
    expect(columns.length).toBeGreaterThan(0);
    for (const column of columns) expect(Object.keys(IMAGE_REFERENCES), column).toContain(column);
  });

  it('runs as a daily job in batches and schedules tomorrow once', async () => {
    const orphans = await Promise.all(Array.from({ length: 3 }, () => image(old)));
    expect(await server.db.db.transaction((tx) => collectUnreferencedImages(tx, now, { limit: 2 }))).toBe(2);
    await server.db.db.insert(jobs).values({ kind: COLLECT_IMAGES_JOB, runAt: now, dedupeKey: `${COLLECT_IMAGES_JOB}:test` });
    await createJobWorker({ db: server.db, handlers: imageJobHandlers, now: () => now }).runOnce();
    for (const orphan of orphans) expect(await exists(orphan.key)).toBe(false);
    const tomorrow = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
    const next = (await server.db.db.select().from(jobs)).filter(
      (job) => job.dedupeKey === `${COLLECT_IMAGES_JOB}:${tomorrow.toISOString().slice(0, 10)}`,
    );
    expect(next.map((job) => [job.status, job.runAt.getTime()])).toEqual([['pending', tomorrow.getTime()]]);
  });
});
