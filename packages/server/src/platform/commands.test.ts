import { command } from '@loyalty/contracts';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditLog } from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import type { Actor } from './access.ts';
import { createCommandBus, defineHandler } from './commands.ts';
import { AppError } from './errors.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const actor: Actor = {
  userId: 1,
  username: 'admin',
  role: 'SUPER_ADMIN',
  permissions: new Set(['test.refuse']),
  sessionId: 'test',
  ip: '127.0.0.1',
  visitorId: 'visitor\u0000id',
  requestId: 'request-odd-input',
};

describe('the command bus', () => {
  it('audits a refused command whatever characters its input holds', async () => {
    // A schema that lets anything through, as a careless new one might: the audit must still hold.
    const def = command('test.refuse', z.object({ name: z.string() }), 'Always refused');
    const bus = createCommandBus(t.app.db);
    bus.register(
      defineHandler(def, async () => {
        throw new AppError('CONFLICT', 'refused');
      }),
    );
    const odd = 'a\u0000b\ud800c\u{1F600}';
    await expect(bus.execute(actor, 'test.refuse', { name: odd })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.command, 'test.refuse'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      outcome: 'FAILED',
      detail: 'CONFLICT',
      visitorId: 'visitor\uFFFDid',
      after: { name: 'a\uFFFDb\uFFFDc\u{1F600}' },
    });
  });
});
