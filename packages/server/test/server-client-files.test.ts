import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { memoryStore } from '../src/store/index.js';
import { cleanupsAfterEach } from './support/cleanups.js';
import { SECRET, tempDir } from './support/harness.js';

const cleanups = cleanupsAfterEach();

/** A server over a built client laid out as vite-plugin-pwa writes it. */
async function serveClient() {
  const tmp = tempDir();
  cleanups.push(tmp.remove);
  writeFileSync(join(tmp.dir, 'index.html'), '<!doctype html><title>Zar</title>');
  writeFileSync(join(tmp.dir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  writeFileSync(join(tmp.dir, 'sw-notices.js'), 'self.addEventListener("notificationclick", () => {})');
  writeFileSync(join(tmp.dir, 'manifest.webmanifest'), '{"name":"Zar"}');
  mkdirSync(join(tmp.dir, 'assets'));
  writeFileSync(join(tmp.dir, 'assets', 'index-1WL_PJWc.js'), 'console.log(1)');
  const app = await buildApp({ store: memoryStore(), cookieSecret: SECRET, botDelayMs: 0, staticDir: tmp.dir });
  cleanups.push(() => app.close());
  return app;
}

describe("the installable app's files", () => {
  it('the service worker and the manifest are revalidated on every fetch, the manifest with its own type', async () => {
    const app = await serveClient();
    const sw = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    const manifest = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['content-type']).toBe('application/manifest+json');
    expect(manifest.json()).toEqual({ name: 'Zar' });
    // The script the worker imports: an old one kept would keep the old notice clicks.
    const notices = await app.inject({ method: 'GET', url: '/sw-notices.js' });
    expect(notices.statusCode).toBe(200);
    expect(notices.headers['cache-control']).toBe('no-cache');
    expect(notices.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    // The security headers are still there.
    expect(sw.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('hashed assets are kept a year; the page itself, by any path, is revalidated as before', async () => {
    const app = await serveClient();
    const chunk = await app.inject({ method: 'GET', url: '/assets/index-1WL_PJWc.js' });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/play/abc', '/assets/gone-0000.js']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<title>Zar</title>');
      expect(page.headers['cache-control'], url).toBe('public, max-age=0');
    }
  });
});
