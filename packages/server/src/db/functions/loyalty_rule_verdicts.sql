-- The points rules of a transaction type tried for one earning (docs/decisions/loyalty-engine.md,
-- "Points rules and which one fires"), in evaluation order — priority ascending, a tier's own rule
-- before an all-tiers rule, the older rule first — each with its verdict: FIRED (the first that
-- matches: only one fires), OUTRANKED, INACTIVE, NOT_YET_VALID, EXPIRED, OTHER_TIER,
-- CONDITION_NOT_MET; its points before and after the clamp into [min, max]. Amounts are compared
-- in whole cents. `p_rules`: the rules as the configuration holds them (JSON of the programme's
-- rows). The earning's decision (loyalty_decide_earning) stops at the rule that fires (`p_first`);
-- the simulation lists them all.
-- It runs once per earning: the array is walked by index (no query), and sorted only when it does
-- not come in evaluation order already (the configuration keeps it so; a sort per earning cost
-- more than the rest of the choice).
CREATE OR REPLACE FUNCTION loyalty_rule_verdicts(
  p_rules jsonb, p_tier_id integer, p_amount numeric, p_date date, p_first boolean DEFAULT false
)
RETURNS TABLE (rule_id integer, verdict text, raw_points bigint, points integer)
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  r jsonb;
  n integer := coalesce(jsonb_array_length(p_rules), 0);
  have bigint := round(p_amount * 100);
  want bigint;
  fixed bigint;
  fired boolean := false;
BEGIN
  FOR i IN 1 .. n - 1 LOOP
    IF loyalty_rule_order(p_rules -> (i - 1)) > loyalty_rule_order(p_rules -> i) THEN
      SELECT jsonb_agg(x.value ORDER BY loyalty_rule_order(x.value)) INTO p_rules FROM jsonb_array_elements(p_rules) x;
      EXIT;
    END IF;
  END LOOP;
  FOR i IN 0 .. n - 1 LOOP
    r := p_rules -> i;
    rule_id := (r ->> 'id')::integer;
    raw_points := NULL;
    points := NULL;
    verdict := CASE
      WHEN r ->> 'status' <> 'ACTIVE' THEN 'INACTIVE'
      WHEN p_date < (r ->> 'validFrom')::date THEN 'NOT_YET_VALID'
      WHEN p_date > (r ->> 'validUntil')::date THEN 'EXPIRED'
      WHEN (r ->> 'tierId') IS NOT NULL AND (r ->> 'tierId')::integer IS DISTINCT FROM p_tier_id THEN 'OTHER_TIER'
    END;
    IF verdict IS NULL THEN
      want := round((r ->> 'amount')::numeric * 100);
      fixed := (r ->> 'pointsPerTransaction')::bigint;
      raw_points := CASE r ->> 'condition'
        WHEN 'GT' THEN CASE WHEN have > want THEN fixed END
        WHEN 'GTE' THEN CASE WHEN have >= want THEN fixed END
        WHEN 'EQ' THEN CASE WHEN have = want THEN fixed END
        WHEN 'LT' THEN CASE WHEN have < want THEN fixed END
        WHEN 'LTE' THEN CASE WHEN have <= want THEN fixed END
        WHEN 'PER_EACH' THEN CASE WHEN want > 0 AND have >= want THEN (have / want) * fixed END
      END;
      IF raw_points IS NULL THEN
        verdict := 'CONDITION_NOT_MET';
      ELSE
        points := least((r ->> 'maxPoints')::bigint, greatest((r ->> 'minPoints')::bigint, raw_points));
        verdict := CASE WHEN fired THEN 'OUTRANKED' ELSE 'FIRED' END;
        IF NOT fired AND p_first THEN
          RETURN NEXT;
          RETURN;
        END IF;
        fired := true;
      END IF;
    END IF;
    IF NOT p_first THEN
      RETURN NEXT;
    END IF;
  END LOOP;
END
$$;
