import { hash, verify } from '@node-rs/argon2';

/** argon2id (algorithm 2 in @node-rs/argon2) at OWASP's recommended cost: 19 MiB, 2 passes. */
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, options);

/** A real hash to verify against when the username is unknown, so timing does not tell. */
let decoy: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    decoy ??= hashPassword('decoy-password-for-unknown-users');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
