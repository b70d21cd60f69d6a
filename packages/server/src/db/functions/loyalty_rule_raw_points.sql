-- A points rule's points for an amount in whole cents (`p_have`) before the clamp into [min, max],
-- or NULL when its condition is not met: GT, GTE, EQ, LT, LTE award the rule's points once,
-- PER_EACH once per full rule amount. One plain SQL expression (no FROM), so that it is inlined
-- where it is called: as a function call it cost more than the rest of the rule choice.
-- Two forms, one rule: of the rule's fields (its condition, amount, the amount in whole cents
-- `p_unit` = round(amount × 100), points per transaction), which a replay's step reads once per
-- rule (loyalty_rules_may_fire) rather than out of the JSON per earning; and of the rule as JSON
-- (the decision's loop, the simulation), which reads them and asks the first.
CREATE OR REPLACE FUNCTION loyalty_rule_raw_points(
  p_condition text, p_amount numeric, p_unit bigint, p_points bigint, p_have bigint
) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_condition
    WHEN 'GT' THEN CASE WHEN p_have > p_unit THEN p_points END
    WHEN 'GTE' THEN CASE WHEN p_have >= p_unit THEN p_points END
    WHEN 'EQ' THEN CASE WHEN p_have = p_unit THEN p_points END
    WHEN 'LT' THEN CASE WHEN p_have < p_unit THEN p_points END
    WHEN 'LTE' THEN CASE WHEN p_have <= p_unit THEN p_points END
    WHEN 'PER_EACH' THEN CASE WHEN p_amount >= 0.01 AND p_have >= p_unit THEN (p_have / p_unit) * p_points END
  END
$$;
CREATE OR REPLACE FUNCTION loyalty_rule_raw_points(r jsonb, p_have bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT loyalty_rule_raw_points(r ->> 'condition', (r ->> 'amount')::numeric,
    round((r ->> 'amount')::numeric * 100)::bigint, (r ->> 'pointsPerTransaction')::bigint, p_have)
$$;
