import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Tx } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { runExpiry } from '../loyalty/index.ts';
import { programmeFixtures } from '../loyalty/testing.ts';
import { IMPORT_POST_JOB, postImportBatch } from './imports.service.ts';
import type { ImportRow } from './kinds/kind.ts';
import { openingBalancesKind, openingEntries, openingMark } from './kinds/openingBalances.ts';
import { limits } from './limits.ts';
import { form, staged } from './testing.ts';

// The migration's set-based posting (loyalty_open_balances, issue 49) against the entry-by-entry
// path it replaced (loyalty_post_entry per entry, then the tier named): the same ledger rows, lots
// and expiry, balances, lifetime points, tier and join date; and a batch interrupted or posted
// again posts nothing twice.

let t: TestApp;
const tiers: Record<string, number> = {};
const OPENING = 'customerNumber,balance,lifetimePoints,tier,joinedAt,lots';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const endOf = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);

/** The openings of the comparison (the suffix names the customer; `before`: points they had already). */
const cases = () => [
  {
    n: '01',
    balance: 700,
    lifetime: 1500,
    tier: 'Gold',
    joinedAt: '2020-05-01',
    lots: [
      [500, 30],
      [200, 400],
    ],
  },
  { n: '02', balance: 0, lifetime: 0, tier: null, joinedAt: null, lots: [] },
  {
    n: '03',
    balance: 300,
    lifetime: 300,
    tier: null,
    joinedAt: '2018-01-31',
    lots: [
      [100, 10],
      [200, 20],
    ],
  },
  { n: '04', balance: 50, lifetime: 1200, tier: null, joinedAt: null, lots: [[50, 5]] },
  {
    n: '05',
    balance: 900,
    lifetime: 2000,
    tier: 'Blue',
    joinedAt: null,
    lots: [
      [400, 60],
      [500, 60],
    ],
  },
  { n: '06', balance: 10, lifetime: 600, tier: null, joinedAt: null, lots: [[10, 90]], before: 30 },
  { n: '07', balance: 0, lifetime: 800, tier: 'Silver', joinedAt: '2021-12-12', lots: [] },
];
type Case = ReturnType<typeof cases>[number];
const lotsCell = (c: Case) => c.lots.map(([p, d]) => `${p}@${inDays(d as number)}`).join(' ');
const lineOf = (prefix: string, c: Case) =>
  `${prefix}${c.n},${c.balance},${c.lifetime},${c.tier ?? ''},${c.joinedAt ?? ''},${lotsCell(c)}`;

/** Customers `prefix` + each case's suffix, with the points some of them had already. */
async function makeCustomers(prefix: string) {
  for (const c of cases()) {
    await t.app.db.execute(sql`insert into customers (customer_number, full_name, language)
      values (${prefix + c.n}, ${`Migrated ${prefix}${c.n}`}, 'en')`);
    if (c.before)
      await t.app.db.execute(sql`select loyalty_post_entry(c.id, 'ADJUST', ${c.before}::int, 'before'::text,
        true, null::timestamptz, now()) from customers c where c.customer_number = ${prefix + c.n}`);
  }
}

/** The path the set-based opening replaced: loyalty_post_entry per entry, then the join date and the tier named. */
async function postOneByOne(tx: Tx, prefix: string, reference: string) {
  const now = new Date();
  for (const c of cases()) {
    const number = prefix + c.n;
    const [cust] = rowsOf<{ id: number }>(
      await tx.execute(sql`select id from customers where customer_number = ${number} for update`),
    );
    const id = Number(cust?.id);
    const lots = c.lots.map(([p, d]) => ({ points: p as number, expiresAt: endOf(inDays(d as number)) }));
    let first = true;
    for (const e of openingEntries({ balance: c.balance, lifetime: c.lifetime, lots }, now)) {
      const [row] = rowsOf<{ outcome: string }>(
        await tx.execute(sql`select outcome from loyalty_post_entry(${id}::bigint, 'ADJUST'::text,
          ${e.points}::int, ${reference}::text, ${e.lot}::boolean, ${e.expiresAt}::timestamptz,
          now(), ${first ? openingMark(number) : null}::text, p_note => 'opening balance'::text)`),
      );
      expect(row?.outcome).toBe('POSTED');
      first = false;
    }
    if (c.joinedAt)
      await tx.execute(sql`update customers set joined_at = ${c.joinedAt}::date where id = ${id}`);
    if (c.tier) {
      const tierId = tiers[c.tier] ?? 0;
      await tx.execute(sql`with cur as (select c.tier_id, t.name from customers c left join tiers t on t.id = c.tier_id
            where c.id = ${id}),
          moved as (update customers c set tier_id = ${tierId} where c.id = ${id}
            and c.tier_id is distinct from ${tierId} returning c.id)
        insert into customer_tier_history
          (customer_id, from_tier_id, from_tier_name, to_tier_id, to_tier_name, qualifying_points, reason)
        select m.id, cur.tier_id, cur.name, t.id, t.name, ${c.lifetime}, 'OPENING'
        from moved m, cur, tiers t where t.id = ${tierId}`);
    }
  }
}

