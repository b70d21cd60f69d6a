import { and, desc, isNull, lt, ne, sql } from 'drizzle-orm';
import {
  type CryptoKey,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JSONWebKeySet,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose';
import type { Executor } from '../../db/client.ts';
import { signingKeys } from '../../db/schema/index.ts';
import { onChange, publishChange } from '../changes.ts';

export const ALG = 'ES256';

/** A new signing key is made when the newest is this old… */
export const KEY_ROTATION_DAYS = 30;
/** …and an older one stops verifying this long after its successor appeared (tokens live far less). */
export const KEY_OVERLAP_HOURS = 24;
/** Every instance re-reads the keys this often, and at once when a token names a key it lacks. */
const RELOAD_MS = 60_000;
const MISS_RELOAD_MS = 5_000;

interface Loaded {
  kid: string;
  privateKey: CryptoKey;
  jwks: JSONWebKeySet;
  publicKeys: Map<string, CryptoKey>;
}

/** Makes a new ES256 key pair; its private half is sealed at rest (`sealedJson`, platform/secrets.ts). */
export async function addSigningKey(db: Executor) {
  const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
  const kid = crypto.randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' };
  await db
    .insert(signingKeys)
    .values({ kid, alg: ALG, privateJwk: await exportJWK(privateKey), publicJwk })
    .onConflictDoNothing();
  return kid;
}

/**
 * Signing-key rotation (the `auth.signing-key-rotation` job): a new key when the newest is older
 * than KEY_ROTATION_DAYS; keys whose successor is older than KEY_OVERLAP_HOURS retire (they no
 * longer verify). Answers what it did.
 */
export async function rotateSigningKeys(db: Executor, force = false) {
  const [newest] = await db
    .select({ kid: signingKeys.kid, createdAt: signingKeys.createdAt })
    .from(signingKeys)
    .where(isNull(signingKeys.retiredAt))
    .orderBy(desc(signingKeys.createdAt))
    .limit(1);
  const due = !newest || force || newest.createdAt.getTime() < Date.now() - KEY_ROTATION_DAYS * 86_400_000;
  const added = due ? await addSigningKey(db) : undefined;
  const retired = newest
    ? await db
        .update(signingKeys)
        .set({ retiredAt: sql`now()` })
        .where(
          and(
            isNull(signingKeys.retiredAt),
            ne(signingKeys.kid, added ?? newest.kid),
            // Retire only keys whose successor has been out long enough.
            lt(
              signingKeys.createdAt,
              sql`(select max(created_at) from signing_keys
                   where retired_at is null and created_at < now() - make_interval(hours => ${KEY_OVERLAP_HOURS}))`,
            ),
          ),
        )
        .returning({ kid: signingKeys.kid })
    : [];
  if (added || retired.length > 0) await publishChange(db, 'signing-keys');
  return { added, retired: retired.map((r) => r.kid) };
}

async function load(db: Executor): Promise<Loaded> {
  let rows = await db.select().from(signingKeys).where(isNull(signingKeys.retiredAt));
  if (rows.length === 0) {
    await addSigningKey(db);
    rows = await db.select().from(signingKeys).where(isNull(signingKeys.retiredAt));
  }
  // The newest key signs; every unretired key verifies.
  rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const current = rows[0] as (typeof rows)[number];
  const publicKeys = new Map<string, CryptoKey>();
  for (const r of rows) publicKeys.set(r.kid, (await importJWK(r.publicJwk as JWK, ALG)) as CryptoKey);
  return {
    kid: current.kid,
    privateKey: (await importJWK(current.privateJwk, ALG)) as CryptoKey,
    jwks: { keys: rows.map((r) => r.publicJwk as JWK) },
    publicKeys,
  };
}

/**
 * The token keys of this instance. Keys live in the database (tokens outlive a restart and every
 * instance verifies the others'); each instance re-reads them every minute and whenever a token
 * names a key it does not know yet, and at once when a rotation on any instance publishes a change
 * (platform/changes.ts), so a retired key stops verifying everywhere as soon as it is retired.
 */
export async function createKeyStore(db: Executor) {
  let keys = await load(db);
  let lastMissReload = 0;
  const reload = async () => {
    keys = await load(db);
  };
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;

  const verifyKey: JWTVerifyGetKey = async ({ kid }) => {
    let key = kid ? keys.publicKeys.get(kid) : undefined;
    if (!key && kid && Date.now() - lastMissReload > MISS_RELOAD_MS) {
      lastMissReload = Date.now();
      await reload();
      key = keys.publicKeys.get(kid);
    }
    if (!key) throw new Error('unknown signing key');
    return key;
  };

  return {
    signing: () => ({ kid: keys.kid, privateKey: keys.privateKey }),
    jwks: () => keys.jwks,
    verifyKey,
    reload,
    start() {
      const reloadQuietly = () => void reload().catch(() => undefined);
      unsubscribe ??= onChange('signing-keys', reloadQuietly);
      timer ??= setInterval(reloadQuietly, RELOAD_MS);
      timer.unref();
    },
    stop() {
      unsubscribe?.();
      unsubscribe = undefined;
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
export type KeyStore = Awaited<ReturnType<typeof createKeyStore>>;
