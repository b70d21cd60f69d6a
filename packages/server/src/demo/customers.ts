import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.ts';
import { behaviourMonthsAgo, customerBehaviour } from './behaviour.ts';

/** Given names and family names in both scripts, pair by pair. */
const first: [string, string][] = [
  ['Ahmed', 'أحمد'],
  ['Sara', 'سارة'],
  ['Mohammed', 'محمد'],
  ['Fatima', 'فاطمة'],
  ['Omar', 'عمر'],
  ['Noura', 'نورة'],
  ['Khalid', 'خالد'],
  ['Huda', 'هدى'],
  ['Ali', 'علي'],
  ['Reem', 'ريم'],
  ['Yusuf', 'يوسف'],
  ['Lina', 'لينا'],
  ['Faisal', 'فيصل'],
  ['Maha', 'مها'],
  ['Hamad', 'حمد'],
  ['Layla', 'ليلى'],
  ['Saad', 'سعد'],
  ['Dana', 'دانة'],
  ['Tariq', 'طارق'],
  ['Amal', 'أمل'],
];
const last: [string, string][] = [
  ['Al-Harbi', 'الحربي'],
  ['Al-Qahtani', 'القحطاني'],
  ['Al-Otaibi', 'العتيبي'],
  ['Haddad', 'حداد'],
  ['Al-Ghamdi', 'الغامدي'],
  ['Al-Zahrani', 'الزهراني'],
  ['Al-Shehri', 'الشهري'],
  ['Al-Dosari', 'الدوسري'],
  ['Mansour', 'منصور'],
  ['Al-Mutairi', 'المطيري'],
  ['Khoury', 'خوري'],
  ['Al-Amri', 'العمري'],
  ['Saleh', 'صالح'],
  ['Al-Anazi', 'العنزي'],
  ['Nasser', 'ناصر'],
];
const latin = (names: [string, string][]) => names.map(([en]) => en);
const arabic = (names: [string, string][]) => names.map(([, ar]) => ar);

const arr = (xs: string[]) =>
  sql`array[${sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  )}]::text[]`;

export interface GenerateOptions {
  customers: number;
  /** Average transactions per customer, spread over the last `months` months. */
  transactionsPerCustomer: number;
  months: number;
  /** Customers per statement (bounded memory and WAL per step). */
  batch?: number;
  onProgress?: (done: number) => void;
}

/**
 * Adds customers with months of channel transactions, set-based in SQL (generate_series), in
 * batches: customers, their EARN entries (points as the all-tiers rules award them, running
 * balances), then each customer's balance, lifetime points, tier and tier history from the
 * ledger. Numbers continue after the customers already there, so it can be run again.
 */