/** The kind's posting of the cases for `prefix` (one batch), in a transaction of its own. */
const postSetBased = (prefix: string, importId: number, only = cases(), crash = false) =>
  t.app.db.transaction(async (tx) => {
    const outcomes = await openingBalancesKind.post(
      tx,
      { id: importId } as ImportRow,
      only.map((c, i) => ({
        line: i + 2,
        data: Object.fromEntries(
          OPENING.split(',').map((f, j) => [f, lineOf(prefix, c).split(',')[j] ?? '']),
        ),
      })),
    );
    if (crash) throw new Error('crash');
    return outcomes;
  });

/** What the customers `prefix`… ended with, each named by its suffix (ids and times left out). */
async function books(prefix: string) {
  return rowsOf<Record<string, unknown>>(
    await t.app.db.execute(sql`select substr(c.customer_number, ${prefix.length + 1}) as n, c.balance,
        c.lifetime_points, c.tier_id, c.joined_at::date::text as joined,
        (select coalesce(sum(e.points), 0)::int from ledger_entries e where e.customer_id = c.id) as ledger,
        (select coalesce(jsonb_agg(jsonb_build_object('kind', e.kind, 'points', e.points, 'after', e.balance_after,
            'lot', e.lot, 'expires', e.expires_at, 'mark', replace(e.external_id, ${prefix}, ''),
            'note', e.note, 'reference', regexp_replace(e.reference, '[0-9]+$', '')) order by e.id), '[]'::jsonb)
          from ledger_entries e where e.customer_id = c.id) as entries
      from customers c where c.customer_number like ${`${prefix}%`} order by c.customer_number`),
  );
}

interface Entry {
  kind: string;
  expires: string | null;
  lot: boolean;
}
const expiresOf = (rows: Record<string, unknown>[]): (Record<string, unknown> & { entries: Entry[] })[] =>
  rows.map((r) => ({
    ...r,
    // The lot of points spent before expires at the posting's moment: a time, not a date.
    entries: (r.entries as Entry[]).map((e) =>
      e.lot && e.expires && Date.parse(e.expires) < Date.now() + 60_000 ? { ...e, expires: 'now' } : e,
    ),
  }));

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await t.signIn();
  const fx = programmeFixtures(t, admin);
  tiers.Blue = (await fx.tier('Blue', 0, 499)).id;
  tiers.Silver = (await fx.tier('Silver', 500, 999)).id;
  tiers.Gold = (await fx.tier('Gold', 1000, 1_000_000)).id;
});

