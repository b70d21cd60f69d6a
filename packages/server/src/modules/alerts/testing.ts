import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll } from 'vitest';

export interface GatewayRequest {
  headers: IncomingHttpHeaders;
  body: { to?: string; text?: string } & Record<string, unknown>;
}

/**
 * A local HTTP server standing in for an SMS gateway, for one test file. `mode` decides its
 * answer: 'ok' (202), 'fail' (500) or 'hang' (never answers, so the sender times out).
 */
export async function startSmsGateway() {
  const received: GatewayRequest[] = [];
  const state = { mode: 'ok' as 'ok' | 'fail' | 'hang' };
  const hanging = new Set<() => void>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, body: raw ? JSON.parse(raw) : {} });
      if (state.mode === 'hang') {
        hanging.add(() => res.destroy());
        return;
      }
      res.statusCode = state.mode === 'ok' ? 202 : 500;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(state.mode === 'ok' ? { id: received.length } : { error: 'gateway down' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        for (const end of hanging) end();
        server.close(() => resolve());
      }),
  );
  return {
    url: `http://127.0.0.1:${port}/sms`,
    received,
    set mode(mode: 'ok' | 'fail' | 'hang') {
      state.mode = mode;
    },
  };
}

/**
 * A local SMTP server that asks for a password (AUTH PLAIN/LOGIN over plain TCP) and records each
 * connection and the credentials it was given, accepting nothing: the listener of a caller who
 * points a test send at it.
 */
export async function startSmtpListener() {
  const seen = { connections: 0, auths: [] as { username?: string; password?: string }[] };
  const server = new SMTPServer({
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      seen.connections += 1;
      callback();
    },
    onAuth(auth, _session, callback) {
      seen.auths.push({ username: auth.username, password: auth.password ?? undefined });
      callback(new Error('refused'));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port: (server.server.address() as AddressInfo).port, seen };
}
