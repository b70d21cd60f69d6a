import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll } from 'vitest';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  /** The whole message as received (headers and every MIME part, e.g. attachments). */
  raw: string;
}

/** Undoes quoted-printable transfer encoding (what nodemailer uses for long lines; base64 for mostly non-Latin text). */
const decodeQuotedPrintable = (body: string) =>
  Buffer.from(
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

function parse(raw: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding');
  const text = /quoted-printable/i.test(encoding)
    ? decodeQuotedPrintable(body)
    : /base64/i.test(encoding)
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : body;
  return { to, subject: header('Subject'), text, raw };
}

/** Addresses the mailbox refuses (550), so that a delivery fails: `undeliverable…@…`. */
export const UNDELIVERABLE = /^undeliverable/i;

/**
 * A real SMTP server on a free local port for one test file (stopped after it). Point the app at
 * it with `SMTP_URL: mailbox.url`; `next(to)` waits for the next message to that address. It
 * refuses recipients matching UNDELIVERABLE.
 */
export async function startMailbox() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (UNDELIVERABLE.test(address.address)) {
        callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      } else {
        callback();
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(
          parse(
            Buffer.concat(chunks).toString('utf8'),
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const taken = new Set<number>();
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The next message to `to` not taken yet, waiting up to `timeoutMs` for it. */
    async next(to: string, timeoutMs = 5000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = received.findIndex((m, i) => !taken.has(i) && m.to.includes(to));
        if (index >= 0) {
          taken.add(index);
          return received[index] as ReceivedMail;
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
  };
}

/** The token of the link (password or e-mail confirmation) in a mail's text. */
export const linkToken = (mail: ReceivedMail) => {
  const match = /\/(?:change-password|verify-email)\?token=([A-Za-z0-9_%-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no password link in: ${mail.text}`);
  return decodeURIComponent(match[1]);
};
