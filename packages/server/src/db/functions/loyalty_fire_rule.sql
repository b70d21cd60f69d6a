-- The points rule that fires for one earning (docs/decisions/loyalty-engine.md, "Points rules and
-- which one fires"): the first in evaluation order that may fire and whose condition is met; its
-- id and points clamped into [min, max], or NULLs when none fires. The decision's rule choice
-- (loyalty_decide_earning); loyalty_rule_verdicts tells the same for every rule, for the
-- simulation. One call per earning and no query: a set-returning function read by a query cost
-- the decision about twice as much.
CREATE OR REPLACE FUNCTION loyalty_fire_rule(
  p_rules jsonb, p_tier_id integer, p_amount numeric, p_date date, OUT rule_id integer, OUT points integer
)
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  rules jsonb := loyalty_rules_in_order(p_rules);
  r jsonb;
  have bigint := round(p_amount * 100);
  day text := to_char(p_date, 'YYYY-MM-DD');
  raw bigint;
BEGIN
  FOR i IN 0 .. jsonb_array_length(rules) - 1 LOOP
    r := rules -> i;
    CONTINUE WHEN loyalty_rule_refusal(r, p_tier_id, day) IS NOT NULL;
    raw := loyalty_rule_raw_points(r, have);
    IF raw IS NOT NULL THEN
      rule_id := (r ->> 'id')::integer;
      points := loyalty_rule_clamp(r, raw);
      RETURN;
    END IF;
  END LOOP;
END
$$;
