// What crosses the wire: the build's brotli and gzip copies by content negotiation (portal and widgets), JSON API
// answers above 1 kB compressed per request, and event streams never compressed (they must arrive as written).
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { readEventStream, type StreamEvent } from '@kiwi/shared/api/event-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../../scripts/vite-precompress';
import { buildEvent, buildGuest } from '../modules/events/test-support';
import { buildOrganization, buildUser } from '../test/factories';
import { startTestServer, testConfig, type TestServer } from '../test/server';
import { preferredEncoding } from './precompressed';

/** One request with exactly these headers (fetch would add its own Accept-Encoding and decode), body as received. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const decode = (encoding: string | undefined, body: Buffer) =>
  (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8');

describe('preferredEncoding', () => {
  it('prefers br, then gzip, then identity, whatever order the client lists them in', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0, gzip;q=0.1')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('deflate')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('br, gzip', new Set(['gzip']))).toBe('gzip');
    expect(preferredEncoding(`${'x, '.repeat(2000)}br`)).toBeNull();
  });
});

describe('static files', () => {
  let server: TestServer;
  let root: string;
  const script = `export const portal = ${JSON.stringify('kiwi '.repeat(2000))};\n`;
  const page = `<!doctype html><title>Kiwi</title><style>${'.a{color:red}'.repeat(200)}</style><div id="root"></div>`;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'kiwi-precompressed-'));
    const portal = join(root, 'portal');
    mkdirSync(join(portal, 'assets'), { recursive: true });
    writeFileSync(join(portal, 'index.html'), page);
    writeFileSync(join(portal, 'assets', 'index-abc123.js'), script);
    writeFileSync(join(portal, 'assets', 'small-abc123.js'), 'export {};');
    const widgets = join(root, 'widgets');
    mkdirSync(join(widgets, 'assets'), { recursive: true });
    writeFileSync(join(widgets, 'kiwi.js'), 'import "./assets/kiwi-abc123.js";');
    writeFileSync(join(widgets, 'assets', 'kiwi-abc123.js'), script);
    // The build's own step (scripts/vite-precompress.ts), on these files.
    precompressDirectory(portal);
    precompressDirectory(widgets);
    server = await startTestServer({ config: testConfig({ PORTAL_DIST: portal, WIDGETS_DIST: widgets }) });
  });
  afterAll(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('sends a built script as brotli, else gzip, else as it is, each with Vary and its type and caching', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.8', 'gzip'],
      ['identity', undefined],
      ['', undefined],
    ] as const) {
      const response = await rawGet(`${server.url}/assets/index-abc123.js`, accept ? { 'accept-encoding': accept } : {});
      expect(response.status, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      expect(response.headers.vary, accept).toMatch(/Accept-Encoding/i);
      expect(response.headers['content-type'], accept).toMatch(/^text\/javascript/);
      expect(response.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(decode(encoding, response.body), accept).toBe(script);
      if (encoding) expect(response.body.length, accept).toBeLessThan(script.length / 10);
    }
  });

  it('sends a file with no copies (too small to gain) as it is, without Vary', async () => {
    const response = await rawGet(`${server.url}/assets/small-abc123.js`, { 'accept-encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary ?? '').not.toMatch(/Accept-Encoding/i);
    expect(response.body.toString()).toBe('export {};');
  });

  it('answers HEAD for a compressed copy with its headers and no body', async () => {
    const response = await fetch(`${server.url}/assets/index-abc123.js`, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
  });

  it("sends the portal's index.html for its routes compressed, never cached", async () => {
    for (const [accept, encoding] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const response = await rawGet(`${server.url}/org/acme/members`, { accept: 'text/html', 'accept-encoding': accept });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/Accept-Encoding/i);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(decode(encoding, response.body)).toBe(page);
    }
  });

  it('sends the widgets compressed too, with their cross-origin headers', async () => {
    const response = await rawGet(`${server.url}/widgets/assets/kiwi-abc123.js`, { 'accept-encoding': 'gzip, br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/Accept-Encoding/i);
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decode('br', response.body)).toBe(script);
    const loader = await rawGet(`${server.url}/widgets/kiwi.js`, { 'accept-encoding': 'br' });
    expect(loader.headers['cache-control']).toBe('no-cache');
    expect(loader.body.toString()).toBe('import "./assets/kiwi-abc123.js";');
  });

  it('does not serve the copies outside the build, nor the portal instead of a missing copy', async () => {
    const response = await rawGet(`${server.url}/widgets/assets/..%2f..%2fportal%2findex.html`, { 'accept-encoding': 'br' });
    expect([400, 404]).toContain(response.status);
  });
});

describe('API answers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('compresses a JSON answer above 1 kB for a client that accepts it, and only then', async () => {
    const acme = await buildOrganization(server);
    const author = await buildUser(server, { organization: acme });
    for (let index = 0; index < 6; index += 1) await buildEvent(server, acme, author);
    const url = `${server.url}/api/organizations/${acme.id}/events`;
    const plain = await rawGet(url, { authorization: `Bearer ${author.token}`, 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip']) {
      const compressed = await rawGet(url, { authorization: `Bearer ${author.token}`, 'accept-encoding': encoding });
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.headers.vary).toMatch(/Accept-Encoding/i);
      expect(compressed.headers['content-type']).toMatch(/^application\/(vnd\.api\+)?json/);
      expect(JSON.parse(decode(encoding, compressed.body)).data).toHaveLength(JSON.parse(plain.body.toString()).data.length);
      expect(compressed.body.length).toBeLessThan(plain.body.length);
    }
  });

  it('sends a small JSON answer as it is', async () => {
    const response = await rawGet(`${server.url}/api/health`, { 'accept-encoding': 'br, gzip' });
    expect(response.status).toBe(200);
    expect(response.body.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('sends images as stored (already compressed), whatever the client accepts', async () => {
    const acme = await buildOrganization(server);
    const member = await buildUser(server, { organization: acme });
    // A real 1x1 PNG with 2 kB of padding: detected as a PNG, stored and served byte for byte.
    const png = Buffer.concat([
      Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
      Buffer.alloc(2048, 0x20),
    ]);
    const body = new FormData();
    body.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'picture.png');
    const uploaded = await fetch(`${server.url}/api/images`, {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(uploaded.status).toBe(201);
    const url: string = ((await uploaded.json()) as { data: { attributes: { url: string } } }).data.attributes.url;
    const served = await rawGet(`${server.url}${url}`, { 'accept-encoding': 'br, gzip' });
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-encoding']).toBeUndefined();
    expect(served.body.equals(png)).toBe(true);
  });

  it('never compresses an event stream: an event arrives while the stream is open', async () => {
    const acme = await buildOrganization(server);
    const author = await buildUser(server, { organization: acme });
    const event = await buildEvent(server, acme, author, { externallyPublished: true });
    const { token } = await buildGuest(server, event.id);
    const controller = new AbortController();
    const stream = await fetch(`${server.url}/api/shared_events/${event.id}/stream`, {
      headers: { accept: 'text/event-stream', 'accept-encoding': 'br, gzip' },
      signal: controller.signal,
    });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.headers.get('content-encoding')).toBeNull();
    const events: StreamEvent[] = [];
    const reading = readEventStream(stream.body!, (received) => {
      events.push(received);
      if (received.event === 'changed') controller.abort();
    }).catch(() => undefined);
    const posted = await server.request(`/api/shared_events/${event.id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' },
      json: { event_message: { body: 'hello' } },
    });
    expect(posted.status).toBe(201);
    // A compressing proxy would hold the event in its buffer until the stream ends: the stream would time out here.
    const timeout = setTimeout(() => controller.abort(), 10_000);
    await reading;
    clearTimeout(timeout);
    expect(events.map((received) => received.event)).toContain('changed');
  });
});
