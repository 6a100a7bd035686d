import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testConfig, type TestServer } from './test/server';

describe('app shell', () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'kiwi-portal-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Kiwi</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log("kiwi")');
    server = await startTestServer({ config: testConfig({ PORTAL_DIST: dist }) });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the built portal with an SPA fallback for its routes', async () => {
    for (const path of ['/', '/login?previousPath=%2Forg%2Facme', '/org/acme/members', '/_admin']) {
      const response = await server.request(path, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
    const asset = await server.request('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('keeps unknown /api paths JSON:API, even for a browser', async () => {
    const response = await server.request('/api/no_such_route', { headers: { accept: 'text/html' } });
    expect(response.status).toBe(404);
    expect(response.body.errors[0].code).toBe('route.notFound');
  });

  it('sends security headers with a CSP that allows the auth emulator and Google identity hosts', async () => {
    for (const path of ['/', '/api/health']) {
      const response = await server.request(path, { headers: { accept: 'text/html' } });
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toMatch(new RegExp(`connect-src 'self' http://${server.config.firebase.emulatorHost}`));
      expect(csp).toContain('https://identitytoolkit.googleapis.com');
      expect(csp).toContain('https://securetoken.googleapis.com');
      expect(csp).toContain('https://fcmregistrations.googleapis.com');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-powered-by')).toBeNull();
    }
  });
});
