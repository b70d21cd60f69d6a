-- The earnings of a period decided again set-based (docs/decisions/replay.md, "Decided
-- set-based"): the rows replays_earnings answers, for a candidate without a campaign, in one
-- statement instead of a PL/pgSQL loop deciding each earning twice. Each earning's rule under
-- each configuration is the first of the rules that may fire (loyalty_rules_may_fire, once per
-- type, tier and day) whose condition its amount meets (loyalty_rule_raw_points, loyalty_rule_clamp:
-- loyalty_fire_rule's choice, of the same parts), looked up in that choice made once per list of
-- rules as steps of the amount (replays_rule_steps) rather than joined per earning; the business multiplier by
-- loyalty_business_points (monthly cap left out, as in replays_earnings), with the tier history
-- had; the bonus is the posted one. Exact while what replays_earnings carries along a customer
-- changes nothing: no daily limit (`p_limit`) refuses the earning under either configuration, and
-- the candidate's ladder puts the running lifetime points in the tier today's puts today's in (so
-- the tier history had decides in both). `exact` says so of an earning and every earlier one of
-- its customer: those rows are what the loop answers. On the customer's first row that is not,
-- `resume` carries the state the loop starts that earning with (replays_earnings' `p_resume`); the
-- caller decides the customer's rows from there with the loop. A customer whose tier no earning of
-- the period can move (`settled`) is exact without the running figures. Writes nothing.
-- Pruning ("Pruning" in the decision record): with `p_changed` (the versions a rule candidate adds,
-- changes or removes, by transaction type), only the customers with an earning one of them may fire
-- for (loyalty_rules_may_fire: status, dates, the tier then) and whose condition its amount meets
-- are decided; the others' earnings come back with their posted points, `decided` false. The
-- step's earnings are read once for both (`h0`). Without it, every customer is decided.
DROP FUNCTION IF EXISTS replays_quick(timestamptz, timestamptz, bigint, bigint, jsonb, jsonb, jsonb, bigint[]);
DROP FUNCTION IF EXISTS replays_quick(timestamptz, timestamptz, bigint, bigint, jsonb, jsonb, jsonb, jsonb);
CREATE OR REPLACE FUNCTION replays_quick(
  p_from timestamptz, p_to timestamptz, p_first bigint, p_last bigint, p_before jsonb, p_after jsonb,
  p_limit jsonb DEFAULT NULL, p_changed jsonb DEFAULT NULL
)
RETURNS TABLE (entry_id bigint, customer_id bigint, day date, type_id integer, channel text,
  tier_id integer, after_tier_id integer, ledger_points integer, bonus integer, reversed boolean,
  before_points integer, after_points integer, campaign_bonus integer, expires date, exact boolean, resume jsonb,
  decided boolean)
-- Planned on its own (a SET keeps it from being inlined into the caller's statement), once for
-- any arguments: its estimates are then a row or two, for which nested loops look cheapest — a
-- join of the step's earnings with the rules by type, tier and day tried every pair (80 million
-- for 75,000 earnings) — and sorting to group or make distinct (the step's groups found by
-- sorting its earnings). So hash joins (a merge join sorted the step's earnings once per join:
-- 5 % of a step) and hashed grouping (the windows still sort: nothing else gives their order),
-- no JIT, its sorts in memory.
LANGUAGE sql STABLE SET jit = off SET work_mem = '32MB' SET enable_nestloop = off SET enable_mergejoin = off
  SET enable_sort = off AS $$
  WITH RECURSIVE cfg AS (
    -- Each type's rules in evaluation order, sorted once (loyalty_rules_in_order). Each ladder as
    -- its steps (replays_ladder_steps: `lt_*` today's, `la_*` the candidate's); the same ladder gives
    -- two point counts the same tier when they reach the same minimums.
    SELECT (SELECT jsonb_object_agg(x.key, loyalty_rules_in_order(x.value))
          FROM jsonb_each(coalesce(p_before -> 'rules', '{}')) x) AS rb,
        (SELECT jsonb_object_agg(x.key, loyalty_rules_in_order(x.value))
          FROM jsonb_each(coalesce(p_after -> 'rules', '{}')) x) AS ra,
        nullif(p_before -> 'business', 'null') - 'monthlyCap' AS bb,
        nullif(p_after -> 'business', 'null') - 'monthlyCap' AS ba,
        p_before -> 'tiers' AS lt, p_after -> 'tiers' AS la,
        (p_limit ->> 'count')::integer AS lc, (p_limit ->> 'points')::integer AS lp,
        today.ids AS lt_ids, today.mins AS lt_mins, cand.ids AS la_ids, cand.mins AS la_mins,
        coalesce(p_after ->> 'downgrade', 'IMMEDIATE') = 'IMMEDIATE' AS immediate,
        -- Compared once here, not as JSON on every earning below.
        (p_before -> 'tiers') IS NOT DISTINCT FROM (p_after -> 'tiers') AS same_ladder
      FROM replays_ladder_steps(p_before -> 'tiers') today, replays_ladder_steps(p_after -> 'tiers') cand
  ), h0 AS MATERIALIZED (
    SELECT h.id, h.customer_id, h.occurred_at, (h.occurred_at AT TIME ZONE 'UTC')::date AS d, h.transaction_type_id,
        h.amount, h.channel, h.then_tier, h.points, h.bonus_points, h.was_reversed, h.expires_on, h.posted_day,
        h.segment, round(h.amount * 100)::bigint AS have
      FROM replays_history(p_from, p_to, p_first, p_last) h
  ), k AS (
    SELECT DISTINCT h0.transaction_type_id, h0.then_tier, h0.d FROM h0
  ), g AS (
    -- The groups decided: each earning's type, tier then and day under today's configuration (1)
    -- and the versions the candidate changes (3: pruning); under the candidate's (2), each type and
    -- day at every tier an earning can be decided with (the tiers' fixed point, below, moves
    -- them): its ladder's, none, one history had.
    SELECT k.transaction_type_id, k.then_tier AS tier, k.d, c.cfg FROM k CROSS JOIN (VALUES (1), (3)) c (cfg)
    UNION ALL
    SELECT td.transaction_type_id, t.tier, td.d, 2
      FROM (SELECT DISTINCT k.transaction_type_id, k.d FROM k) td
        CROSS JOIN (SELECT DISTINCT u.tier FROM (SELECT unnest(cfg.la_ids) AS tier FROM cfg UNION ALL SELECT NULL
          UNION ALL SELECT k.then_tier FROM k) u) t
  ), rr AS (
    -- The rules that may fire (loyalty_rules_may_fire: status, dates, tier) per group, in
    -- evaluation order, as one row of arrays: found once per group, not per earning.
    SELECT g.transaction_type_id, coalesce(g.tier, -1) AS tier, g.d, g.cfg,
        array_agg(m.rule_id ORDER BY m.ord) AS ids, array_agg(m.condition ORDER BY m.ord) AS conditions,
        array_agg(m.amount ORDER BY m.ord) AS amounts, array_agg(m.unit ORDER BY m.ord) AS units,
        array_agg(m.points ORDER BY m.ord) AS points, array_agg(m.min_points ORDER BY m.ord) AS mins,
        array_agg(m.max_points ORDER BY m.ord) AS maxs
      FROM g CROSS JOIN cfg
        CROSS JOIN LATERAL loyalty_rules_may_fire(CASE g.cfg WHEN 1 THEN cfg.rb WHEN 2 THEN cfg.ra ELSE p_changed END
          -> g.transaction_type_id::text, g.tier, g.d) m
      GROUP BY g.transaction_type_id, g.tier, g.d, g.cfg
  ), lists AS MATERIALIZED (
    -- Each distinct list's choice as steps of the amount (replays_rule_steps), made once.
    SELECT l.*, s.bounds, s.conditions AS s_conditions, s.amounts AS s_amounts, s.units AS s_units,
        s.points AS s_points, s.mins AS s_mins, s.maxs AS s_maxs
      FROM (SELECT DISTINCT rr.ids, rr.conditions, rr.amounts, rr.units, rr.points, rr.mins, rr.maxs FROM rr) l
        CROSS JOIN LATERAL replays_rule_steps(l.ids, l.conditions, l.amounts, l.units, l.points, l.mins, l.maxs) s
  ), st AS MATERIALIZED (
    SELECT rr.transaction_type_id, rr.tier, rr.d, rr.cfg, l.bounds, l.s_conditions AS conditions,
        l.s_amounts AS amounts, l.s_units AS units, l.s_points AS points, l.s_mins AS mins, l.s_maxs AS maxs
      FROM rr JOIN lists l ON l.ids = rr.ids AND l.conditions = rr.conditions AND l.amounts = rr.amounts
        AND l.units = rr.units AND l.points = rr.points AND l.mins = rr.mins AND l.maxs = rr.maxs
  ), touched AS (
    -- Pruning: the customers with an earning a changed version may fire for, its condition met.
    SELECT DISTINCT h.customer_id
      FROM h0 h JOIN st c ON c.cfg = 3 AND c.transaction_type_id = h.transaction_type_id
        AND c.tier = coalesce(h.then_tier, -1) AND c.d = h.d
      WHERE c.conditions[width_bucket(h.have, c.bounds) + 1] IS NOT NULL
  ), at AS (
    -- Each earning decided with its group's steps under each configuration (one join per
    -- configuration with a table of a row per group) and the step its amount is in.
    SELECT h.id, h.customer_id, h.posted_day, h.was_reversed, h.bonus_points, h.then_tier, h.segment,
        h.transaction_type_id, h.have, h.d, h.channel, h.points, h.expires_on,
        b.conditions AS bc, b.amounts AS ba, b.units AS bu, b.points AS bp, b.mins AS bn, b.maxs AS bx,
        a.conditions AS ac, a.amounts AS aa, a.units AS au, a.points AS ap, a.mins AS an, a.maxs AS ax,
        width_bucket(h.have, b.bounds) + 1 AS bi, width_bucket(h.have, a.bounds) + 1 AS ai
      FROM h0 h
        LEFT JOIN st b ON b.cfg = 1 AND b.transaction_type_id = h.transaction_type_id AND b.tier = coalesce(h.then_tier, -1) AND b.d = h.d
        LEFT JOIN st a ON a.cfg = 2 AND a.transaction_type_id = h.transaction_type_id AND a.tier = coalesce(h.then_tier, -1) AND a.d = h.d
      WHERE p_changed IS NULL OR h.customer_id IN (SELECT t.customer_id FROM touched t)
      -- Fences (here and below): each step found once, and the rule's fields read from it once, as
      -- columns the next level reads.
      OFFSET 0
  ), chosen AS (
    SELECT x.id, x.customer_id, x.posted_day, x.was_reversed, x.bonus_points, x.then_tier, x.segment,
        x.transaction_type_id, x.have, x.d, x.channel, x.points, x.expires_on,
        x.bc[x.bi] AS b_condition, x.ba[x.bi] AS b_amount, x.bu[x.bi] AS b_unit, x.bp[x.bi] AS b_points,
        x.bn[x.bi] AS b_min, x.bx[x.bi] AS b_max,
        x.ac[x.ai] AS a_condition, x.aa[x.ai] AS a_amount, x.au[x.ai] AS a_unit, x.ap[x.ai] AS a_points,
        x.an[x.ai] AS a_min, x.ax[x.ai] AS a_max
      FROM at x OFFSET 0
  ), d0 AS MATERIALIZED (
    -- The decided earnings with each configuration's points (the business multiplier applied).
    SELECT h.id, h.customer_id, h.posted_day, h.was_reversed, h.bonus_points, h.then_tier,
        h.d, h.transaction_type_id, h.channel, h.points, h.expires_on,
        CASE WHEN cfg.bb IS NOT NULL AND h.segment = 'BUSINESS'
          THEN loyalty_business_points(h.customer_id, h.pb, h.transaction_type_id, cfg.bb) ELSE h.pb END AS pb,
        CASE WHEN cfg.ba IS NOT NULL AND h.segment = 'BUSINESS'
          THEN loyalty_business_points(h.customer_id, h.pa, h.transaction_type_id, cfg.ba) ELSE h.pa END AS pa
      FROM (SELECT x.*,
          coalesce(loyalty_rule_clamp(x.b_min, x.b_max, loyalty_rule_raw_points(x.b_condition, x.b_amount, x.b_unit, x.b_points, x.have)), 0) AS pb,
          coalesce(loyalty_rule_clamp(x.a_min, x.a_max, loyalty_rule_raw_points(x.a_condition, x.a_amount, x.a_unit, x.a_points, x.have)), 0) AS pa
        FROM chosen x) h CROSS JOIN cfg
  ), cu AS MATERIALIZED (
    -- Per customer decided: the lifetime points before the period (as replays_earnings: before
    -- their first earning of it), and whether they are `settled`: their tier no earning of the
    -- period can move under either configuration (with no daily limit). Their points only rise,
    -- and each ladder puts the lifetime points before the period and after it (each
    -- configuration's, reversed earnings counting nothing) in the same step, so every running
    -- total between is in it too — every earning `ok` (below) as the first is, which holds when
    -- both ladders give that step one tier. Exact without the windows below.
    SELECT g.customer_id, g.lots, cfg.lc IS NULL AND cfg.lp IS NULL AND coalesce(cfg.la IS NULL OR g.rising
        AND width_bucket(g.lots::integer, cfg.lt_mins) = width_bucket((g.lots + g.tb)::integer, cfg.lt_mins)
        AND width_bucket(g.lots::integer, cfg.la_mins) = width_bucket((g.lots + g.ta)::integer, cfg.la_mins)
        AND cfg.lt_ids[width_bucket(g.lots::integer, cfg.lt_mins)]
          IS NOT DISTINCT FROM cfg.la_ids[width_bucket(g.lots::integer, cfg.la_mins)], false) AS settled
      FROM (SELECT t.*, (SELECT coalesce(sum(l.points), 0) FROM ledger_entries l
            WHERE l.customer_id = t.customer_id AND l.lot AND l.id < t.first_id) AS lots
          FROM (SELECT d0.customer_id, min(d0.id) AS first_id,
              coalesce(sum(d0.pb + d0.bonus_points) FILTER (WHERE NOT d0.was_reversed), 0) AS tb,
              coalesce(sum(d0.pa + d0.bonus_points) FILTER (WHERE NOT d0.was_reversed), 0) AS ta,
              bool_and(d0.pb >= 0 AND d0.pa >= 0 AND d0.bonus_points >= 0) AS rising
            FROM d0 GROUP BY d0.customer_id) t
          -- A fence: each customer's lots read once, not once per reference to them below.
          OFFSET 0) g
        CROSS JOIN cfg
  ), d AS (
    -- The others', for the running figures: what the windows below carry (narrow: each window
    -- copies its rows); the rest is joined at the end.
    SELECT d0.id, d0.customer_id, d0.posted_day, d0.was_reversed, d0.bonus_points, d0.then_tier, d0.pb, d0.pa, cu.lots
      FROM d0 JOIN cu ON cu.customer_id = d0.customer_id WHERE NOT cu.settled
  ), w1 AS NOT MATERIALIZED (
    -- Every running figure in one order (the customer's earnings by id) and one frame: no sort
    -- after the first, and a figure before the earning is the one up to it less its own. Before
    -- each earning: each configuration's lifetime points (reversed earnings count nothing) and its
    -- points so far (`cb`, `ca`: the daily limits' sums), and whether a run of one posting day
    -- starts there (the daily limits' running state restarts at it). The tier the candidate's
    -- earning before had (the loop's running tier: the one history had while the ladders agree),
    -- for a customer's first row not exact.
    SELECT d.*, lag(d.posted_day) OVER c IS DISTINCT FROM d.posted_day AS starts, row_number() OVER c AS rn,
        CASE WHEN lag(d.id) OVER c IS NULL THEN d.then_tier ELSE lag(d.then_tier) OVER c END AS prev_tier,
        coalesce(sum(CASE WHEN NOT d.was_reversed THEN d.pb + d.bonus_points END) OVER c, 0)
          - CASE WHEN NOT d.was_reversed THEN d.pb + d.bonus_points ELSE 0 END AS lb,
        coalesce(sum(CASE WHEN NOT d.was_reversed THEN d.pa + d.bonus_points END) OVER c, 0)
          - CASE WHEN NOT d.was_reversed THEN d.pa + d.bonus_points ELSE 0 END AS la,
        sum(d.pb) OVER c - d.pb AS cb, sum(d.pa) OVER c - d.pa AS ca
      FROM d
      WINDOW c AS (PARTITION BY d.customer_id ORDER BY d.id ROWS UNBOUNDED PRECEDING)
  ), w3 AS (
    -- With a daily limit, the day's count and points before the earning (every earning posted: true
    -- until one is refused), from the run's first row (the latest that starts one: its number and
    -- the points before it), carried along in the same order. Without one, nothing reads them (and
    -- the window is not run: the branch's test is on the arguments alone).
    SELECT w2.*, w2.rn - w2.r0[1] AS n, w2.cb - w2.r0[2] AS sb, w2.ca - w2.r0[3] AS sa
      FROM (SELECT w1.*, max(ARRAY[w1.rn, w1.cb, w1.ca]) FILTER (WHERE w1.starts) OVER c AS r0
        FROM w1 WINDOW c AS (PARTITION BY w1.customer_id ORDER BY w1.id ROWS UNBOUNDED PRECEDING)) w2
      WHERE p_limit ->> 'count' IS NOT NULL OR p_limit ->> 'points' IS NOT NULL
    UNION ALL
    SELECT w1.*, NULL, 0, 0, 0 FROM w1 WHERE p_limit ->> 'count' IS NULL AND p_limit ->> 'points' IS NULL
  ), x AS (
    SELECT w3.*,
        (cfg.lc IS NULL OR w3.n < cfg.lc)
        AND (cfg.lp IS NULL OR w3.sb + w3.pb <= cfg.lp AND w3.sa + w3.pa <= cfg.lp)
        AND CASE WHEN cfg.la IS NULL OR w3.lb = w3.la AND cfg.same_ladder THEN true
          WHEN cfg.same_ladder THEN width_bucket((w3.lots + w3.lb)::integer, cfg.la_mins)
            = width_bucket((w3.lots + w3.la)::integer, cfg.la_mins)
          ELSE replays_ladder_tier(cfg.lt, (w3.lots + w3.lb)::integer)
            IS NOT DISTINCT FROM replays_ladder_tier(cfg.la, (w3.lots + w3.la)::integer) END AS ok
      FROM w3 CROSS JOIN cfg
  ), y AS MATERIALIZED (
    SELECT x.*, coalesce(bool_and(x.ok) OVER (PARTITION BY x.customer_id ORDER BY x.id
        ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), true) AS ok_before
      FROM x
  ), z AS MATERIALIZED (
    -- The tiers followed to their fixed point (with no daily limit): a customer's earnings from the
    -- first one not exact, where the candidate's tier leaves history's. The candidate's tier at each
    -- depends only on its earlier earnings (their points, the tier before), so the tiers that decide
    -- every earning as the tiers before it leave it are the loop's, whatever the way to them: each
    -- round decides them again from the last round's, until a round changes none of the
    -- customer's. `expected`: today's ladder on today's points (which the candidate does not move).
    SELECT y.id, y.customer_id, h.transaction_type_id, h.d, h.have, h.segment, y.was_reversed, y.bonus_points,
        y.then_tier, y.pa, cfg.lt_ids[width_bucket((y.lots + y.lb)::integer, cfg.lt_mins)] AS expected,
        first_value(y.lots + y.la) OVER c AS la0, first_value(y.prev_tier) OVER c AS t0
      FROM y JOIN h0 h ON h.id = y.id CROSS JOIN cfg
      WHERE cfg.lc IS NULL AND cfg.lp IS NULL AND cfg.la IS NOT NULL AND NOT (y.ok_before AND y.ok)
      WINDOW c AS (PARTITION BY y.customer_id ORDER BY y.id)
  ), fp AS (
    -- Round 0: the tiers history had. Each round: the candidate's lifetime points along the
    -- customer from the last round's points, its ladder's tier (replays_earnings' rule: where it
    -- differs from today's, an upgrade at once, a downgrade only under IMMEDIATE; elsewhere the
    -- tier history had), the points at that tier; `done` when no tier of the customer moved.
    SELECT 0 AS k, z.id, z.customer_id, z.then_tier AS t, z.pa, false AS done FROM z
    UNION ALL
    SELECT s.k + 1, s.id, s.customer_id, s.t2,
        CASE WHEN cfg.ba IS NOT NULL AND s.segment = 'BUSINESS'
          THEN loyalty_business_points(s.customer_id, coalesce(c.points, 0), s.transaction_type_id, cfg.ba)
          ELSE coalesce(c.points, 0) END,
        bool_and(s.t2 IS NOT DISTINCT FROM s.t) OVER (PARTITION BY s.customer_id)
      FROM (
        SELECT r.*, CASE WHEN r.cand IS DISTINCT FROM r.expected THEN
                CASE WHEN cfg.immediate OR r.cand IS NOT NULL AND cfg.la_mins[array_position(cfg.la_ids, r.cand)]
                    >= coalesce(cfg.la_mins[array_position(cfg.la_ids, r.before)], -1) THEN r.cand ELSE r.before END
              ELSE r.then_tier END AS t2
          FROM (
            SELECT f.k, f.id, f.customer_id, f.t, z.transaction_type_id, z.d, z.have, z.segment, z.expected, z.then_tier,
                cfg.la_ids[width_bucket((z.la0 + coalesce(sum(CASE WHEN NOT z.was_reversed THEN f.pa + z.bonus_points END)
                  OVER (w ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0))::integer, cfg.la_mins)] AS cand,
                CASE WHEN lag(f.id) OVER w IS NULL THEN z.t0 ELSE lag(f.t) OVER w END AS before
              FROM fp f JOIN z ON z.id = f.id CROSS JOIN cfg
              WHERE NOT f.done AND f.k < 6
              WINDOW w AS (PARTITION BY f.customer_id ORDER BY f.id)
          ) r CROSS JOIN cfg
      ) s CROSS JOIN cfg
        -- The candidate's rule at that tier: its group's step of the amount, as `chosen` reads it.
        LEFT JOIN st a ON a.cfg = 2 AND a.transaction_type_id = s.transaction_type_id AND a.tier = coalesce(s.t2, -1)
          AND a.d = s.d
        CROSS JOIN LATERAL (SELECT loyalty_rule_clamp(a.mins[width_bucket(s.have, a.bounds) + 1],
            a.maxs[width_bucket(s.have, a.bounds) + 1], loyalty_rule_raw_points(a.conditions[width_bucket(s.have, a.bounds) + 1],
              a.amounts[width_bucket(s.have, a.bounds) + 1], a.units[width_bucket(s.have, a.bounds) + 1],
              a.points[width_bucket(s.have, a.bounds) + 1], s.have)) AS points) c
  ), fixed AS (
    SELECT fp.id, fp.t, fp.pa FROM fp WHERE fp.done
  )
  -- A customer whose tiers reached their fixed point is exact; the others resume in the loop.
  SELECT y.id, y.customer_id, h.d, h.transaction_type_id,
      coalesce(h.channel, ''), y.then_tier, CASE WHEN fx.id IS NULL THEN y.then_tier ELSE fx.t END, h.points,
      y.bonus_points, y.was_reversed, y.pb + y.bonus_points, coalesce(fx.pa, y.pa) + y.bonus_points, 0, h.expires_on,
      y.ok_before AND y.ok OR fx.id IS NOT NULL,
      CASE WHEN y.ok_before AND NOT y.ok AND fx.id IS NULL THEN jsonb_build_object('from', y.id, 'lb', y.lots + y.lb,
        'la', y.lots + y.la, 'n', y.n, 'sb', y.sb, 'sa', y.sa, 'day', y.posted_day, 'tier', y.prev_tier) END,
      true
    FROM y JOIN h0 h ON h.id = y.id LEFT JOIN fixed fx ON fx.id = y.id
  UNION ALL
  -- The customers whose tier no earning moves: exact as decided.
  SELECT d0.id, d0.customer_id, d0.d, d0.transaction_type_id, coalesce(d0.channel, ''), d0.then_tier, d0.then_tier,
      d0.points, d0.bonus_points, d0.was_reversed, d0.pb + d0.bonus_points, d0.pa + d0.bonus_points, 0, d0.expires_on,
      true, NULL, true
    FROM d0 JOIN cu ON cu.customer_id = d0.customer_id WHERE cu.settled
  UNION ALL
  -- The customers not decided (pruned): their earnings as posted, before and after.
  SELECT h0.id, h0.customer_id, h0.d, h0.transaction_type_id, coalesce(h0.channel, ''), h0.then_tier, h0.then_tier,
      h0.points, h0.bonus_points, h0.was_reversed, h0.points, h0.points, 0, h0.expires_on, true, NULL, false
    FROM h0 WHERE p_changed IS NOT NULL AND h0.customer_id NOT IN (SELECT t.customer_id FROM touched t)
$$;