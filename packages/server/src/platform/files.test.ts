import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/index.ts';
import { multipart, pngBytes } from '../modules/rewards/testing.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { detectImageType } from './files.ts';

let t: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
});

const upload = (bytes: Uint8Array, filename?: string, type?: string, as = admin) =>
  t.inject({ method: 'POST', url: '/api/admin/images', as, ...multipart(bytes, filename, type) });

const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);

describe('detectImageType', () => {
  it('reads the type from the content, not the name', async () => {
    expect(detectImageType(await pngBytes())).toBe('image/png');
    expect(
      detectImageType(
        await sharp(await pngBytes())
          .jpeg()
          .toBuffer(),
      ),
    ).toBe('image/jpeg');
    expect(
      detectImageType(
        await sharp(await pngBytes())
          .webp()
          .toBuffer(),
      ),
    ).toBe('image/webp');
    expect(detectImageType(svg)).toBeUndefined();
    expect(detectImageType(Buffer.from('GIF89a'))).toBeUndefined();
    expect(detectImageType(new Uint8Array())).toBeUndefined();
  });
});

describe('POST /api/admin/images', () => {
  it('stores a PNG and serves it inert, with its real type', async () => {
    const res = await upload(await pngBytes(1, 40, 30), 'logo.png');
    expect(res.statusCode).toBe(201);
    const image = res.json();
    expect(image).toMatchObject({ contentType: 'image/png', width: 40, height: 30 });
    expect(image.url).toBe(`/api/admin/images/${image.id}`);

    const got = await t.inject({ method: 'GET', url: image.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'content-disposition': `attachment; filename="${image.id}.png"`,
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(await sharp(got.rawPayload).metadata()).toMatchObject({ format: 'png', width: 40, height: 30 });

    const again = await t.inject({
      method: 'GET',
      url: image.url,
      headers: { 'if-none-match': String(got.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('keeps one copy of the same picture and audits the upload without its bytes', async () => {
    const bytes = await pngBytes(2);
    const first = (await upload(bytes)).json();
    const second = (await upload(bytes, 'copy.png')).json();
    expect(second.id).toBe(first.id);
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.command, 'image.upload'), eq(auditLog.targetId, first.id)));
    expect(entries).toHaveLength(2);
    expect(entries[0]?.after).toMatchObject({ id: first.id, contentType: 'image/png' });
    expect(JSON.stringify(entries[0]?.after)).not.toContain('data');
  });

  it('re-encodes JPEG and WebP, drops their metadata and scales large pictures down', async () => {
    const base = sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#246' } });
    const jpeg = await base
      .clone()
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret gps' } } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(jpeg, 'photo.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ contentType: 'image/jpeg', width: 1600, height: 1067 });
    const served = await t.inject({ method: 'GET', url: res.json().url });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes('secret gps')).toBe(false);

    const webp = await upload(await base.clone().resize(300, 200).webp().toBuffer(), 'x.webp', 'image/webp');
    expect(webp.json()).toMatchObject({ contentType: 'image/webp', width: 300, height: 200 });
  });

  it('does not keep anything appended to a picture (polyglot files)', async () => {
    const polyglot = Buffer.concat([
      await pngBytes(3),
      Buffer.from('<html><script>alert(1)</script></html>'),
    ]);
    const res = await upload(polyglot, 'evil.html', 'text/html');
    expect(res.statusCode).toBe(201);
    const served = await t.inject({ method: 'GET', url: res.json().url });
    expect(served.rawPayload.includes('<script>')).toBe(false);
  });

  it('refuses SVG, HTML and anything that is not really a PNG, JPEG or WebP, whatever its name', async () => {
    for (const [bytes, name, type] of [
      [svg, 'logo.svg', 'image/svg+xml'],
      [svg, 'logo.png', 'image/png'],
      [Buffer.from('<!doctype html><script>alert(1)</script>'), 'page.png', 'image/png'],
      [Buffer.from('GIF89a\x01\x00\x01\x00'), 'anim.gif', 'image/gif'],
      [Buffer.concat([(await pngBytes()).subarray(0, 16), Buffer.alloc(64)]), 'broken.png', 'image/png'],
    ] as const) {
      const res = await upload(bytes, name, type);
      expect(res.statusCode, name).toBe(415);
      expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('refuses a file over 2 MB', async () => {
    const big = Buffer.concat([await pngBytes(), Buffer.alloc(2 * 1024 * 1024)]);
    const res = await upload(big);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('needs a multipart body with a file', async () => {
    const json = await t.inject({ method: 'POST', url: '/api/admin/images', as: admin, payload: { a: 1 } });
    expect(json.statusCode).toBe(415);
    const wrongField = await t.inject({
      method: 'POST',
      url: '/api/admin/images',
      as: admin,
      ...multipart(await pngBytes(), 'a.png', 'image/png', 'picture'),
    });
    expect(wrongField.statusCode).toBe(400);
  });

  it('needs image.upload, and a session', async () => {
    const reader = await t.userWith(['voucher.read']);
    const denied = await upload(await pngBytes(4), 'a.png', 'image/png', reader);
    expect(denied.statusCode).toBe(403);
    const anonymous = await t.inject({
      method: 'POST',
      url: '/api/admin/images',
      ...multipart(await pngBytes(4)),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/admin/images/:id', () => {
  it('answers 404 for an unknown image and 400 for a malformed id', async () => {
    const missing = await t.inject({
      method: 'GET',
      url: '/api/admin/images/7b0a5a4e-1d7c-4c1b-9f0e-3d2f1c0b9a88',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
    expect((await t.inject({ method: 'GET', url: '/api/admin/images/../../etc/passwd' })).statusCode).toBe(
      404,
    );
    expect((await t.inject({ method: 'GET', url: '/api/admin/images/not-a-uuid' })).statusCode).toBe(400);
  });
});
