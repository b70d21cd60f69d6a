import { desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, systemLogs } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { systemLogDestination, toSystemLogEntry } from './systemLogs.destination.ts';
import { purgeSystemLogs } from './systemLogs.service.ts';

type As = { authorization: string };
let t: TestApp;
let admin: As;
let auditor: As;

const get = (url: string, as: As = auditor) => t.inject({ method: 'GET', url, as });
const page = async (url: string) =>
  (await get(url)).json() as { items: Record<string, unknown>[]; total: number };
const verify = async () => (await get('/api/admin/admin-logs/verify')).json();

beforeAll(async () => {
  // warn: the server's warnings and errors reach SystemLogs (and the test output) as in production.
  t = await buildTestApp({ LOG_LEVEL: 'warn' });
  admin = await t.signIn();
  auditor = await t.userWith(['adminLog.read', 'systemLog.read']);
  await t.inject({
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: { username: 'admin', password: 'wrong' },
  });
  await t.inject({
    method: 'POST',
    url: '/api/admin/auth/login',
    payload: { username: '=HYPERLINK("x")', password: 'x' },
  });
  const created = await t.inject({
    method: 'POST',
    url: '/api/admin/tiers',
    payload: { name: 'Audited', description: 'Audited tier', minPoints: 0, maxPoints: 999 },
    as: admin,
  });
  await t.inject({
    method: 'PUT',
    url: `/api/admin/tiers/${created.json().id}`,
    payload: { name: 'Audited', description: 'Changed', minPoints: 0, maxPoints: 999 },
    as: admin,
  });
  await t.inject({ method: 'GET', url: '/api/admin/admin-logs', as: await t.userWith(['tier.read']) });
});

