/**
 * `npm run bench -- --replay` (issue 52): a points-rule change replayed over the last `--days` (90)
 * of the database's earnings, on PostgreSQL, through HTTP as the screen asks for it: the job's time
 * and earnings per second, the server's memory while it runs (sampled every half second), and the
 * screens' latency meanwhile (the customers list and the dashboard, p50/p95/max).
 * Size: `--seed-customers N [--seed-transactions 10]` first adds N demo customers with that many
 * transactions each over the last three months (the demo generator, as `npm run seed:demo`);
 * without it the database is replayed as it is. Method and results: docs/performance.md.
 */
import { loadConfig } from '../packages/server/src/config.ts';
import { openDatabase } from '../packages/server/src/db/client.ts';
import { generateCustomers, seedProgramme } from '../packages/server/src/demo/index.ts';
import { type Bench, memory, pct } from './reports.ts';

/** Adds `customers` demo customers and their last three months of transactions (before the server starts). */
export async function seedReplay(customers: number, transactions: number) {
  const database = await openDatabase(loadConfig().database);
  try {
    await database.migrate();
    const started = Date.now();
    const { typeIds, cardRuleId } = await seedProgramme(database.db);
    await generateCustomers(database.db, typeIds, cardRuleId, {
      customers,
      transactionsPerCustomer: transactions,
      months: 3,
      onProgress: (done) => {
        if (done % 10_000 === 0)
          console.log(`  seeded ${done} / ${customers} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
      },
    });
    console.log(
      `  seeded ${customers} customers × ${transactions} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
}

interface Replay {
  id: number;
  status: string;
  progress: number;
  error: string | null;
  totals: { earnings: number; difference: number; customersAffected: number } | null;
  exactness: { prunedEntries?: number } | null;
  tierMoves: { up: number; down: number } | null;
}

/**
 * `ruleId`: the rule changed (default: the first active one by priority, the demo's Gold card rule,
 * valid from the day the demo was seeded: a change few earnings can feel; the demo's card rule for
 * all tiers, 1, is felt by 70 % of them). The server's `REPLAY_WORKERS` and `REPLAY_PRUNE=off`
 * (replayTuning) compare the ways of running it.
 */
export async function benchReplay(b: Bench, days: number, ruleId?: string) {
  const rules = await b.json<{
    items: (Record<string, unknown> & { id: number; pointsPerTransaction: number })[];
  }>('GET', `/api/admin/points-rules?status=ACTIVE&pageSize=${ruleId ? 100 : 1}`, b.staff);
  const rule = ruleId ? rules.items.find((r) => r.id === Number(ruleId)) : rules.items[0];
  if (!rule) throw new Error('--replay needs an active points rule (seed the demo first)');
  const {
    id,
    createdAt: _c,
    updatedAt: _u,
    transactionTypeName: _n,
    transactionTypeNameAr: _na,
    ...body
  } = rule;
  for (const k of ['transactionTypeCode', 'tierName', 'tierNameAr']) delete body[k];
  const from = new Date(Date.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const to = new Date().toISOString().slice(0, 10);
  const mem = memory(b.server?.pid);
  console.log(`replay of pointsRule.update #${id} (+1 point per transaction) over ${from} to ${to}`);
  const started = performance.now();
  const asked = await b.json<{ id: number }>('POST', '/api/admin/replays', b.staff, {
    command: 'pointsRule.update',
    id,
    input: { ...body, pointsPerTransaction: rule.pointsPerTransaction + 1 },
    from,
    to,
  });
  const screens: number[] = [];
  const rss: number[] = [];
  let r: Replay | undefined;
  let i = 0;
  for (;;) {
    // The screens while it runs: the customers list and the dashboard, one after the other.
    screens.push(
      await b.timed(
        i % 2 ? '/api/admin/dashboard?days=7' : `/api/admin/customers?pageSize=20&page=${1 + (i % 50)}`,
      ),
    );
    i += 1;
    const m = memory(b.server?.pid);
    if (m) rss.push(m.rss);
    if (i % 5 === 0) {
      r = await b.json<Replay>('GET', `/api/admin/replays/${asked.id}`, b.staff);
      if (r.status === 'DONE' || r.status === 'FAILED') break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const ms = performance.now() - started;
  if (r?.status !== 'DONE') throw new Error(`the replay failed: ${r?.error}`);
  const earnings = r.totals?.earnings ?? 0;
  screens.sort((a, c) => a - c);
  console.log(
    `  ${earnings} earnings replayed in ${(ms / 1000).toFixed(1)} s (${Math.round(earnings / (ms / 1000))} earnings/s), ` +
      `difference ${r.totals?.difference} points, ${r.totals?.customersAffected} customers affected, ` +
      `${r.exactness?.prunedEntries ?? 0} not decided twice (pruned), tier moves up ${r.tierMoves?.up} down ${r.tierMoves?.down}`,
  );
  console.log(
    `  screens meanwhile (${screens.length}): p50 ${pct(screens, 50).toFixed(1)} ms   p95 ${pct(screens, 95).toFixed(1)} ms   max ${(screens.at(-1) ?? NaN).toFixed(1)} ms`,
  );
  if (mem && rss.length) {
    console.log(
      `  server memory: ${mem.rss.toFixed(0)} MB before, ${Math.min(...rss).toFixed(0)}–${Math.max(...rss).toFixed(0)} MB while it ran`,
    );
  }
}
