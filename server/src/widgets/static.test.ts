// /widgets/ from a temporary WIDGETS_DIST, on the real app: cache headers, cross-origin headers, types, and 404s.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testConfig, type TestServer } from '../test/server';

describe('/widgets/', () => {
  let server: TestServer;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'kiwi-widgets-'));
    const dist = join(root, 'widgets');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'kiwi.js'), 'import("./assets/events-abc123.js")');
    writeFileSync(join(dist, 'assets', 'events-abc123.js'), 'export const events = 1;');
    writeFileSync(join(dist, 'assets', 'kiwi-abc123.css'), ':host{color:red}');
    writeFileSync(join(dist, 'index.html'), '<p>not served</p>');
    writeFileSync(join(dist, 'stats.json'), '{}');
    // The portal is built too: its SPA fallback must not answer for /widgets/.
    const portal = join(root, 'portal');
    mkdirSync(portal);
    writeFileSync(join(portal, 'index.html'), '<!doctype html><div id="root"></div>');
    server = await startTestServer({ config: testConfig({ WIDGETS_DIST: dist, PORTAL_DIST: portal }) });
  });
  afterAll(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves the loader kiwi.js as JavaScript, always revalidated, to any origin', async () => {
    const response = await server.request('/widgets/kiwi.js', { headers: { origin: 'https://any-intranet.example' } });
    expect(response.status).toBe(200);
    expect(response.body).toBe('import("./assets/events-abc123.js")');
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('etag')).toBeTruthy();
  });

  it('serves hashed assets for a year, immutable, to any origin', async () => {
    for (const [path, type] of [
      ['/widgets/assets/events-abc123.js', /^text\/javascript/],
      ['/widgets/assets/kiwi-abc123.css', /^text\/css/],
    ] as const) {
      const response = await server.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(type);
      expect(response.headers.get('cache-control'), path).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(response.headers.get('cross-origin-resource-policy'), path).toBe('cross-origin');
    }
  });

  it('answers HEAD like GET without a body', async () => {
    const response = await fetch(`${server.url}/widgets/kiwi.js`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers 404 (not the portal, not cached) for anything else under /widgets/', async () => {
    for (const path of [
      '/widgets/assets/missing-000000.js',
      '/widgets/index.html',
      '/widgets/stats.json',
      '/widgets/',
      '/widgets',
      '/widgets/assets/',
      '/widgets/assets',
      '/widgets/assets/..%2f..%2fkiwi.js',
      '/widgets/%E0%A4%A',
    ]) {
      const response = await server.request(path, { headers: { accept: 'text/html' } });
      expect([400, 404], `${path} -> ${response.status}`).toContain(response.status);
      expect(String(response.body), path).not.toContain('id="root"');
      if (response.status === 404) expect(response.headers.get('cache-control'), path).toBe('no-store');
    }
    const post = await server.request('/widgets/kiwi.js', { method: 'POST' });
    expect(post.status).toBe(404);
  });

  it('says how to build the widgets when the folder is missing', async () => {
    const unbuilt = await startTestServer({ config: testConfig({ WIDGETS_DIST: join(root, 'nowhere') }) });
    try {
      const response = await unbuilt.request('/widgets/kiwi.js');
      expect(response.status).toBe(404);
      expect(response.body).toContain('npm run build');
    } finally {
      await unbuilt.close();
    }
  });
});
