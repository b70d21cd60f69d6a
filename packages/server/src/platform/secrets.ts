import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/**
 * Secrets at rest (issue 18, finding 5): second-factor secrets and the token-signing private keys
 * are stored encrypted with AES-256-GCM under a key from the environment (`SECRET_KEYS`), so a copy
 * of the database alone does not give them away. A sealed value reads
 * `enc:v1:<key id>:<base64 of iv ‖ tag ‖ ciphertext>`; the key id (the first 8 hex digits of the
 * key's SHA-256) says which key opens it, so keys can be rotated: put the new key first in
 * `SECRET_KEYS`, keep the old ones after it, run `npm run secrets:rotate` (which re-seals every
 * secret with the first key), then drop the old keys.
 */

const PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

interface SecretKey {
  id: string;
  key: Buffer;
}

/**
 * Used when `SECRET_KEYS` is unset on a server that is not exposed (the local demo, tests). It
 * is published here, so it protects nothing: an exposed server refuses to start without keys
 * (`config.ts`).
 */
export const DEVELOPMENT_SECRET_KEY = createHash('sha256')
  .update('loyalty-admin: development secret key, not a secret')
  .digest('base64');

const keyOf = (base64: string): SecretKey => {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== 32) throw new Error('a secret key must be 32 bytes, base64-encoded');
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 8), key };
};

let keys: SecretKey[] = [keyOf(DEVELOPMENT_SECRET_KEY)];

/** Sets the keys (base64, 32 bytes each): the first seals, all of them open. Called at start-up. */
export function useSecretKeys(base64Keys: readonly string[]) {
  if (!base64Keys.length) throw new Error('at least one secret key is needed');
  keys = base64Keys.map(keyOf);
}

/** Whether `base64` is a usable key (for the configuration's validation). */
export const isSecretKey = (base64: string) => Buffer.from(base64, 'base64').length === 32;

export const isSealed = (value: string) => value.startsWith(PREFIX);

/** Seals a secret with the current (first) key. */
export function seal(plain: string): string {
  const current = keys[0] as SecretKey;
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', current.key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${current.id}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

/**
 * Opens a sealed secret with the key that sealed it. A value stored before sealing existed is
 * answered as it is (the rotation command seals it); one sealed by an unknown key, or altered,
 * throws.
 */
export function unseal(stored: string): string {
  if (!isSealed(stored)) return stored;
  const [id, data] = stored.slice(PREFIX.length).split(':');
  const key = keys.find((k) => k.id === id);
  if (!key || !data) throw new Error(`secret sealed with an unknown key (${id}): is SECRET_KEYS complete?`);
  const raw = Buffer.from(data, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key.key, raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
    'utf8',
  );
}

/** The id of the key that seals now (for tests and the rotation command's report). */
export const currentSecretKeyId = () => (keys[0] as SecretKey).id;

/** A key of its own for each use (HKDF): the sealing key never doubles as a MAC key. */
const macKeyOf = (key: SecretKey, purpose: string) =>
  Buffer.from(hkdfSync('sha256', key.key, Buffer.alloc(0), `loyalty-admin ${purpose}`, 32));

/** An HMAC-SHA256 of `data` for `purpose` under the current key, with the key's id. */
export function macWithCurrentKey(purpose: string, data: string): { keyId: string; mac: string } {
  const current = keys[0] as SecretKey;
  return {
    keyId: current.id,
    mac: createHmac('sha256', macKeyOf(current, purpose)).update(data).digest('hex'),
  };
}

/** Whether `mac` is `data`'s HMAC for `purpose` under the key `keyId` (false for an unknown key). */
export function macMatches(purpose: string, data: string, keyId: string, mac: string): boolean {
  const key = keys.find((k) => k.id === keyId);
  if (!key) return false;
  const expected = createHmac('sha256', macKeyOf(key, purpose)).update(data).digest();
  const given = Buffer.from(mac, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