export async function generateCustomers(
  db: Db,
  types: Record<string, number>,
  ruleId: number | null,
  o: GenerateOptions,
) {
  const batch = o.batch ?? 50_000;
  await db.execute(sql`select setseed(0.4242)`);
  for (let done = 0; done < o.customers; done += batch) {
    const size = Math.min(batch, o.customers - done);
    await db.transaction(async (tx) => {
      const [range] = rowsOf<{ lo: string; hi: string }>(
        await tx.execute(sql`
          with made as (
            insert into customers (customer_number, full_name, full_name_ar, mobile, email, language, status, segment, joined_at)
            -- Every customer's name in both scripts (the account's Latin one and the Arabic one).
            select (1000000 + base + i)::text,
              (${arr(latin(first))})[1 + (i * 7) % ${first.length}] || ' ' || (${arr(latin(last))})[1 + (i * 13) % ${last.length}],
              (${arr(arabic(first))})[1 + (i * 7) % ${first.length}] || ' ' || (${arr(arabic(last))})[1 + (i * 13) % ${last.length}],
              '+9665' || lpad(((base + i) * 7919 % 100000000)::text, 8, '0'),
              lower((${arr(latin(first))})[1 + (i * 7) % ${first.length}]) || '.' || (base + i) || '@example.com',
              case when ar then 'ar' else 'en' end,
              case when random() < 0.02 then 'BLOCKED' when random() < 0.01 then 'CLOSED' else 'ACTIVE' end,
              case when random() < 0.12 then 'BUSINESS' else 'RETAIL' end,
              now() - (random() * interval '1095 days') - interval '30 days'
            from (select coalesce(max(id), 0) as base from customers) b,
              generate_series(1, ${size}) i,
              -- i * 0 ties the draw to each row (an uncorrelated subquery is evaluated once).
              lateral (select random() + i * 0 < 0.35 as ar) lang
            returning id
          )
          select min(id) as lo, max(id) as hi from made`),
      );
      const lo = Number(range?.lo);
      const hi = Number(range?.hi);
      // What eligibility criteria decide with: nationality and residency as in a Saudi bank's book
      // (most citizens, many residents), a date of birth (18 to 68), a KYC level and products held.
      await tx.execute(sql`
        update customers c set
          nationality = case when x.r < 0.62 then 'SA' when x.r < 0.70 then 'EG' when x.r < 0.77 then 'IN'
            when x.r < 0.83 then 'PK' when x.r < 0.88 then 'JO' when x.r < 0.92 then 'AE' when x.r < 0.95 then 'PH'
            else 'GB' end,
          residency = case when x.r < 0.62 then 'CITIZEN' when x.r < 0.985 then 'RESIDENT' else 'NON_RESIDENT' end,
          date_of_birth = ((now() at time zone 'UTC')::date - interval '18 years' - x.age * interval '50 years')::date,
          kyc_level = case when x.k < 0.08 then 1 when x.k < 0.85 then 2 else 3 end,
          products = array_remove(array[
            'CURRENT_ACCOUNT',
            case when x.p1 < 0.6 then 'DEBIT_CARD' end,
            case when x.p2 < 0.35 then 'CREDIT_CARD' end,
            case when x.p3 < 0.3 then 'SAVINGS_ACCOUNT' end,
            case when x.p4 < 0.18 then 'PERSONAL_FINANCE' end,
            case when x.p4 > 0.93 then 'HOME_FINANCE' end,
            case when c.segment = 'BUSINESS' then 'BUSINESS_ACCOUNT' when x.p5 < 0.5 then 'PAYROLL' end
          ], null)
        from (select id, random() as r, random() as age, random() as k, random() as p1, random() as p2,
                random() as p3, random() as p4, random() as p5
              from customers where id between ${lo} and ${hi}) x
        where c.id = x.id`);
      // EARN entries: card, online and bill payments over the last months (points per the rules),
      // with their running balance, in time order. The history ends before today (UTC): the tier
      // bonuses start today (demo/programme.ts), and a replay of today's rules decides an earning of
      // today with them, where these points are the all-tiers rules' (docs/decisions/replay.md).
      await tx.execute(sql`
        insert into ledger_entries (customer_id, kind, points, balance_after, lot, expires_at, reference, external_id,
          transaction_type_id, amount, rule_id, occurred_at, channel)
        select customer_id, 'EARN', points, sum(points) over (partition by customer_id order by occurred_at, ext),
          true, occurred_at + interval '24 months', 'txn:' || ext, ext, type_id, amount, ${ruleId}, occurred_at, channel
        from (
          select c.id as customer_id, 'DEMO-' || c.id || '-' || n as ext,
            -- The behaviour's time over the period, scaled to the customer's own months with the bank
            -- when they joined within it (not piled onto the day they joined).
            h.end_at - least(${o.months}::float8, ${behaviourMonthsAgo(o.months)}) / ${o.months}::float8
              * least(${o.months}::float8, extract(epoch from h.end_at - c.joined_at) / 2629746) * interval '1 month' as occurred_at,
            t.type_id, t.amount,
            -- Card spend comes from the tills, the rest from the app or internet banking.
            case when t.code = 'CARD_SPEND' then 'POS' when random() < 0.65 then 'MOBILE_APP'
              else 'INTERNET_BANKING' end as channel,
            case t.code when 'BILL_PAY' then case when t.amount >= 100 then 25 else 0 end
              when 'ONLINE_SPEND' then least(1500, greatest(1, floor(t.amount / 10)::int * 2))
              else least(1000, greatest(1, floor(t.amount / 10)::int)) end as points
          from customers c
            cross join (select date_trunc('day', now(), 'UTC') - interval '1 second' as end_at) h
            -- Some customers spend far more, and far more often, than others.
            cross join lateral (select 1 + 200 * power(random() + c.id * 0, 5) as wealth) w
            -- How each customer behaves over time (demo/behaviour.ts): loyal, fading, lapsed, seasonal.
            cross join lateral (${customerBehaviour}) b
            cross join lateral (select w.wealth,
              1 + floor(power(random() + c.id * 0, 2) * ${o.transactionsPerCustomer * 2} + (w.wealth * ${o.transactionsPerCustomer}) / 32)::int as activity) p
            cross join lateral generate_series(1, p.activity) n
            cross join lateral (
              select case when r < 0.7 then 'CARD_SPEND' when r < 0.9 then 'ONLINE_SPEND' else 'BILL_PAY' end as code,
                round(((20 + random() * 1500) * p.wealth)::numeric, 2) as amount
              from (select random() + n * 0 as r) x
            ) pick
            cross join lateral (select pick.code, pick.amount,
              case pick.code when 'CARD_SPEND' then ${types.CARD_SPEND ?? null}::int
                when 'ONLINE_SPEND' then ${types.ONLINE_SPEND ?? null}::int else ${types.BILL_PAY ?? null}::int end as type_id) t
          where c.id between ${lo} and ${hi}
        ) tx
        order by customer_id, occurred_at, ext`);
      // Then the customers' totals and tiers.
      await tx.execute(sql`
        update customers c set balance = s.total, lifetime_points = s.total, last_activity_at = s.last,
          tier_id = (select t.id from tiers t where t.min_points <= s.total order by t.min_points desc limit 1)
        from (select customer_id, sum(points)::int as total, max(occurred_at) as last
              from ledger_entries where customer_id between ${lo} and ${hi} group by customer_id) s
        where c.id = s.customer_id`);
      await tx.execute(sql`
        update customers set tier_id = (select id from tiers order by min_points limit 1)
        where id between ${lo} and ${hi} and tier_id is null`);
      // Tier history: when each customer's running total first reached each tier above the first.
      await tx.execute(sql`
        insert into customer_tier_history (customer_id, from_tier_id, from_tier_name, to_tier_id, to_tier_name, qualifying_points, reason, changed_at)
        select customer_id, lag(tier_id) over w, lag(tier_name) over w, tier_id, tier_name, reached, 'EARN', at
        from (
          select e.customer_id, t.id as tier_id, t.name as tier_name, t.min_points,
            min(e.balance_after) as reached, min(e.occurred_at) as at
          from ledger_entries e join tiers t on e.balance_after >= t.min_points
          where e.customer_id between ${lo} and ${hi}
          group by e.customer_id, t.id, t.name, t.min_points
        ) crossed
        window w as (partition by customer_id order by min_points)`);
    });
    o.onProgress?.(done + size);
  }
  await db.execute(sql`analyze customers`);
  await db.execute(sql`analyze ledger_entries`);
}
