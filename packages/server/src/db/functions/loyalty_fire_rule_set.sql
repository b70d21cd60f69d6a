-- The points rule that fires for one earning, as a query (docs/decisions/replay.md, "Decided
-- set-based"): the same parts as loyalty_fire_rule (loyalty_rule_refusal through
-- loyalty_rules_may_fire, loyalty_rule_raw_points, loyalty_rule_clamp) and the same choice — the
-- first rule of `p_rules` that may fire and whose condition is met, its id and points clamped into
-- [min, max]; no row when none fires. `p_rules` must come in evaluation order
-- (loyalty_rules_in_order: the caller sorts once, not per earning). Plain SQL, so that it is inlined
-- into a statement over many earnings (an import's batch), where one call of the PL/pgSQL loop per
-- earning cost ten times as much. A property test holds it to loyalty_fire_rule on every rule shape
-- (pointsRules.engine.test.ts); the posting path keeps the loop (one earning per call, where a
-- query costs more). A replay's step joins its earnings with loyalty_rules_may_fire instead.
CREATE OR REPLACE FUNCTION loyalty_fire_rule_set(p_rules jsonb, p_tier_id integer, p_amount numeric, p_date date)
RETURNS TABLE (rule_id integer, points integer)
LANGUAGE sql IMMUTABLE AS $$
  SELECT m.rule_id, loyalty_rule_clamp(m.min_points, m.max_points,
      loyalty_rule_raw_points(m.condition, m.amount, m.unit, m.points, round(p_amount * 100)::bigint))
    FROM loyalty_rules_may_fire(p_rules, p_tier_id, p_date) m
    WHERE loyalty_rule_raw_points(m.condition, m.amount, m.unit, m.points, round(p_amount * 100)::bigint) IS NOT NULL
    ORDER BY m.ord
    LIMIT 1
$$;