describe('the set-based opening', () => {
  it('posts exactly what the entry-by-entry path posted: ledger, lots and their expiry, balances, tiers', async () => {
    await makeCustomers('SB');
    await makeCustomers('EE');
    const outcomes = await postSetBased('SB', 1);
    expect(outcomes.map((o) => o.outcome)).toEqual(cases().map(() => 'POSTED'));
    expect(outcomes.map((o) => o.points)).toEqual(cases().map((c) => c.balance));
    await t.app.db.transaction((tx) => postOneByOne(tx, 'EE', 'import:2'));

    const setBased = expiresOf(await books('SB'));
    expect(setBased).toEqual(expiresOf(await books('EE')));
    // Balance = the ledger's sum; lifetime points = what the file said (plus what was there).
    for (const [i, c] of cases().entries()) {
      expect(setBased[i]).toMatchObject({
        balance: c.balance + (c.before ?? 0),
        ledger: c.balance + (c.before ?? 0),
        lifetime_points: c.lifetime + (c.before ?? 0),
      });
    }
    // The tiers: named, or reached by the points (04: 1,200 lifetime → Gold; 06: 630 → Silver);
    // 02 posts no entry, so its tier is not evaluated (as before).
    expect(setBased.map((r) => r.tier_id)).toEqual([
      tiers.Gold,
      null,
      tiers.Blue,
      tiers.Gold,
      tiers.Blue,
      tiers.Silver,
      tiers.Silver,
    ]);
    // The mark entry is the one each POSTED line answers.
    const marks = rowsOf<{ id: string }>(
      await t.app.db.execute(
        sql`select id from ledger_entries where external_id like 'opening:SB%' order by external_id`,
      ),
    ).map((r) => Number(r.id));
    expect(outcomes.filter((o) => o.entryId !== null).map((o) => o.entryId)).toEqual(marks);

    // The lots expire on their own dates, oldest first, alike on both sides.
    for (const days of [6, 11, 21, 31, 61]) {
      await runExpiry(t.app.db, null, endOf(inDays(days)));
      expect(expiresOf(await books('SB'))).toEqual(expiresOf(await books('EE')));
    }
    expect((await books('SB')).map((r) => r.balance)).toEqual([200, 0, 0, 0, 0, 40, 0]);
  });

  it('a batch rolled back mid-way, posted in part, then again, posts each opening once', async () => {
    await makeCustomers('RB');
    // The transaction dies after the batch's statement (a restart mid-batch): nothing stays.
    await expect(postSetBased('RB', 3, cases(), true)).rejects.toThrow('crash');
    expect((await books('RB')).map((r) => r.ledger)).toEqual(cases().map((c) => c.before ?? 0));
    // Three of them, then the whole batch again: the three answer REPLAYED, the rest post.
    const first = await postSetBased('RB', 3, cases().slice(0, 3));
    expect(first.map((o) => o.outcome)).toEqual(['POSTED', 'POSTED', 'POSTED']);
    const again = await postSetBased('RB', 3);
    expect(again.map((o) => o.outcome)).toEqual([
      'REPLAYED',
      'POSTED',
      'REPLAYED',
      'POSTED',
      'POSTED',
      'POSTED',
      'POSTED',
    ]);
    // 02 opens with nothing to post (no mark, nothing to double): posted again, still nothing.
    const third = await postSetBased('RB', 3);
    expect(third.map((o) => o.outcome)).toEqual([
      'REPLAYED',
      'POSTED',
      'REPLAYED',
      'REPLAYED',
      'REPLAYED',
      'REPLAYED',
      'REPLAYED',
    ]);
    // Each opening's entries once (the first case's customers also had the expiry job since).
    const openings = async (prefix: string) =>
      expiresOf(await books(prefix)).map((r) => r.entries.filter((e) => e.kind === 'ADJUST'));
    expect(await openings('RB')).toEqual(await openings('SB'));
  });

  it('an import posted in batches with a server restart between them posts each opening once', async () => {
    for (const c of cases()) {
      await t.app.db.execute(sql`insert into customers (customer_number, full_name, language)
        values (${`JB${c.n}`}, ${`Migrated JB${c.n}`}, 'en')`);
    }
    const maker = await t.userWith(['import.create', 'import.post', 'import.read']);
    const file = `${OPENING}\n${cases()
      .map((c) => lineOf('JB', { ...c, before: undefined }))
      .join('\n')}\n`;
    const res = await staged(
      t,
      await t.inject({
        method: 'POST',
        url: '/api/admin/imports',
        as: maker,
        ...form(file, { kind: 'OPENING_BALANCES' }),
      }),
      maker,
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    const size = limits.batchSize;
    limits.batchSize = 3;
    try {
      expect(
        (await t.inject({ method: 'POST', url: `/api/admin/imports/${id}/post`, as: maker })).statusCode,
      ).toBeLessThan(300);
      await t.app.jobs.settled();
      await postImportBatch(t.app.db);
      await t.restart();
      for (let tries = 0; tries < 10; tries++) {
        await t.app.jobs.requestRun(IMPORT_POST_JOB);
        await t.app.jobs.tick(IMPORT_POST_JOB);
        await t.app.jobs.settled();
        const [imp] = rowsOf<{ status: string }>(
          await t.app.db.execute(sql`select status from imports where id = ${id}`),
        );
        if (imp?.status === 'DONE') break;
      }
    } finally {
      limits.batchSize = size;
    }
    const [imp] = rowsOf<{ status: string; posted: number; duplicates: number; points: number }>(
      await t.app.db.execute(
        sql`select status, posted, duplicates, points::int as points from imports where id = ${id}`,
      ),
    );
    expect(imp).toMatchObject({ status: 'DONE', posted: 7, duplicates: 0, points: 1960 });
    const marks = rowsOf<{ n: string }>(
      await t.app.db.execute(
        sql`select count(*)::int as n from ledger_entries where external_id like 'opening:JB%'`,
      ),
    );
    expect(Number(marks[0]?.n)).toBe(6);
    const jb = await books('JB');
    expect(jb.map((r) => r.balance)).toEqual(cases().map((c) => c.balance));
    expect(jb.map((r) => r.lifetime_points)).toEqual(cases().map((c) => c.lifetime));
  });
});