describe('GET /api/admin/admin-logs', () => {
  it('shows every write, sign-in attempt and refused access, newest first', async () => {
    const { items, total } = await page('/api/admin/admin-logs?pageSize=100');
    expect(total).toBeGreaterThanOrEqual(6);
    const seen = items.map((i) => `${i.command}:${i.outcome}`);
    expect(seen).toEqual(
      expect.arrayContaining([
        'auth.login:SUCCESS',
        'auth.login:FAILED',
        'tier.create:SUCCESS',
        'tier.update:SUCCESS',
        'adminLog.read:DENIED',
      ]),
    );
    const at = items.map((i) => String(i.at));
    expect(at).toEqual([...at].sort().reverse());
    expect(at[0]).toMatch(/Z$/);
    expect(items[0]).toMatchObject({ ip: '127.0.0.1', hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('filters by actor, command, outcome, target, dates and text', async () => {
    const update = await page('/api/admin/admin-logs?command=tier.update');
    expect(update.items).toHaveLength(1);
    expect(update.items[0]).toMatchObject({
      actorUsername: 'admin',
      before: { description: 'Audited tier' },
      after: { description: 'Changed' },
    });
    const id = update.items[0]?.targetId;
    expect((await page(`/api/admin/admin-logs?targetType=tier&targetId=${id}`)).total).toBe(2);
    expect(
      (await page('/api/admin/admin-logs?actor=ADM&outcome=DENIED')).items.every(
        (i) => i.actorUsername === 'admin',
      ),
    ).toBe(true);
    expect((await page('/api/admin/admin-logs?outcome=FAILED&command=auth.login')).total).toBe(2);
    expect((await page('/api/admin/admin-logs?q=wrong%20password')).total).toBe(1);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await page(`/api/admin/admin-logs?from=${future}`)).total).toBe(0);
    expect((await page(`/api/admin/admin-logs?to=${future}`)).total).toBeGreaterThanOrEqual(6);
    expect((await get('/api/admin/admin-logs?outcome=MAYBE')).statusCode).toBe(400);
  });

  it('reads one entry with its before and after images', async () => {
    const [entry] = (await page('/api/admin/admin-logs?command=tier.update')).items;
    const res = await get(`/api/admin/admin-logs/${entry?.id}`);
    expect(res.json()).toMatchObject({ command: 'tier.update', before: { name: 'Audited' } });
    expect((await get('/api/admin/admin-logs/999999')).statusCode).toBe(404);
  });

  it('needs adminLog.read', async () => {
    const nobody = await t.userWith(['tier.read']);
    for (const url of [
      '/api/admin/admin-logs',
      '/api/admin/admin-logs/verify',
      '/api/admin/admin-logs/export',
    ]) {
      expect((await get(url, nobody)).statusCode).toBe(403);
    }
  });
});

describe('GET /api/admin/admin-logs/export', () => {
  it('streams the filtered entries as CSV and escapes spreadsheet formulas', async () => {
    const res = await get('/api/admin/admin-logs/export?command=auth.login');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="admin-logs-.*\.csv"/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'seq,at,actorUsername,onBehalfOf,ip,visitorId,command,outcome,targetType,targetId,approvalRequestId,detail,before,after,requestId,hash',
    );
    expect(lines.slice(1).every((l) => l.includes(',auth.login,'))).toBe(true);
    expect(res.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(res.body).not.toMatch(/,=HYPERLINK/);
  });

  it('refuses input the database cannot take, and the server keeps serving', async () => {
    for (const query of ['q=a%00b', 'approvalRequestId=9007199254740990', 'actor=x%00']) {
      const res = await get(`/api/admin/admin-logs/export?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await get('/api/admin/admin-logs/export?command=auth.login')).statusCode).toBe(200);
  });
});

describe('the hash chain', () => {
  it('is intact and reports its head', async () => {
    const result = await verify();
    const [last] = await t.app.db.select().from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
    expect(result).toEqual({
      intact: true,
      entries: last?.seq,
      head: { seq: last?.seq, hash: last?.hash },
      firstBroken: null,
    });
  });

  it('chains each entry to the previous one', async () => {
    const rows = await t.app.db.select().from(auditLog).orderBy(auditLog.seq);
    rows.forEach((row, i) => {
      expect(row.seq).toBe(i + 1);
      expect(row.prevHash).toBe(i === 0 ? null : rows[i - 1]?.hash);
    });
  });

  it('stays in one line when many entries are written at once', async () => {
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.inject({
          method: 'POST',
          url: '/api/admin/auth/login',
          payload: { username: `ghost${i}`, password: 'x' },
        }),
      ),
    );
    expect((await verify()).intact).toBe(true);
  });

  it('cannot be changed or deleted through the database', async () => {
    await expect(
      t.app.db.update(auditLog).set({ detail: 'edited' }).where(eq(auditLog.seq, 1)),
    ).rejects.toThrow();
    await expect(t.app.db.delete(auditLog).where(eq(auditLog.seq, 1))).rejects.toThrow();
    await expect(t.app.db.execute(sql`truncate audit_log`)).rejects.toThrow();
  });

  it('reveals an entry edited behind the trigger’s back, and a deleted one', async () => {
    const bypass = async (statement: ReturnType<typeof sql>) => {
      await t.app.db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
      try {
        await t.app.db.execute(statement);
      } finally {
        await t.app.db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
      }
    };
    const [target] = await t.app.db.select().from(auditLog).where(eq(auditLog.seq, 3));
    await bypass(sql`update audit_log set detail = 'nothing happened' where seq = 3`);
    expect((await verify()).firstBroken).toEqual({
      id: target?.id,
      seq: 3,
      at: expect.any(String),
      reason: 'HASH_MISMATCH',
    });

    await bypass(sql`update audit_log set detail = ${target?.detail ?? null} where seq = 3`);
    expect((await verify()).intact).toBe(true);

    await bypass(sql`delete from audit_log where seq = 4`);
    const broken = await verify();
    expect(broken).toMatchObject({ intact: false, firstBroken: { seq: 5, reason: 'SEQUENCE_GAP' } });
  });

  it('reveals an edit whose hashes were recomputed, as someone with the database but not the key could', async () => {
    // The unkeyed chain alone cannot tell: every hash from the edit on is made again to match.
    await t.app.db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    try {
      await t.app.db.execute(sql`update audit_log set detail = 'rewritten' where seq = 2`);
      await t.app.db.execute(sql`
        do $$
        declare r audit_log; prev text;
        begin
          select hash into prev from audit_log where seq = 1;
          for r in select * from audit_log where seq >= 2 order by seq loop
            update audit_log set prev_hash = prev, hash = audit_log_digest(prev, r) where seq = r.seq
              returning hash into prev;
          end loop;
        end $$`);
    } finally {
      await t.app.db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    }
    expect((await verify()).firstBroken).toMatchObject({ seq: 2, reason: 'MAC_MISMATCH' });
  });
});

describe('SystemLogs', () => {
  const list = (q: string) => page(`/api/admin/system-logs?pageSize=100&${q}`);

  it('keeps the server’s warnings and errors with their request id, and categorised events', async () => {
    t.app.log.warn(
      { category: 'integration', partner: 'core-banking', ms: 5012 },
      'core banking call timed out',
    );
    t.app.log.child({ reqId: 'req-42' }).error({ err: new Error('boom') }, 'request failed');
    await vi.waitFor(async () => expect((await list('q=core%20banking')).total).toBe(1), { timeout: 5_000 });
    await vi.waitFor(async () => expect((await list('requestId=req-42')).total).toBe(1), { timeout: 5_000 });

    const [warning] = (await list('category=integration')).items;
    expect(warning).toMatchObject({
      level: 'warn',
      category: 'integration',
      message: 'core banking call timed out',
      requestId: null,
      context: { partner: 'core-banking', ms: 5012 },
    });
    const [error] = (await list('level=error')).items;
    expect(error).toMatchObject({
      level: 'error',
      category: 'http',
      requestId: 'req-42',
      message: 'request failed',
    });
    expect(error?.context).toMatchObject({ err: { message: 'boom', type: 'Error' } });
    expect((await list('level=fatal')).total).toBe(0);
  });

  it('picks the events out of the log lines', () => {
    const line = (o: object) =>
      `${JSON.stringify({ level: 30, time: 1_700_000_000_000, pid: 1, hostname: 'h', ...o })}\n`;
    expect(toSystemLogEntry(line({ msg: 'incoming request', reqId: 'r' }))).toBeUndefined();
    expect(
      toSystemLogEntry(line({ category: 'startup', msg: 'Loyalty Admin is up', port: 3000 })),
    ).toMatchObject({
      level: 30,
      category: 'startup',
      message: 'Loyalty Admin is up',
      context: { port: 3000 },
      at: new Date(1_700_000_000_000),
    });
    expect(toSystemLogEntry(line({ job: 'points.expire', ms: 12, msg: 'job finished' }))).toMatchObject({
      category: 'job',
      context: { job: 'points.expire', ms: 12 },
    });
    expect(toSystemLogEntry(line({ level: 40, msg: 'slow' }))).toMatchObject({
      category: 'app',
      context: null,
    });
    expect(toSystemLogEntry('{"level":50,not json')).toBeUndefined();
  });

  it('writes what it holds when closed, and afterwards only to the output', async () => {
    const out: string[] = [];
    const destination = systemLogDestination(t.app.db, { write: (line: string) => out.push(line) });
    const warning = (msg: string) =>
      `${JSON.stringify({ level: 40, time: Date.now(), category: 'closing', msg })}\n`;
    destination.write(warning('before close'));
    await destination.close();
    // The app's database may be closed from here on: nothing is held for it any more.
    destination.write(warning('after close'));
    await destination.flush();
    expect(out).toHaveLength(2);
    const kept = await t.app.db.select().from(systemLogs).where(eq(systemLogs.category, 'closing'));
    expect(kept.map((row) => row.message)).toEqual(['before close']);
  });

  it('needs systemLog.read, and validates its filters', async () => {
    const nobody = await t.userWith(['tier.read']);
    expect((await get('/api/admin/system-logs', nobody)).statusCode).toBe(403);
    expect((await get('/api/admin/system-logs?level=loud')).statusCode).toBe(400);
  });

  it('keeps events for the configured number of days and purges older ones', async () => {
    const settings = await get('/api/admin/system-logs/settings');
    expect(settings.json()).toMatchObject({ retentionDays: 90, updatedBy: null });
    expect(
      (
        await t.inject({
          method: 'PUT',
          url: '/api/admin/system-logs/settings',
          payload: { retentionDays: 0 },
          as: admin,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.inject({
          method: 'PUT',
          url: '/api/admin/system-logs/settings',
          payload: { retentionDays: 30 },
          as: auditor,
        })
      ).statusCode,
    ).toBe(403);
    const put = await t.inject({
      method: 'PUT',
      url: '/api/admin/system-logs/settings',
      payload: { retentionDays: 30 },
      as: admin,
    });
    expect(put.json()).toMatchObject({ retentionDays: 30, updatedBy: 'admin' });

    await t.app.db.insert(systemLogs).values(
      [31, 45, 29].map((days) => ({
        at: new Date(Date.now() - days * 86_400_000),
        level: 30,
        category: 'retention-test',
        message: `${days} days old`,
      })),
    );
    // Two instances purging at once delete each old event once, and keep the rest.
    const purged = await Promise.all([purgeSystemLogs(t.app.db), purgeSystemLogs(t.app.db)]);
    expect(purged[0] + purged[1]).toBe(2);
    expect((await list('category=retention-test')).items.map((i) => i.message)).toEqual(['29 days old']);
  });
});
