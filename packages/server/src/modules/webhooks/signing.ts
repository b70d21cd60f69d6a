import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** The message id (`webhook-id`) of an event: the same on every retry and replay. */
export const messageId = (eventId: number) => `evt_${eventId}`;

/**
 * The Standard Webhooks headers of one message. During a rotation's overlap it is signed with both
 * secrets (space-separated signatures), so a receiver holding either one verifies it.
 */
export function signedHeaders(id: string, at: Date, body: string, secrets: string[]): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'loyalty-admin-webhooks/1',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((s) => new Webhook(s).sign(id, at, body)).join(' '),
  };
}
