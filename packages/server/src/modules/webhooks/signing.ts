import { createHmac, randomBytes } from 'node:crypto';

/** A new signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** The message id (`webhook-id`) of an event: the same on every retry and replay. */
export const messageId = (eventId: number) => `evt_${eventId}`;

/** The key bytes of a `whsec_…` secret (base64 after the prefix), as the specification reads them. */
export const signingKey = (secret: string) =>
  Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');

/**
 * The Standard Webhooks headers of one message: `v1,` and the base64 HMAC-SHA256 of
 * `id.timestamp.body` under each key (node:crypto; the same bytes the `standardwebhooks`
 * package signs, which the tests' receiver verifies with). During a rotation's overlap it is
 * signed with both keys (space-separated signatures), so a receiver holding either verifies it.
 */
export function signedHeaders(id: string, at: Date, body: string, keys: Buffer[]): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  return {
    'content-type': 'application/json',
    'user-agent': 'loyalty-admin-webhooks/1',
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    'webhook-signature': keys
      .map((key) => `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`)
      .join(' '),
  };
}
