import sharp from 'sharp';
import { customers } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/app.ts';
import { postLedgerEntry } from '../loyalty/index.ts';

/** A small real picture, different for every `seed`. */
export const pngBytes = (seed = 0, width = 8, height = 8) =>
  sharp({
    create: { width, height, channels: 3, background: { r: seed % 256, g: (seed * 7) % 256, b: 90 } },
  })
    .png()
    .toBuffer();

/** A multipart/form-data body with one file part. */
export function multipart(
  bytes: Uint8Array,
  filename = 'picture.png',
  contentType = 'image/png',
  field = 'file',
) {
  const boundary = `----loyalty${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Uploads a picture as `as` and answers its id. */
export async function uploadImage(t: TestApp, as: { authorization: string }, seed = 0): Promise<string> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/admin/images',
    as,
    ...multipart(await pngBytes(seed)),
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().id;
}

let customerSeq = 0;
/** A customer holding `points` (credited through the ledger, as an adjustment). */
export async function customerWith(t: TestApp, points: number, status: 'ACTIVE' | 'BLOCKED' = 'ACTIVE') {
  customerSeq += 1;
  const [row] = await t.app.db
    .insert(customers)
    .values({
      customerNumber: `RW${Date.now()}${customerSeq}`,
      fullName: `Reward Tester ${customerSeq}`,
      status,
    })
    .returning({ id: customers.id });
  const id = (row as { id: number }).id;
  if (points > 0) {
    await t.app.db.transaction((tx) =>
      postLedgerEntry(tx, { customerId: id, kind: 'ADJUST', points, reference: 'adjustment', note: 'test' }),
    );
  }
  return id;
}

/** A category and a store to hang vouchers on, with an uploaded picture; answers the store and picture. */
export async function storeFixture(t: TestApp, as: { authorization: string }, name: string) {
  const imageId = await uploadImage(t, as);
  const post = (url: string, payload: object) =>
    t.inject({ method: 'POST', url: `/api/admin${url}`, payload, as });
  const category = (
    await post('/reward-categories', { name, description: `${name} rewards`, imageId })
  ).json();
  const storeId: number = (
    await post('/stores', { name: `${name} store`, imageId, categoryId: category.id })
  ).json().id;
  return { imageId, storeId };
}

/** Creates vouchers of one store (`defaults`, then each call's `extra`) and answers their ids. */
export function voucherFactory(t: TestApp, as: { authorization: string }, defaults: Record<string, unknown>) {
  let seq = 0;
  return async (extra: object = {}): Promise<number> => {
    seq += 1;
    const res = await t.inject({
      method: 'POST',
      url: '/api/admin/vouchers',
      as,
      payload: { ...defaults, name: `${String(defaults.name)} ${seq}`, ...extra },
    });
    if (res.statusCode !== 201) throw new Error(`voucher not created: ${res.statusCode} ${res.body}`);
    return res.json().id;
  };
}
