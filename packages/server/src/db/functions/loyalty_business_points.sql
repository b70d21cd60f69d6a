-- A business customer's points for an earning (docs/decisions/configuration.md): 0 when business
-- customers do not earn or the type does not count (p_rules.types, empty: all), the rule's points
-- times the multiplier (rounded down), within the monthly cap: what the customer's EARN and
-- REVERSAL entries of this calendar month (UTC) already hold counts against it. One evaluator, used
-- by the earning's statement and by the points rules simulation.
CREATE OR REPLACE FUNCTION loyalty_business_points(p_customer bigint, p_base integer, p_type_id integer, p_rules jsonb)
RETURNS integer LANGUAGE plpgsql STABLE AS $$
DECLARE
  cap integer := (p_rules ->> 'monthlyCap')::integer;
  earned bigint;
  pts integer;
BEGIN
  IF NOT (p_rules ->> 'earns')::boolean THEN
    RETURN 0;
  END IF;
  IF jsonb_array_length(coalesce(p_rules -> 'types', '[]'::jsonb)) > 0
      AND NOT (p_rules -> 'types') @> to_jsonb(p_type_id) THEN
    RETURN 0;
  END IF;
  pts := floor(p_base * (p_rules ->> 'multiplier')::numeric)::integer;
  IF cap IS NOT NULL THEN
    SELECT coalesce(sum(e.points), 0) INTO earned
      FROM ledger_entries e
      WHERE e.customer_id = p_customer AND e.kind IN ('EARN', 'REVERSAL')
        AND e.occurred_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
    pts := greatest(0, least(pts, cap - earned))::integer;
  END IF;
  RETURN pts;
END
$$;
