-- Points that decide the tier: lifetime points, or those earned within the rolling window (the
-- qualifying lots: a household transfer's are not).
CREATE OR REPLACE FUNCTION loyalty_qualifying_points(p_customer bigint, p_lifetime integer)
RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN s.tier_basis = 'ROLLING' THEN (
      SELECT coalesce(sum(e.points), 0)::integer FROM ledger_entries e
      WHERE e.customer_id = p_customer AND e.lot AND e.qualifying
        AND e.occurred_at > now() - make_interval(months => s.tier_window_months))
    ELSE p_lifetime END
  FROM loyalty_settings s WHERE s.id = 1
$$;
