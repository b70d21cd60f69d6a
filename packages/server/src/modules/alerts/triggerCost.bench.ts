/**
 * The alerts trigger's cost on earning (docs/performance.md, "Alerts"): the database backend's CPU
 * per earning (`loyalty_post_earnings`, batches of 50, one connection; read from /proc, so the
 * server must be on this machine), with the trigger disabled, enabled with no listening alert,
 * and enabled with an active POINTS_EARNED alert; five alternating rounds, medians printed.
 * Run on a migrated database with a BENCH_SPEND type (`npm run bench` makes it):
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/loyalty_bench npx tsx packages/server/src/modules/alerts/triggerCost.bench.ts
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';

const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
await c.connect();
const q = (text: string, params?: unknown[]) => c.query(text, params);
const tick = Number(process.env.CLK_TCK ?? 100);
const pid = (await q('select pg_backend_pid() as pid')).rows[0].pid as number;
const cpu = () => {
  const f = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
  return (Number(f[11]) + Number(f[12])) / tick;
};
await q(`insert into customers (customer_number, full_name)
  select 'TB-' || g, 'Trigger Bench ' || g from generate_series(1, 2000) g on conflict do nothing`);
const typeId = (await q(`select id from transaction_types where code = 'BENCH_SPEND'`)).rows[0]?.id;
if (!typeId) throw new Error('no BENCH_SPEND transaction type: run npm run bench once on this database');
// The configuration the earnings are decided with (loyalty_decide_earning): the type's points rules.
const config = (
  await q(
    `select json_build_object('rules', json_build_object($1::text, coalesce(json_agg(json_build_object(
       'id', id, 'tierId', tier_id, 'amount', amount, 'condition', condition,
       'pointsPerTransaction', points_per_transaction, 'minPoints', min_points, 'maxPoints', max_points,
       'priority', priority, 'status', status, 'validFrom', valid_from, 'validUntil', valid_until)), '[]'))) as c
     from points_rules where transaction_type_id = $1::int`,
    [typeId],
  )
).rows[0].c;
await q(`insert into alert_categories (name_en, name_ar) values ('TB', 'TB') on conflict do nothing`);
await q(`insert into alert_groups (category_id, name_en, name_ar)
  select id, 'TB', 'TB' from alert_categories where name_en = 'TB' on conflict do nothing`);
await q(`insert into alerts (group_id, name_en, name_ar, event, kind, channels, templates, audience, status)
  select g.id, 'TB earned', 'TB', 'POINTS_EARNED', 'SERVICE', '{IN_APP}', '{}', '{"tierIds":[],"segments":[]}', 'DISABLED'
  from alert_groups g where g.name_en = 'TB' and not exists (select 1 from alerts where name_en = 'TB earned')`);

let n = 0;
async function run(label: string, batches = 40, size = 50) {
  const t0 = Date.now();
  const c0 = cpu();
  for (let b = 0; b < batches; b++) {
    const items = Array.from({ length: size }, () => {
      n++;
      return {
        customerNumber: `TB-${1 + ((n * 7) % 2000)}`,
        externalId: `TB-${Date.now()}-${n}`,
        typeId,
        amount: 100,
        occurredAt: new Date().toISOString(),
        expiresAt: new Date(Date.now() + 7e10).toISOString(),
      };
    }).sort((a, b) => a.customerNumber.localeCompare(b.customerNumber));
    await q('select * from loyalty_post_earnings($1, false, $2)', [JSON.stringify(items), config]);
  }
  const earns = batches * size;
  return { label, perSecond: earns / ((Date.now() - t0) / 1000), cpuMs: ((cpu() - c0) * 1000) / earns };
}

const results = new Map<string, { perSecond: number; cpuMs: number }[]>();
for (let round = 0; round < 5; round++) {
  await q('alter table ledger_entries disable trigger alerts_ledger_events');
  const a = await run('A: trigger disabled');
  await q('alter table ledger_entries enable trigger alerts_ledger_events');
  const b = await run('B: trigger, no active alert');
  await q(`update alerts set status = 'ACTIVE' where name_en = 'TB earned'`);
  const active = await run('C: trigger, active POINTS_EARNED alert');
  await q(`update alerts set status = 'DISABLED' where name_en = 'TB earned'`);
  for (const r of [a, b, active]) results.set(r.label, [...(results.get(r.label) ?? []), r]);
}
const median = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;
for (const [label, rs] of results) {
  console.log(
    `${label}: ${median(rs.map((r) => r.cpuMs)).toFixed(3)} ms backend CPU per earn, ${Math.round(median(rs.map((r) => r.perSecond)))} earns/s`,
  );
}
await c.end();
