/**
 * The local receiver of `npm run bench -- --webhooks` (bench/webhooks.ts), in its own process so
 * that its work is not the sender's: node:http on 127.0.0.1, verifying every message with the
 * `standardwebhooks` package (WEBHOOK_SECRET) and answering 200, or 401 when it does not verify.
 * Told by its parent (IPC) to stop listening, listen again, and report what it received: messages
 * verified, rejected, and message ids received more than once.
 */
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

const verifier = new Webhook(process.env.WEBHOOK_SECRET ?? '');
const port = Number(process.env.WEBHOOK_PORT);
const seen = new Set<string>();
let verified = 0;
let rejected = 0;
let twice = 0;

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    try {
      verifier.verify(Buffer.concat(chunks).toString('utf8'), req.headers as Record<string, string>);
    } catch {
      rejected += 1;
      res.statusCode = 401;
      res.end('bad signature');
      return;
    }
    verified += 1;
    const id = String(req.headers['webhook-id']);
    if (seen.has(id)) twice += 1;
    else seen.add(id);
    res.end('ok');
  });
});
server.keepAliveTimeout = 30_000;

const listen = () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
const close = () =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

process.on('message', (m: { cmd: 'up' | 'down' | 'stats' | 'exit' }) => {
  const reply = (extra: object = {}) => process.send?.({ cmd: m.cmd, ...extra });
  if (m.cmd === 'up') void listen().then(() => reply());
  else if (m.cmd === 'down') void close().then(() => reply());
  else if (m.cmd === 'stats') {
    const cpu = process.cpuUsage();
    reply({ verified, rejected, twice, distinct: seen.size, cpuMs: (cpu.user + cpu.system) / 1000 });
  } else process.exit(0);
});
// Gone with its parent, however that ends.
process.on('disconnect', () => process.exit(0));
await listen();
process.send?.({ cmd: 'ready' });
