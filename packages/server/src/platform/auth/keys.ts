import { isNull } from 'drizzle-orm';
import {
  type CryptoKey,
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JSONWebKeySet,
  type JWK,
} from 'jose';
import type { Executor } from '../../db/client.ts';
import { signingKeys } from '../../db/schema/index.ts';

export const ALG = 'ES256';

export interface KeyRing {
  kid: string;
  privateKey: CryptoKey;
  jwks: JSONWebKeySet;
  verifyKeys: ReturnType<typeof createLocalJWKSet>;
}

/**
 * Loads the token signing keys, creating the first on first start. Keys live in the database so
 * tokens outlive a restart and every instance verifies the others' tokens.
 */
export async function loadKeyRing(db: Executor): Promise<KeyRing> {
  let rows = await db.select().from(signingKeys).where(isNull(signingKeys.retiredAt));
  if (rows.length === 0) {
    const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
    const kid = crypto.randomUUID();
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' };
    await db
      .insert(signingKeys)
      .values({ kid, alg: ALG, privateJwk: await exportJWK(privateKey), publicJwk })
      .onConflictDoNothing();
    rows = await db.select().from(signingKeys).where(isNull(signingKeys.retiredAt));
  }
  // Newest key signs; all unretired keys verify.
  rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const current = rows[0] as (typeof rows)[number];
  const jwks: JSONWebKeySet = { keys: rows.map((r) => r.publicJwk as JWK) };
  return {
    kid: current.kid,
    privateKey: (await importJWK(current.privateJwk as JWK, ALG)) as CryptoKey,
    jwks,
    verifyKeys: createLocalJWKSet(jwks),
  };
}
