import type { Replay } from '@loyalty/contracts';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import type { TestApp } from '../../test/app.ts';
import { serviceLimit } from '../configuration/index.ts';
import { postTransaction, reverseEarning } from '../loyalty/index.ts';
import { channel, programmeFixtures } from '../loyalty/testing.ts';

type As = { authorization: string };
const DAY = 86_400_000;

/** A points rule as read, made the body its command takes: the names and times a read adds removed. */
export function asRuleInput<R extends Record<string, unknown>>(rule: R): R {
  const {
    transactionTypeName,
    transactionTypeNameAr,
    transactionTypeCode,
    tierName,
    tierNameAr,
    createdAt,
    updatedAt,
    ...input
  } = rule;
  return input as R;
}

/** One earning of a generated history: [customer index, type, amount, days ago, hour]. */
export type Earning = [number, 'CARD_SPEND' | 'TRANSFER', number, number, number];

/** The UTC day `daysAgo` days before today. */
export const dayOf = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);

/** A deterministic history of `count` earnings of `customers` customers over the last 20 days. */
export function history(count: number, customers: number, seed = 52): Earning[] {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const out: Earning[] = [];
  for (let i = 0; i < count; i += 1) {
    out.push([
      Math.floor(next() * customers),
      next() < 0.75 ? 'CARD_SPEND' : 'TRANSFER',
      Math.round((20 + next() * 380) * 100) / 100,
      1 + Math.floor(next() * 20),
      Math.floor(next() * 24),
    ]);
  }
  return out;
}

/**
 * Replays' tests (decisions/replay.md): twin customers (A…, B…) earn the same history, the B twins
 * `shift` days earlier under the candidate configuration, so that a candidate's replay over A's
 * period can be checked against B's ledger — the reference, posted the slow way.
 */
export function replayTesting(t: TestApp, admin: As) {
  const fx = programmeFixtures(t, admin);
  const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.app.db.execute(q));
  return {
    fx,
    query,
    /**
     * The programme the replays' tests share: Blue (0–149) and Silver (150 on) tiers, card spend
     * (1 point per 10, Silver's rule each test's own) and transfers (5 points from 100), and the
     * twin customers A0… and B0….
     */
    async twins(customers: number, tiers = true) {
      const blue = tiers ? (await fx.tier('Blue', 0, 149)).id : null;
      const silver = tiers ? await fx.tier('Silver', 150, 1_000_000) : null;
      const spend = (await fx.type('CARD_SPEND')).id as number;
      const transfer = (await fx.type('TRANSFER')).id as number;
      await fx.rule({ transactionTypeId: spend, amount: 10, pointsPerTransaction: 1 });
      await fx.rule({ transactionTypeId: transfer, amount: 100, condition: 'GTE', pointsPerTransaction: 5 });
      const api = channel(t, await fx.apiKey());
      for (const prefix of ['A', 'B']) {
        for (let i = 0; i < customers; i += 1) {
          const res = await api('PUT', `/customers/${prefix}${i}`, { fullName: `Customer ${prefix}${i}` });
          expect(res.statusCode, res.body).toBe(201);
        }
      }
      return { blue, silver: silver as (Record<string, unknown> & { id: number }) | null, spend, transfer };
    },
    /** What a replay must never move: the ledger, balances, daily counts, campaigns' spend, tier moves. */
    footprint: () =>
      query(sql`select (select count(*) from ledger_entries)::int as entries,
        (select coalesce(sum(balance), 0) from customers)::int as balances,
        (select coalesce(sum(earn_points), 0) from customers)::int as counted,
        (select coalesce(sum(spent), 0) from campaigns)::int as spent,
        (select count(*) from campaign_awards)::int as awards,
        (select count(*) from customer_tier_history)::int as moves`),
    /**
     * Posts a history for one set of twins, `shift` days earlier, reversing every 9th earning at
     * once (unless `reverse` is false); answers how many the daily limit refused.
     */
    async post(prefix: string, shift: number, h: Earning[], reverse = true) {
      let refused = 0;
      for (const [i, [who, code, amount, ago, hour]] of h.entries()) {
        const at = new Date(`${dayOf(ago + shift)}T${String(hour).padStart(2, '0')}:15:00Z`);
        try {
          await postTransaction(
            t.app.db,
            {
              externalId: `${prefix}-${i}`,
              customerNumber: `${prefix}${who}`,
              transactionTypeCode: code,
              amount,
              occurredAt: at.toISOString(),
            },
            undefined,
            { limit: await serviceLimit(t.app.db, 'earn') },
          );
        } catch (err) {
          if ((err as { code?: string }).code !== 'LIMIT_EXCEEDED') throw err;
          refused += 1;
          continue;
        }
        if (reverse && i % 9 === 4) {
          await t.app.db.transaction((tx) =>
            reverseEarning(tx, { externalId: `${prefix}-${i}`, channel: '' }),
          );
        }
      }
      return refused;
    },
    /** Asks for a replay, runs the job, answers it. */
    async replay(body: object, as = admin): Promise<Replay> {
      const asked = await t.inject({ method: 'POST', url: '/api/admin/replays', as, payload: body });
      expect(asked.statusCode, asked.body).toBe(202);
      await t.app.jobs.settled();
      await t.app.jobs.tick('replays.run');
      const res = await t.inject({ method: 'GET', url: `/api/admin/replays/${asked.json().id}`, as });
      expect(res.statusCode, res.body).toBe(200);
      const r = res.json() as Replay;
      expect(r.error).toBeNull();
      expect(r).toMatchObject({ status: 'DONE', progress: 100 });
      return r;
    },
    /** The ledger's EARN points (reversed earnings left out) of a prefix's twins, in total and by day shifted back. */
    async ledgerOf(prefix: string, shift: number) {
      const rows = await query<{ day: string; points: number }>(sql`
        select ((e.occurred_at at time zone 'UTC')::date + ${shift}::int)::text as day, sum(e.points)::int as points
          from ledger_entries e join customers c on c.id = e.customer_id
          where e.kind = 'EARN' and c.customer_number like ${`${prefix}%`}
            and not exists (select 1 from ledger_entries r where r.reversal_of = e.id)
          group by 1 order by 1`);
      return {
        total: rows.reduce((a, r) => a + r.points, 0),
        byDay: Object.fromEntries(rows.map((r) => [r.day, r.points])),
      };
    },
    /** The customers whose twins' ledgers differ (customers affected, the slow way). */
    async twinsDiffering() {
      const [row] = await query<{ n: number }>(sql`
        with s as (select substr(c.customer_number, 2) as twin, left(c.customer_number, 1) as side, sum(e.points) as p
          from ledger_entries e join customers c on c.id = e.customer_id
          where e.kind = 'EARN' and not exists (select 1 from ledger_entries r where r.reversal_of = e.id)
          group by 1, 2)
        select count(*)::int as n from s a join s b on a.twin = b.twin and a.side = 'A' and b.side = 'B' where a.p <> b.p`);
      return row?.n;
    },
  };
}
