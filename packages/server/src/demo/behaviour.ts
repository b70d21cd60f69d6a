import { sql } from 'drizzle-orm';

/**
 * The demo customers' behaviour over time, so that churn is a real, non-trivial question
 * (docs/decisions/analytics.md). Each customer draws a kind and its parameters once; each of
 * their transactions then draws its time from the kind's distribution. Nothing here knows about
 * churn labels or features: whether a customer "churned" after some date is only ever read back
 * from the ledger this produces.
 *
 * - loyal (45 %): transactions spread evenly over the whole period;
 * - fading (25 %): ever fewer as time goes on (density falling linearly to zero today);
 * - lapsed (15 %): evenly until a stopping point drawn between 20 % and 95 % of the period;
 * - seasonal (15 %): in a 2½-month season of their own each year.
 */
export const customerBehaviour = sql`select random() + c.id * 0 as kind, 0.2 + 0.75 * random() + c.id * 0 as stop,
  floor(12 * random() + c.id * 0) as season`;

/** The months before now of one transaction (`b`: the customer's behaviour) in a period of `months`. */
export const behaviourMonthsAgo = (months: number) => sql`case
    when b.kind < 0.45 then random() * ${months}::float8
    when b.kind < 0.70 then sqrt(random()) * ${months}::float8
    when b.kind < 0.85 then (1 - b.stop * random()) * ${months}::float8
    else b.season + 12 * floor(random() * 3) + 2.5 * random() end`;
