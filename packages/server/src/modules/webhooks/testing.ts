import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll } from 'vitest';

export interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
  /** When it arrived (Date.now()). */
  at: number;
  // biome-ignore lint/suspicious/noExplicitAny: the message as the receiver parsed it
  body: any;
}

/**
 * A local receiver of webhooks for one test file (node:http on 127.0.0.1). It verifies each
 * message with the `standardwebhooks` package against the secrets it is given (any one may
 * match), keeps the verified ones, and answers with the status `answers` dictates (200 when empty).
 */
export async function startReceiver() {
  const state = { secrets: [] as string[], answers: [] as number[] };
  const verified: Received[] = [];
  const rejected: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const message = { headers: req.headers, raw, at: Date.now(), body: JSON.parse(raw) };
      const ok = state.secrets.some((secret) => {
        try {
          new Webhook(secret).verify(raw, req.headers as Record<string, string>);
          return true;
        } catch {
          return false;
        }
      });
      (ok ? verified : rejected).push(message);
      res.statusCode = ok ? (state.answers.shift() ?? 200) : 401;
      res.end(res.statusCode < 300 ? 'thanks' : 'receiver says no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const stopped = () => new Promise<void>((resolve) => server.close(() => resolve()));
  afterAll(stopped);
  return { url: `http://127.0.0.1:${port}/hooks`, port, state, verified, rejected, stop: stopped };
}
