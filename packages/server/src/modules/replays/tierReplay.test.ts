import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { dayOf, history, replayTesting } from './testing.ts';

/*
 * A tier's thresholds replayed (decisions/replay.md, "Tier candidates"). Twin customers earn the
 * same history: the B twins 30 days earlier while Silver began at 300 points (the candidate), the
 * A twins under today's ladder (Silver from 150). Silver earns twice the points, so the candidate's
 * replay over A's period must equal B's ledger — the tiers moved along the points as posting moved
 * them — and today's ladder must reproduce A's.
 */

let t: TestApp;
let admin: { authorization: string };
let k: ReturnType<typeof replayTesting>;
let silver: Record<string, unknown> & { id: number };
const SHIFT = 30;
const CUSTOMERS = 6;
const h = history(72, CUSTOMERS, 7);
const periodA = { from: dayOf(21), to: dayOf(0) };

const putSilver = async (minPoints: number) => {
  const { id, ...body } = silver;
  const res = await t.inject({
    method: 'PUT',
    url: `/api/admin/tiers/${id}`,
    as: admin,
    payload: { ...body, minPoints },
  });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
  k = replayTesting(t, admin);
  const { fx } = k;
  const { silver: created, spend } = await k.twins(CUSTOMERS);
  if (!created) throw new Error('no Silver');
  await fx.rule({ transactionTypeId: spend, tierId: created.id, amount: 10, pointsPerTransaction: 2 });
  const { createdAt: _c, updatedAt: _u, ...body } = created;
  silver = body as typeof silver;
  // B under the candidate ladder (Silver from 300), 30 days earlier; then A under today's.
  await putSilver(300);
  await t.app.jobs.settled();
  await k.post('B', SHIFT, h);
  await putSilver(150);
  await t.app.jobs.settled();
  await t.app.jobs.tick('loyalty.tier-review');
  await k.post('A', 0, h);
  await t.app.jobs.settled();
}, 180_000);

describe('a tier change replayed over history', () => {
  it('today’s thresholds reproduce the ledger and move no one', async () => {
    const r = await k.replay({ command: 'tier.update', id: silver.id, input: silver, ...periodA });
    const a = await k.ledgerOf('A', 0);
    expect(r.totals).toMatchObject({ pointsBefore: a.total, pointsAfter: a.total, difference: 0 });
    expect(r.exactness).toMatchObject({ mismatchedEntries: 0 });
    expect(r.tierMoves).toMatchObject({ up: 0, down: 0, sample: [] });
  });

  it('raised thresholds cost what posting the same history under them cost, and say who moves down', async () => {
    const before = await k.footprint();
    const r = await k.replay({
      command: 'tier.update',
      id: silver.id,
      input: { ...silver, minPoints: 300 },
      ...periodA,
    });
    expect(await k.footprint()).toEqual(before);
    const a = await k.ledgerOf('A', 0);
    const b = await k.ledgerOf('B', SHIFT);
    expect(r.totals?.pointsBefore).toBe(a.total);
    expect(r.totals?.pointsAfter).toBe(b.total);
    expect(r.totals?.difference).toBeLessThan(0);
    expect(Object.fromEntries((r.byDay ?? []).map((d) => [d.key, d.pointsAfter]))).toEqual(b.byDay);
    expect(r.totals?.customersAffected).toBe(await k.twinsDiffering());
    // Who Silver at 300 would move: A's Silver customers with 150 to 299 points today.
    const [down] = await k.query<{ n: number }>(sql`select count(*)::int as n from customers c
      join tiers t on t.id = c.tier_id where t.name = 'Silver' and c.lifetime_points between 150 and 299`);
    expect(down?.n).toBeGreaterThan(0);
    expect(r.tierMoves).toMatchObject({ up: 0, down: down?.n });
    expect(r.tierMoves?.sample[0]).toMatchObject({ from: { name: 'Silver' }, to: { name: 'Blue' } });
    // The expiry forecast moves by the same points, in the months they would expire.
    const months = r.byExpiryMonth ?? [];
    expect(months.every((m) => /^\d{4}-\d{2}$/.test(m.key))).toBe(true);
    expect(months.reduce((n, m) => n + m.difference, 0)).toBe(r.totals?.difference);
  });

  it('exports the figures as CSV and XLSX and e-mails them to staff who may replay and read tiers', async () => {
    const r = await k.replay({
      command: 'tier.update',
      id: silver.id,
      input: { ...silver, minPoints: 300 },
      ...periodA,
    });
    const csv = await t.inject({
      method: 'GET',
      url: `/api/admin/replays/${r.id}/export?format=csv`,
      as: admin,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toContain('section,key,name');
    expect(lines.some((l) => l.startsWith(`totals,`) && l.includes(String(r.totals?.difference)))).toBe(true);
    expect(lines.filter((l) => l.startsWith('tierMove,')).length).toBe(r.tierMoves?.sample.length);
    const xlsx = await t.inject({
      method: 'GET',
      url: `/api/admin/replays/${r.id}/export?format=xlsx`,
      as: admin,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const reader = await t.userWith(['replay.start', 'tier.read']);
    const [{ id: readerId } = { id: 0 }] = await k.query<{ id: number }>(
      sql`select max(id)::int as id from users`,
    );
    await t.app.db.execute(sql`update users set email = 'reader@bank.example' where id = ${readerId}`);
    const blind = await t.userWith(['replay.start']);
    const [{ id: blindId } = { id: 0 }] = await k.query<{ id: number }>(
      sql`select max(id)::int as id from users`,
    );
    await t.app.db.execute(sql`update users set email = 'blind@bank.example' where id = ${blindId}`);
    const recipients = await t.inject({
      method: 'GET',
      url: `/api/admin/replays/${r.id}/recipients`,
      as: admin,
    });
    const ids = (recipients.json() as { id: number }[]).map((u) => u.id);
    expect(ids).toContain(readerId);
    expect(ids).not.toContain(blindId);
    const refused = await t.inject({
      method: 'POST',
      url: `/api/admin/replays/${r.id}/email`,
      as: admin,
      payload: { format: 'csv', recipientIds: [blindId] },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    const sent = await t.inject({
      method: 'POST',
      url: `/api/admin/replays/${r.id}/email`,
      as: admin,
      payload: { format: 'xlsx', recipientIds: [readerId] },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [mail] = await k.query<{ to: string; files: number }>(sql`select m.to, (select count(*)::int
      from outbound_mail_attachments a where a.mail_id = m.id) as files from outbound_mail m
      where m.to = 'reader@bank.example'`);
    expect(mail).toEqual({ to: 'reader@bank.example', files: 1 });
    // A caller who may not read tiers sees neither the file nor the replay's recipients.
    const denied = await t.inject({ method: 'GET', url: `/api/admin/replays/${r.id}/export`, as: blind });
    expect(denied.statusCode).toBe(403);
    expect(reader).toBeTruthy();
  });

  it('refuses a body the command refuses and a tier that does not exist', async () => {
    const bad = await t.inject({
      method: 'POST',
      url: '/api/admin/replays',
      as: admin,
      payload: { command: 'tier.update', id: silver.id, input: { ...silver, minPoints: 9, maxPoints: 1 } },
    });
    expect(bad.statusCode, bad.body).toBe(400);
    const missing = await t.inject({
      method: 'POST',
      url: '/api/admin/replays',
      as: admin,
      payload: { command: 'tier.update', id: 999_999, input: silver },
    });
    expect(missing.statusCode).toBe(404);
  });
});
