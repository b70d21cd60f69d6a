-- A points rule's points for an amount in whole cents (`p_have`) before the clamp into [min, max],
-- or NULL when its condition is not met: GT, GTE, EQ, LT, LTE award the rule's points once,
-- PER_EACH once per full rule amount. One plain SQL expression (no FROM), so that it is inlined
-- where it is called: as a function call it cost more than the rest of the rule choice.
CREATE OR REPLACE FUNCTION loyalty_rule_raw_points(r jsonb, p_have bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE r ->> 'condition'
    WHEN 'GT' THEN CASE WHEN p_have > round((r ->> 'amount')::numeric * 100) THEN (r ->> 'pointsPerTransaction')::bigint END
    WHEN 'GTE' THEN CASE WHEN p_have >= round((r ->> 'amount')::numeric * 100) THEN (r ->> 'pointsPerTransaction')::bigint END
    WHEN 'EQ' THEN CASE WHEN p_have = round((r ->> 'amount')::numeric * 100) THEN (r ->> 'pointsPerTransaction')::bigint END
    WHEN 'LT' THEN CASE WHEN p_have < round((r ->> 'amount')::numeric * 100) THEN (r ->> 'pointsPerTransaction')::bigint END
    WHEN 'LTE' THEN CASE WHEN p_have <= round((r ->> 'amount')::numeric * 100) THEN (r ->> 'pointsPerTransaction')::bigint END
    WHEN 'PER_EACH' THEN CASE WHEN (r ->> 'amount')::numeric >= 0.01 AND p_have >= round((r ->> 'amount')::numeric * 100)
      THEN (p_have / round((r ->> 'amount')::numeric * 100)::bigint) * (r ->> 'pointsPerTransaction')::bigint END
  END
$$;
