import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';

let app: Awaited<ReturnType<typeof buildApp>>;
let database: Database;
const script = 'console.log("served compressed");'.repeat(100);

beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app-1234.js'), script);
  // As the build leaves them (vite-plugin-compression2): a brotli and a gzip copy beside the file.
  writeFileSync(path.join(dist, 'assets', 'app-1234.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dist, 'assets', 'app-1234.js.gz'), gzipSync(script));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: dist });
  database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
  await database.migrate();
  app = await buildApp(config, database);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('the web app', () => {
  it('is served at / and for any unknown path (the client shows the login page)', async () => {
    for (const url of ['/', '/dashboard/loyalty/tire?lang=ar', '/no/such/page']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache life', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it("sends the build's compressed copy to a browser that accepts it, the file itself otherwise", async () => {
    const get = (encoding?: string) =>
      app.inject({
        method: 'GET',
        url: '/assets/app-1234.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('does not answer unknown API paths with the page', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });
});
