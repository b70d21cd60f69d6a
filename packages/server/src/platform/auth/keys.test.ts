import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { signingKeys, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { giveSecondFactor, TEST_TOTP_SECRET } from '../../test/secondFactor.ts';
import { DEVELOPMENT_SECRET_KEY, unseal, useSecretKeys } from '../secrets.ts';
import { createKeyStore, rotateSigningKeys } from './keys.ts';
import { resealSecrets } from './resealSecrets.ts';
import { createTokenService } from './tokens.ts';

let t: TestApp;
let as: { authorization: string };
beforeAll(async () => {
  t = await buildTestApp();
  as = await t.userWith(['tier.read']);
});
afterAll(() => useSecretKeys([DEVELOPMENT_SECRET_KEY]));

/** What the database itself holds, past the sealing column types. */
async function stored(userId: number) {
  const [row] = rowsOf<{ totp_secret: string | null }>(
    await t.app.db.execute(sql`select totp_secret from users where id = ${userId}`),
  );
  return row?.totp_secret ?? null;
}
const meId = async () =>
  (await t.inject({ method: 'GET', url: '/api/admin/auth/me', as })).json().id as number;

describe('secrets at rest', () => {
  it('keeps second-factor secrets and private signing keys sealed in the database', async () => {
    await giveSecondFactor(t, as);
    const id = await meId();
    const raw = await stored(id);
    expect(raw).toMatch(/^enc:v1:[0-9a-f]{8}:/);
    expect(raw).not.toContain(TEST_TOTP_SECRET);
    const [user] = await t.app.db.select({ s: users.totpSecret }).from(users).where(eq(users.id, id));
    expect(user?.s).toBe(TEST_TOTP_SECRET);

    const keys = rowsOf<{ private_jwk: unknown }>(
      await t.app.db.execute(sql`select private_jwk from signing_keys`),
    );
    expect(keys.length).toBeGreaterThan(0);
    for (const k of keys) {
      expect(typeof k.private_jwk).toBe('string');
      expect(k.private_jwk as string).toMatch(/^enc:v1:/);
      expect(JSON.parse(unseal(k.private_jwk as string))).toHaveProperty('d');
    }
  });

  it('rotates the sealing key: old secrets open with the old key until re-sealed with the new one', async () => {
    const id = await meId();
    const before = (await stored(id)) as string;
    // A secret stored before sealing existed reads as it is, and gets sealed too.
    await t.app.db.execute(sql`update users set totp_pending_secret = 'PLAINPENDINGSECRET' where id = ${id}`);

    const next = randomBytes(32).toString('base64');
    useSecretKeys([next, DEVELOPMENT_SECRET_KEY]);
    const [user] = await t.app.db.select().from(users).where(eq(users.id, id));
    expect(user?.totpSecret).toBe(TEST_TOTP_SECRET);
    expect(user?.totpPendingSecret).toBe('PLAINPENDINGSECRET');

    const done = await resealSecrets(t.app.db);
    expect(done.users).toBeGreaterThanOrEqual(1);
    const after = (await stored(id)) as string;
    expect(after).not.toBe(before);
    expect(after.slice(0, 16)).not.toBe(before.slice(0, 16));
    const [pending] = rowsOf<{ p: string }>(
      await t.app.db.execute(sql`select totp_pending_secret as p from users where id = ${id}`),
    );
    expect(pending?.p).toMatch(/^enc:v1:/);

    // The old key can go now.
    useSecretKeys([next]);
    const [again] = await t.app.db.select().from(users).where(eq(users.id, id));
    expect(again).toMatchObject({ totpSecret: TEST_TOTP_SECRET, totpPendingSecret: 'PLAINPENDINGSECRET' });
    expect((await t.inject({ method: 'GET', url: '/api/admin/auth/me', as })).statusCode).toBe(200);
    // Without the key that sealed them, secrets do not open.
    useSecretKeys([DEVELOPMENT_SECRET_KEY]);
    await expect(t.app.db.select().from(users).where(eq(users.id, id))).rejects.toThrow(/unknown key/);
    useSecretKeys([next]);
  });
});

describe('signing-key rotation', () => {
  it('a key made on one instance verifies on another at once; the old one retires after the overlap', async () => {
    const oldToken = as.authorization.slice(7);
    const oldKid = t.app.tokens.jwks().keys[0]?.kid;
    const { added } = await rotateSigningKeys(t.app.db, true);
    expect(added).toBeTruthy();

    // "Another instance" that loaded after the rotation signs with the new key…
    const other = createTokenService(await createKeyStore(t.app.db), t.app.config.jwt);
    const claims = await t.app.tokens.verify(oldToken);
    const newToken = await other.issue(
      { id: Number(claims.sub), username: claims.preferred_username, roleCode: 'X' },
      claims.sid,
      300,
    );
    // …and this instance, which has not reloaded yet, verifies it by fetching the new key.
    expect((await t.app.tokens.verify(newToken)).sid).toBe(claims.sid);
    expect(t.app.tokens.jwks().keys.map((k) => k.kid)).toEqual(expect.arrayContaining([added, oldKid]));
    // The old key still verifies during the overlap.
    expect((await t.app.tokens.verify(oldToken)).sid).toBe(claims.sid);

    // A day later the old key retires, and stops verifying once the keys are read again.
    await t.app.db
      .update(signingKeys)
      .set({ createdAt: sql`created_at - interval '2 days'` })
      .where(eq(signingKeys.kid, added as string));
    await t.app.db
      .update(signingKeys)
      .set({ createdAt: sql`created_at - interval '40 days'` })
      .where(sql`${signingKeys.kid} <> ${added as string}`);
    const { retired } = await rotateSigningKeys(t.app.db);
    expect(retired).toContain(oldKid);
    const fresh = createTokenService(await createKeyStore(t.app.db), t.app.config.jwt);
    await expect(fresh.verify(oldToken)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(fresh.jwks().keys.map((k) => k.kid)).toEqual([added]);
  });
});
