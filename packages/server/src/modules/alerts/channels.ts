import type { AlertChannel } from '@loyalty/contracts';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Executor } from '../../db/client.ts';
import { alertSettings } from '../../db/schema/index.ts';
import { OutboundRefused, OutboundTimeout, postOutbound, resolveOutbound } from '../../platform/outbound.ts';

export type SettingsRow = typeof alertSettings.$inferSelect;

/** The channel settings, secrets included (server-side only; the API never answers them). */
export async function loadSettings(db: Executor): Promise<SettingsRow> {
  const [row] = await db.select().from(alertSettings).where(eq(alertSettings.id, 1));
  if (row) return row;
  const [created] = await db.insert(alertSettings).values({ id: 1 }).onConflictDoNothing().returning();
  return created ?? (await loadSettings(db));
}

export interface Outgoing {
  to: string;
  subject: string;
  body: string;
  /** The delivery's idempotency key: the same key every time the delivery is attempted. */
  key: string;
}

/** A JSON string's content (no quotes), for the SMS body template. */
const jsonText = (s: string) => JSON.stringify(s).slice(1, -1);

/**
 * Why a send failed, in words that carry no text of the destination's own: a relay's or gateway's
 * answer is never shown (staff could otherwise read an internal service through a test send).
 */
function failure(err: unknown, what: string): Error {
  if (err instanceof OutboundRefused) return new Error(`${what} refused: ${err.message}`);
  const e = err as { code?: string; responseCode?: number };
  const code = [e.code, e.responseCode].filter(Boolean).join(' ');
  return new Error(`${what} failed${code ? ` (${code})` : ''}`);
}

/**
 * E-mail through the alerts' own SMTP settings (AlertConfigurations), not the system mailer:
 * the bank may send customer alerts through another relay than staff mail. The relay's name is
 * resolved and checked once (platform/outbound.ts) and the connection made to that address, with
 * the name kept for TLS; STARTTLS is used when offered, and required when the settings say so.
 * The key is the Message-ID, which lets the relay and the customer's mail system drop a duplicate.
 */
export async function sendEmail(s: SettingsRow, mail: Outgoing): Promise<string> {
  if (!s.smtpHost) throw new Error('No SMTP host is configured');
  let transport: ReturnType<typeof nodemailer.createTransport> | undefined;
  try {
    const { address } = await resolveOutbound(s.smtpHost);
    transport = nodemailer.createTransport({
      host: address,
      port: s.smtpPort,
      secure: s.smtpTls,
      requireTLS: s.smtpRequireTls,
      tls: { servername: s.smtpHost },
      ...(s.smtpUser ? { auth: { user: s.smtpUser, pass: s.smtpPassword } } : {}),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    const info = await transport.sendMail({
      from: s.smtpFrom || undefined,
      to: mail.to,
      subject: mail.subject,
      text: mail.body,
      messageId: `<${mail.key}@alerts.loyalty>`,
      headers: { 'X-Idempotency-Key': mail.key },
    });
    return `accepted by ${s.smtpHost} (${String(info.response ?? '').slice(0, 3)})`;
  } catch (err) {
    throw failure(err, `SMTP relay ${s.smtpHost}`);
  } finally {
    transport?.close();
  }
}

/**
 * SMS by HTTP POST to the configured gateway: the body template with {{to}} and {{text}} filled
 * (JSON-escaped), the authentication header, and `Idempotency-Key` so a gateway drops a repeat.
 * Anything but a 2xx answer, or no answer within the timeout, is a failure, named by its status.
 */
export async function sendSms(s: SettingsRow, sms: Outgoing): Promise<string> {
  if (!s.smsUrl) throw new Error('No SMS gateway URL is configured');
  const body = s.smsBodyTemplate
    .replaceAll('{{to}}', jsonText(sms.to))
    .replaceAll('{{text}}', jsonText(sms.body));
  const secret = s.smsAuthValue;
  let status: number;
  try {
    status = await postOutbound(s.smsUrl, {
      headers: {
        'content-type': 'application/json',
        'idempotency-key': sms.key,
        ...(s.smsAuthHeader && secret ? { [s.smsAuthHeader]: secret } : {}),
      },
      body,
      timeoutMs: s.smsTimeoutMs,
    });
  } catch (err) {
    if (err instanceof OutboundTimeout)
      throw new Error(`SMS gateway did not answer within ${s.smsTimeoutMs} ms`);
    throw failure(err, 'SMS gateway');
  }
  if (status < 200 || status > 299) throw new Error(`SMS gateway answered ${status}`);
  return `gateway answered ${status}`;
}

/** Sends over an external channel (in-app deliveries are written, not sent). */
export function send(channel: Exclude<AlertChannel, 'IN_APP'>, s: SettingsRow, out: Outgoing) {
  return channel === 'EMAIL' ? sendEmail(s, out) : sendSms(s, out);
}
