-- Moves a customer to the tier their qualifying points reach and records the change. Upgrades at
-- once; downgrades at once under IMMEDIATE, otherwise only when p_review (the period-end review).
-- Answers the customer's tier afterwards. One statement when the tier stays (nearly always).
CREATE OR REPLACE FUNCTION loyalty_evaluate_tier(
  p_customer bigint, p_current integer, p_lifetime integer, p_reason text, p_review boolean DEFAULT false
) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  qualifying integer;
  policy text;
  target_id integer;
  target_name text;
  target_min integer;
  cur tiers;
BEGIN
  -- The basis is tested here too so that the LIFETIME case reads no ledger and calls nothing.
  SELECT q.points, s.downgrade_policy, t.id, t.name, t.min_points INTO qualifying, policy, target_id, target_name, target_min
    FROM loyalty_settings s
    CROSS JOIN LATERAL (SELECT CASE WHEN s.tier_basis = 'ROLLING'
      THEN loyalty_qualifying_points(p_customer, p_lifetime) ELSE p_lifetime END AS points) q
    LEFT JOIN LATERAL (SELECT t.id, t.name, t.min_points FROM tiers t WHERE t.min_points <= q.points
      ORDER BY t.min_points DESC LIMIT 1) t ON true
    WHERE s.id = 1;
  IF target_id IS NOT DISTINCT FROM p_current THEN
    RETURN p_current;
  END IF;
  SELECT * INTO cur FROM tiers t WHERE t.id = p_current;
  IF cur.id IS NOT NULL AND (target_id IS NULL OR target_min <= cur.min_points)
     AND NOT p_review AND policy <> 'IMMEDIATE' THEN
    RETURN p_current;
  END IF;
  UPDATE customers SET tier_id = target_id WHERE id = p_customer;
  INSERT INTO customer_tier_history
    (customer_id, from_tier_id, from_tier_name, to_tier_id, to_tier_name, qualifying_points, reason)
    VALUES (p_customer, cur.id, cur.name, target_id, target_name, qualifying, p_reason);
  RETURN target_id;
END
$$;
