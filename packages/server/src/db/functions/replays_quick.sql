-- The earnings of a period decided again set-based (docs/decisions/replay.md, "Decided
-- set-based"): the rows replays_earnings answers, for a candidate without a campaign, in one
-- statement instead of a PL/pgSQL loop deciding each earning twice. Each earning's rule under
-- each configuration is chosen by loyalty_fire_rule_set (the rule choice of loyalty_fire_rule as
-- a query), the business multiplier by loyalty_business_points (monthly cap left out, as in
-- replays_earnings), with the tier history had; the bonus is the posted one. Exact while what
-- replays_earnings carries along a customer changes nothing: no daily limit (`p_limit`) refuses
-- any of their earnings under either configuration, and the candidate's ladder puts their running
-- lifetime points in the tier today's puts today's in, at every earning (so the tier history had
-- decides in both). `exact` says so per customer (false on all their rows otherwise): the caller
-- decides those customers with replays_earnings instead. Writes nothing.
DROP FUNCTION IF EXISTS replays_quick(timestamptz, timestamptz, bigint, bigint, jsonb, jsonb, jsonb, bigint[]);
CREATE OR REPLACE FUNCTION replays_quick(
  p_from timestamptz, p_to timestamptz, p_first bigint, p_last bigint, p_before jsonb, p_after jsonb,
  p_limit jsonb DEFAULT NULL, p_customers bigint[] DEFAULT NULL
)
RETURNS TABLE (entry_id bigint, customer_id bigint, day date, type_id integer, channel text,
  tier_id integer, after_tier_id integer, ledger_points integer, bonus integer, reversed boolean,
  before_points integer, after_points integer, campaign_bonus integer, expires date, exact boolean)
-- Planned on its own (a SET keeps it from being inlined into the caller's statement), once for
-- any arguments: its estimates are then a row or two, for which nested loops look cheapest — a
-- join of the step's earnings with the rules by type, tier and day tried every pair (80 million
-- for 75,000 earnings). So no nested loop where a hash join can do (the rule choice per earning
-- stays one), no JIT, its sorts in memory.
LANGUAGE sql STABLE SET jit = off SET work_mem = '32MB' SET enable_nestloop = off AS $$
  WITH cfg AS (
    -- Each type's rules in evaluation order, sorted once (loyalty_rules_in_order); a ladder's
    -- minimums ascending (width_bucket: the same ladder gives two point counts the same tier when
    -- they reach the same minimums).
    SELECT (SELECT jsonb_object_agg(x.key, loyalty_rules_in_order(x.value))
          FROM jsonb_each(coalesce(p_before -> 'rules', '{}')) x) AS rb,
        (SELECT jsonb_object_agg(x.key, loyalty_rules_in_order(x.value))
          FROM jsonb_each(coalesce(p_after -> 'rules', '{}')) x) AS ra,
        nullif(p_before -> 'business', 'null') - 'monthlyCap' AS bb,
        nullif(p_after -> 'business', 'null') - 'monthlyCap' AS ba,
        p_before -> 'tiers' AS lt, p_after -> 'tiers' AS la,
        (SELECT array_agg((x ->> 1)::integer ORDER BY (x ->> 1)::integer) FROM jsonb_array_elements(p_after -> 'tiers') x)
          AS mins,
        (p_limit ->> 'count')::integer AS lc, (p_limit ->> 'points')::integer AS lp
  ), h AS MATERIALIZED (
    SELECT h.id, h.customer_id, h.occurred_at, (h.occurred_at AT TIME ZONE 'UTC')::date AS d, h.transaction_type_id,
        h.amount, h.channel, h.then_tier, h.points, h.bonus_points, h.was_reversed, h.expires_on, h.posted_day,
        (h.cust).segment AS segment
      FROM replays_history(p_from, p_to, p_first, p_last) h
      WHERE p_customers IS NULL OR h.customer_id = ANY (p_customers)
  ), e0 AS (
    -- The rules that may fire (loyalty_rule_refusal: status, dates, tier) per type, tier and day
    -- of the step, once each rather than per earning.
    SELECT k.transaction_type_id, k.tier, k.d,
        (SELECT jsonb_agg(x.r ORDER BY x.i) FROM jsonb_array_elements(cfg.rb -> k.transaction_type_id::text)
          WITH ORDINALITY x(r, i) WHERE loyalty_rule_refusal(x.r, k.then_tier, to_char(k.d, 'YYYY-MM-DD')) IS NULL) AS rb,
        (SELECT jsonb_agg(x.r ORDER BY x.i) FROM jsonb_array_elements(cfg.ra -> k.transaction_type_id::text)
          WITH ORDINALITY x(r, i) WHERE loyalty_rule_refusal(x.r, k.then_tier, to_char(k.d, 'YYYY-MM-DD')) IS NULL) AS ra
      FROM (SELECT DISTINCT h.transaction_type_id, h.then_tier, coalesce(h.then_tier, -1) AS tier, h.d FROM h) k
        CROSS JOIN cfg
  ), e AS MATERIALIZED (
    SELECT e0.*, e0.rb IS NOT DISTINCT FROM e0.ra AS same FROM e0
  ), d AS (
    SELECT h.*,
        CASE WHEN cfg.bb IS NOT NULL AND h.segment = 'BUSINESS'
          THEN loyalty_business_points(h.customer_id, coalesce(fb.points, 0), h.transaction_type_id, cfg.bb)
          ELSE coalesce(fb.points, 0) END AS pb,
        CASE WHEN cfg.ba IS NOT NULL AND h.segment = 'BUSINESS'
          THEN loyalty_business_points(h.customer_id, coalesce(fa.points, 0), h.transaction_type_id, cfg.ba)
          ELSE coalesce(fa.points, 0) END AS pa
      FROM h CROSS JOIN cfg
        JOIN e ON e.transaction_type_id = h.transaction_type_id AND e.tier = coalesce(h.then_tier, -1) AND e.d = h.d
        LEFT JOIN LATERAL loyalty_fire_rule_set(e.rb, h.then_tier, h.amount, h.d) fb ON true
        -- The candidate's choice where its rules that may fire differ from today's, else today's.
        LEFT JOIN LATERAL (SELECT fb.points WHERE e.same
          UNION ALL SELECT s.points FROM loyalty_fire_rule_set(e.ra, h.then_tier, h.amount, h.d) s WHERE NOT e.same) fa
          ON true
  ), w1 AS (
    -- Before each earning: each configuration's lifetime points (reversed earnings count nothing),
    -- and where a run of one posting day starts (the daily limits' running state restarts there).
    -- Lifetime points before the customer's first earning of the period (as replays_earnings), read
    -- on that earning's row only.
    SELECT d.*, (lag(d.posted_day) OVER c IS DISTINCT FROM d.posted_day)::integer AS starts,
        CASE WHEN lag(d.id) OVER c IS NULL THEN (SELECT coalesce(sum(l.points), 0) FROM ledger_entries l
          WHERE l.customer_id = d.customer_id AND l.lot AND l.id < d.id) END AS lots0,
        coalesce(sum(CASE WHEN NOT d.was_reversed THEN d.pb + d.bonus_points END) OVER c1, 0) AS lb,
        coalesce(sum(CASE WHEN NOT d.was_reversed THEN d.pa + d.bonus_points END) OVER c1, 0) AS la
      FROM d
      WINDOW c AS (PARTITION BY d.customer_id ORDER BY d.id),
        c1 AS (c ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
  ), w2 AS (
    SELECT w1.*, sum(w1.starts) OVER (PARTITION BY w1.customer_id ORDER BY w1.id) AS run,
        max(w1.lots0) OVER (PARTITION BY w1.customer_id) AS lots
      FROM w1
  ), w3 AS (
    -- The day's count and points before the earning (every earning posted: true until one is refused).
    SELECT w2.*, count(*) OVER r1 AS n, coalesce(sum(w2.pb) OVER r1, 0) AS sb, coalesce(sum(w2.pa) OVER r1, 0) AS sa
      FROM w2 WINDOW r1 AS (PARTITION BY w2.customer_id, w2.run ORDER BY w2.id
        ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
  ), x AS (
    SELECT w3.*,
        (cfg.lc IS NULL OR w3.n < cfg.lc)
        AND (cfg.lp IS NULL OR w3.sb + w3.pb <= cfg.lp AND w3.sa + w3.pa <= cfg.lp)
        AND CASE WHEN cfg.la IS NULL OR w3.lb = w3.la AND cfg.lt = cfg.la THEN true
          WHEN cfg.lt = cfg.la THEN width_bucket((w3.lots + w3.lb)::integer, cfg.mins)
            = width_bucket((w3.lots + w3.la)::integer, cfg.mins)
          ELSE replays_ladder_tier(cfg.lt, (w3.lots + w3.lb)::integer)
            IS NOT DISTINCT FROM replays_ladder_tier(cfg.la, (w3.lots + w3.la)::integer) END AS ok
      FROM w3 CROSS JOIN cfg
  )
  SELECT x.id, x.customer_id, x.d, x.transaction_type_id,
      coalesce(x.channel, ''), x.then_tier, x.then_tier, x.points, x.bonus_points, x.was_reversed,
      x.pb + x.bonus_points, x.pa + x.bonus_points, 0, x.expires_on,
      bool_and(x.ok) OVER (PARTITION BY x.customer_id)
    FROM x
$$;
