-- The points rules of a transaction type tried for one earning, in evaluation order
-- (loyalty_rules_in_order), each with its verdict: FIRED (the first that matches: only one fires,
-- as loyalty_fire_rule chooses), OUTRANKED, INACTIVE, NOT_YET_VALID, EXPIRED, OTHER_TIER,
-- CONDITION_NOT_MET; its points before and after the clamp into [min, max]. Amounts are compared
-- in whole cents. `p_rules`: the rules as the configuration holds them (JSON of the programme's
-- rows). The points rules' simulation lists them.
DROP FUNCTION IF EXISTS loyalty_rule_verdicts(jsonb, integer, numeric, date, boolean);
CREATE OR REPLACE FUNCTION loyalty_rule_verdicts(p_rules jsonb, p_tier_id integer, p_amount numeric, p_date date)
RETURNS TABLE (rule_id integer, verdict text, raw_points bigint, points integer)
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  rules jsonb := loyalty_rules_in_order(p_rules);
  r jsonb;
  have bigint := round(p_amount * 100);
  day text := to_char(p_date, 'YYYY-MM-DD');
  fired boolean := false;
BEGIN
  FOR i IN 0 .. jsonb_array_length(rules) - 1 LOOP
    r := rules -> i;
    rule_id := (r ->> 'id')::integer;
    raw_points := NULL;
    points := NULL;
    verdict := loyalty_rule_refusal(r, p_tier_id, day);
    IF verdict IS NULL THEN
      raw_points := loyalty_rule_raw_points(r, have);
      IF raw_points IS NULL THEN
        verdict := 'CONDITION_NOT_MET';
      ELSE
        points := loyalty_rule_clamp(r, raw_points);
        verdict := CASE WHEN fired THEN 'OUTRANKED' ELSE 'FIRED' END;
        fired := true;
      END IF;
    END IF;
    RETURN NEXT;
  END LOOP;
END
$$;
