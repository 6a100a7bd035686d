import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { embedOrigins } from '../../db/schema/embed-origins';
import type { OrganizationRow } from '../../db/schema/organizations';
import { type BuiltUser, buildOrganization, buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { buildEvent, buildGuest } from '../events/test-support';

// A real 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);

type Part = { name?: string; bytes: Buffer; filename?: string; type?: string };

function form(parts: Part[]): FormData {
  const data = new FormData();
  for (const { name = 'image', bytes, filename = 'picture.png', type = 'image/png' } of parts) {
    data.append(name, new Blob([new Uint8Array(bytes)], { type }), filename);
  }
  return data;
}

describe('images', () => {
  let server: TestServer;
  let acme: OrganizationRow;
  let member: BuiltUser;
  beforeAll(async () => {
    server = await startTestServer();
    acme = await buildOrganization(server);
    member = await buildUser(server, { organization: acme });
  });
  afterAll(() => server.close());

  const upload = (body: FormData, token?: string) =>
    fetch(`${server.url}/api/images`, { method: 'POST', body, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('stores a PNG for a signed-in member and serves the same bytes with immutable cache headers, no auth needed', async () => {
    const response = await upload(form([{ bytes: PNG }]), member.token);
    expect(response.status).toBe(201);
    const body = (await response.json()) as any;
    expect(body.data).toMatchObject({ type: 'images', attributes: { 'content-type': 'image/png', 'byte-size': PNG.byteLength } });
    const url: string = body.data.attributes.url;
    expect(url).toMatch(/^\/api\/images\/[A-Za-z0-9_-]{32}$/);

    const served = await fetch(`${server.url}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it.each([
    ['jpeg', JPEG, 'image/jpeg'],
    ['gif', GIF, 'image/gif'],
    ['webp', WEBP, 'image/webp'],
  ])('recognises %s by its magic bytes, whatever the declared type', async (_name, bytes, contentType) => {
    const response = await upload(form([{ bytes, type: 'application/octet-stream', filename: 'x.bin' }]), member.token);
    expect(response.status).toBe(201);
    expect(((await response.json()) as any).data.attributes['content-type']).toBe(contentType);
  });

  it('serves the type it detected with nosniff, never the declared type of the upload', async () => {
    const polyglot = Buffer.concat([PNG, Buffer.from('<html><script>alert(1)</script></html>')]);
    const response = await upload(form([{ bytes: polyglot, type: 'text/html', filename: 'page.html' }]), member.token);
    expect(response.status).toBe(201);
    const served = await fetch(`${server.url}${((await response.json()) as any).data.attributes.url}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toBe('inline');
  });

  it('refuses an SVG carrying a script, whatever its name and declared type', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const response = await upload(form([{ bytes: svg, type: 'image/svg+xml', filename: 'x.svg' }]), member.token);
    expect(response.status).toBe(422);
    expect(((await response.json()) as any).errors[0].code).toBe('validation.imageOnly');
  });

  it('refuses a file that is not an image even when it claims to be one (validation.imageOnly)', async () => {
    const response = await upload(
      form([{ bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), filename: 'x.png' }]),
      member.token,
    );
    expect(response.status).toBe(422);
    const body = (await response.json()) as any;
    expect(body.errors[0]).toMatchObject({ code: 'validation.imageOnly', source: { pointer: '/image' } });
  });

  it('refuses two images (validation.oneImage) and none (validation.required)', async () => {
    const two = await upload(form([{ bytes: PNG }, { bytes: PNG }]), member.token);
    expect(two.status).toBe(422);
    expect(((await two.json()) as any).errors[0].code).toBe('validation.oneImage');

    const none = await upload(new FormData(), member.token);
    expect(none.status).toBe(422);
    expect(((await none.json()) as any).errors[0].code).toBe('validation.required');
  });

  it('refuses a 20 MB image with validation.imageTooLarge, translated', async () => {
    const big = Buffer.alloc(20 * 1024 * 1024);
    PNG.copy(big);
    const response = await fetch(`${server.url}/api/images`, {
      method: 'POST',
      body: form([{ bytes: big }]),
      headers: { authorization: `Bearer ${member.token}`, 'accept-language': 'en' },
    });
    expect(response.status).toBe(422);
    const body = (await response.json()) as any;
    expect(body.errors[0]).toMatchObject({ code: 'validation.imageTooLarge', detail: 'The image is too large' });
  });

  it('refuses anonymous uploads', async () => {
    const response = await upload(form([{ bytes: PNG }]));
    expect(response.status).toBe(401);
  });

  it("takes a shared event guest's bearer while the event is published, and refuses it once unpublished", async () => {
    const event = await buildEvent(server, acme, member, { externallyPublished: true });
    const { token } = await buildGuest(server, event.id);
    const published = await upload(form([{ bytes: PNG }]), token);
    expect(published.status).toBe(201);

    const hidden = await buildEvent(server, acme, member, { externallyPublished: false });
    const other = await buildGuest(server, hidden.id);
    const refused = await upload(form([{ bytes: PNG }]), other.token);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as any).errors[0].code).toBe('auth.invalidToken');
  });

  it('answers 404 for an unknown or malformed key, which no cache keeps', async () => {
    for (const key of ['AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'nope']) {
      const response = await fetch(`${server.url}/api/images/${key}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('varies for caches by access kind: public bytes for everyone, CORS per origin, the upload answer never cached', async () => {
    const uploaded = await upload(form([{ bytes: PNG }]), member.token);
    expect(uploaded.headers.get('cache-control')).toBe('no-store');
    const { url } = ((await uploaded.json()) as any).data.attributes;
    const varies = (response: Response) => (response.headers.get('vary') ?? '').split(/,\s*/).map((name) => name.toLowerCase());

    // An <img> (no Origin): cacheable by any cache for a year, keyed by Origin, never by the encoding or the caller.
    const plain = await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${member.token}` } });
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(varies(plain)).toContain('origin');
    expect(varies(plain)).not.toContain('accept-encoding');
    expect(varies(plain)).not.toContain('authorization');
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
    expect(plain.headers.get('cross-origin-resource-policy')).toBe('cross-origin');

    // A registered embed origin's fetch (the image viewer's download): the same bytes with that origin's CORS header.
    const origin = 'https://images-vary.example';
    await server.db.db.insert(embedOrigins).values({ organizationId: acme.id, origin });
    const cors = await fetch(`${server.url}${url}`, { headers: { origin, 'accept-encoding': 'gzip, br' } });
    expect(cors.status).toBe(200);
    expect(cors.headers.get('access-control-allow-origin')).toBe(origin);
    expect(cors.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(varies(cors)).toContain('origin');
    expect(cors.headers.get('content-encoding')).toBeNull();
    await server.db.db.delete(embedOrigins).where(eq(embedOrigins.origin, origin));
  });
});
