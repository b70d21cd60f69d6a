import type { AlertChannel } from '@loyalty/contracts';
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Executor } from '../../db/client.ts';
import { alertSettings } from '../../db/schema/index.ts';

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
 * E-mail through the alerts' own SMTP settings (AlertConfigurations), not the system mailer:
 * the bank may send customer alerts through another relay than staff mail. The key is the
 * Message-ID, which lets the relay and the customer's mail system drop a duplicate.
 */
export async function sendEmail(s: SettingsRow, mail: Outgoing): Promise<string> {
  if (!s.smtpHost) throw new Error('No SMTP host is configured');
  const transport = nodemailer.createTransport({
    host: s.smtpHost,
    port: s.smtpPort,
    secure: s.smtpTls,
    ...(s.smtpUser ? { auth: { user: s.smtpUser, pass: s.smtpPassword } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  try {
    const info = await transport.sendMail({
      from: s.smtpFrom || undefined,
      to: mail.to,
      subject: mail.subject,
      text: mail.body,
      messageId: `<${mail.key}@alerts.loyalty>`,
      headers: { 'X-Idempotency-Key': mail.key },
    });
    return `accepted by ${s.smtpHost}: ${info.response ?? ''}`.trim();
  } finally {
    transport.close();
  }
}

/**
 * SMS by HTTP POST to the configured gateway: the body template with {{to}} and {{text}} filled
 * (JSON-escaped), the authentication header, and `Idempotency-Key` so a gateway drops a repeat.
 * Anything but a 2xx answer, or no answer within the timeout, is a failure.
 */
export async function sendSms(s: SettingsRow, sms: Outgoing): Promise<string> {
  if (!s.smsUrl) throw new Error('No SMS gateway URL is configured');
  const body = s.smsBodyTemplate
    .replaceAll('{{to}}', jsonText(sms.to))
    .replaceAll('{{text}}', jsonText(sms.body));
  let res: Response;
  try {
    res = await fetch(s.smsUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': sms.key,
        ...(s.smsAuthHeader && s.smsAuthValue ? { [s.smsAuthHeader]: s.smsAuthValue } : {}),
      },
      body,
      signal: AbortSignal.timeout(s.smsTimeoutMs),
      redirect: 'error',
    });
  } catch (err) {
    const e = err as Error;
    throw new Error(
      e.name === 'TimeoutError'
        ? `SMS gateway did not answer within ${s.smsTimeoutMs} ms`
        : `SMS gateway unreachable: ${e.message}`,
    );
  }
  const text = (await res.text().catch(() => '')).slice(0, 200);
  if (!res.ok) throw new Error(`SMS gateway answered ${res.status}${text ? `: ${text}` : ''}`);
  return `gateway answered ${res.status}`;
}

/** Sends over an external channel (in-app deliveries are written, not sent). */
export function send(channel: Exclude<AlertChannel, 'IN_APP'>, s: SettingsRow, out: Outgoing) {
  return channel === 'EMAIL' ? sendEmail(s, out) : sendSms(s, out);
}
