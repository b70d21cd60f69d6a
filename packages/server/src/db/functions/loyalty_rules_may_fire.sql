-- The points rules of `p_rules` that may fire for an earning of a tier and a day (loyalty_rule_refusal:
-- status, validity dates, tier), each with its place (`ord`, from 1) in `p_rules`, which must come in
-- evaluation order (loyalty_rules_in_order), and the fields its points are decided by (the typed
-- forms of loyalty_rule_raw_points and loyalty_rule_clamp take them). The first of them whose
-- condition the amount meets is the rule that fires: loyalty_fire_rule_set takes it for one
-- earning; a replay's step (replays_quick) joins its earnings with these rows, found once per
-- type, tier and day ("Decided set-based" in docs/decisions/replay.md). Plain SQL, inlined where
-- it is called.
CREATE OR REPLACE FUNCTION loyalty_rules_may_fire(p_rules jsonb, p_tier_id integer, p_date date)
RETURNS TABLE (ord bigint, rule_id integer, condition text, amount numeric, unit bigint, points bigint,
  min_points bigint, max_points bigint)
LANGUAGE sql IMMUTABLE AS $$
  SELECT x.i, (x.r ->> 'id')::integer, x.r ->> 'condition', (x.r ->> 'amount')::numeric,
      round((x.r ->> 'amount')::numeric * 100)::bigint, (x.r ->> 'pointsPerTransaction')::bigint,
      (x.r ->> 'minPoints')::bigint, (x.r ->> 'maxPoints')::bigint
    FROM jsonb_array_elements(p_rules) WITH ORDINALITY x(r, i)
    WHERE loyalty_rule_refusal(x.r, p_tier_id, to_char(p_date, 'YYYY-MM-DD')) IS NULL
$$;
