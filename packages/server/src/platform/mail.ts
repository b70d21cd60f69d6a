import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { Db, Executor } from '../db/client.ts';
import { outboundMail, outboundMailAttachments } from '../db/schema/index.ts';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text; `{{app}}` stands for the web app's address (PUBLIC_URL), filled in when sent. */
  text: string;
  /** Files sent with it (a scheduled report), kept in the outbox with the message. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

/** Writes a link into the web app for a mail's text: `appLink('/change-password?token=…')`. */
export const appLink = (path: string) => `{{app}}${path}`;

/**
 * Queues an e-mail in the caller's transaction (outbox): it is sent only if the change that
 * caused it commits, and it survives a crash between commit and delivery.
 */
export async function enqueueMail(db: Executor, message: MailMessage) {
  await enqueueMails(db, [message]);
}

/** Queues many e-mails in one statement, in the caller's transaction (a batch of an outbound send). */
export async function enqueueMails(db: Executor, messages: MailMessage[]) {
  if (!messages.length) return;
  const ids = await db
    .insert(outboundMail)
    .values(messages.map(({ attachments: _files, ...m }) => m))
    .returning({ id: outboundMail.id });
  const files = messages.flatMap((m, i) =>
    (m.attachments ?? []).map((a) => ({ mailId: ids[i]?.id as number, ...a })),
  );
  if (files.length) await db.insert(outboundMailAttachments).values(files);
}

/**
 * A mail done with keeps no usable secret: the token of a password link (`?token=…`) is removed
 * from the stored text once the mail is sent — or once it has failed its last attempt (issue 48,
 * finding 4) — so the outbox is not a store of live links.
 */
const withoutLinkTokens = (note: 'removed after delivery' | 'removed: not delivered') =>
  sql`regexp_replace(${outboundMail.text}, '([?&]token=)[^[:space:]&]+', ${`\\1[${note}]`}, 'g')`;

const BATCH = 20;
const POLL_MS = 10_000;
/** Retry after 1, 2, 4 … minutes, at most an hour; give up after 10 attempts. */
const MAX_ATTEMPTS = 10;
const backoffMinutes = (attempts: number) => Math.min(60, 2 ** attempts);

/**
 * Delivers queued mail through SMTP (`SMTP_URL`), or — without it, as on the embedded demo —
 * writes each message to the log. `flush()` sends what is due now (routes call it right after a
 * command that queued mail); a timer retries failures. Rows are claimed with SKIP LOCKED, so
 * several instances never send the same message twice.
 */
export function createMailer(config: Config['mail'] & { publicUrl: string }, db: Db, log: FastifyBaseLogger) {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;

  async function deliver({ attachments, ...queued }: MailMessage) {
    const message = { ...queued, text: queued.text.replaceAll('{{app}}', config.publicUrl) };
    if (transport) {
      await transport.sendMail({
        from: config.from,
        ...message,
        attachments: attachments?.map((a) => ({
          filename: a.fileName,
          contentType: a.contentType,
          content: a.content,
        })),
      });
    } else {
      const files = attachments?.length
        ? { attachments: attachments.map((a) => `${a.fileName} (${a.content.length} bytes)`) }
        : {};
      log.info({ mail: { ...message, ...files } }, 'outgoing mail (SMTP_URL not set: written to the log)');
    }
  }

  /** Sends one batch of what is due; answers how many were sent and how many were claimed. */
  async function flushBatch(): Promise<{ sent: number; claimed: number }> {
    let sent = 0;
    let claimed = 0;
    try {
      await db.transaction(async (tx) => {
        const due = await tx
          .select()
          .from(outboundMail)
          .where(and(isNull(outboundMail.sentAt), lte(outboundMail.nextAttemptAt, sql`now()`)))
          .orderBy(asc(outboundMail.nextAttemptAt))
          .limit(BATCH)
          .for('update', { skipLocked: true });
        claimed = due.length;
        // One read for the batch's attachments (most mail has none).
        const files = due.length
          ? await tx
              .select()
              .from(outboundMailAttachments)
              .where(
                inArray(
                  outboundMailAttachments.mailId,
                  due.map((d) => d.id),
                ),
              )
              .orderBy(asc(outboundMailAttachments.id))
          : [];
        for (const row of due) {
          try {
            const attachments = files.filter((f) => f.mailId === row.id);
            await deliver({ to: row.to, subject: row.subject, text: row.text, attachments });
            await tx
              .update(outboundMail)
              .set({ sentAt: sql`now()`, text: withoutLinkTokens('removed after delivery') })
              .where(eq(outboundMail.id, row.id));
            sent++;
          } catch (err) {
            const attempts = row.attempts + 1;
            const last = attempts >= MAX_ATTEMPTS;
            log.warn({ err, mailId: row.id, attempts }, 'mail delivery failed');
            await tx
              .update(outboundMail)
              .set({
                attempts,
                lastError: String((err as Error).message ?? err).slice(0, 500),
                // After the last attempt the message stays unsent, visible with its error, and
                // without the token of its link.
                nextAttemptAt: last
                  ? sql`'infinity'::timestamptz`
                  : sql`now() + make_interval(mins => ${backoffMinutes(attempts)})`,
                ...(last ? { text: withoutLinkTokens('removed: not delivered') } : {}),
              })
              .where(eq(outboundMail.id, row.id));
          }
        }
      });
    } catch (err) {
      log.error({ err }, 'mail outbox flush failed');
    }
    return { sent, claimed };
  }

  /** Sends everything due now, batch after batch (an outbound send queues thousands at once). */
  async function flush(): Promise<number> {
    let total = 0;
    for (;;) {
      const { sent, claimed } = await flushBatch();
      total += sent;
      // A short batch drained the queue; a failure waits for its retry time.
      if (claimed < BATCH || sent < claimed) return total;
    }
  }

  let timer: NodeJS.Timeout | undefined;
  return {
    flush,
    start() {
      timer ??= setInterval(() => void flush(), POLL_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      transport?.close();
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}
