-- The one path of every posting other than an earning (redemptions, adjustments, reversals,
-- expiry): moves the customer's balance, writes the ledger entry, re-evaluates the tier.
DROP FUNCTION IF EXISTS loyalty_post_entry(bigint, text, integer, text, boolean, timestamptz, timestamptz,
  text, integer, numeric, integer, integer, bigint, text, integer, integer, text, integer, integer);
-- p_qualifying false: a lot that does not count toward the tier (a household transfer).
CREATE OR REPLACE FUNCTION loyalty_post_entry(
  p_customer bigint, p_kind text, p_points integer, p_reference text,
  p_lot boolean, p_expires_at timestamptz, p_occurred_at timestamptz,
  p_external_id text DEFAULT NULL, p_type_id integer DEFAULT NULL, p_amount numeric DEFAULT NULL,
  p_rule_id integer DEFAULT NULL, p_campaign_id integer DEFAULT NULL, p_reversal_of bigint DEFAULT NULL,
  p_note text DEFAULT NULL, p_actor_id integer DEFAULT NULL, p_bonus_points integer DEFAULT 0,
  p_channel text DEFAULT NULL, p_api_key_id integer DEFAULT NULL, p_earn_use integer DEFAULT NULL,
  p_qualifying boolean DEFAULT true,
  OUT outcome text, OUT entry_id bigint, OUT balance integer, OUT lifetime_points integer,
  OUT tier_id integer
)
LANGUAGE plpgsql AS $$
DECLARE
  v_lot boolean := p_lot;
  v_expires timestamptz := p_expires_at;
  v_bonus integer := coalesce(p_bonus_points, 0);
  v_channel text := p_channel;
  v_qualifying boolean := p_qualifying;
  v_tier integer;
BEGIN
  IF p_reversal_of IS NOT NULL THEN
    SELECT e.lot, e.expires_at, -e.bonus_points, e.channel, e.qualifying
      INTO v_lot, v_expires, v_bonus, v_channel, v_qualifying
      FROM ledger_entries e
      WHERE e.id = p_reversal_of AND e.customer_id = p_customer;
    IF NOT FOUND THEN
      outcome := 'ENTRY_NOT_FOUND';
      RETURN;
    END IF;
  END IF;
  WITH moved AS (
    UPDATE customers c SET
      balance = c.balance + p_points,
      lifetime_points = c.lifetime_points + CASE WHEN v_lot AND v_qualifying THEN p_points ELSE 0 END,
      last_activity_at = CASE WHEN p_kind IN ('EARN', 'REDEEM')
        THEN greatest(coalesce(c.last_activity_at, p_occurred_at), p_occurred_at)
        ELSE c.last_activity_at END,
      earn_day = CASE WHEN p_earn_use IS NULL THEN c.earn_day ELSE (now() AT TIME ZONE 'UTC')::date END,
      earn_count = CASE WHEN p_earn_use IS NULL THEN c.earn_count
        WHEN c.earn_day = (now() AT TIME ZONE 'UTC')::date THEN c.earn_count + 1 ELSE 1 END,
      earn_points = CASE WHEN p_earn_use IS NULL THEN c.earn_points
        WHEN c.earn_day = (now() AT TIME ZONE 'UTC')::date THEN c.earn_points + p_earn_use ELSE p_earn_use END,
      updated_at = now()
    WHERE c.id = p_customer AND c.balance + p_points >= 0
    RETURNING c.id, c.balance, c.lifetime_points, c.tier_id
  ), e AS (
    INSERT INTO ledger_entries (customer_id, kind, points, balance_after, lot, expires_at, reference,
        external_id, transaction_type_id, amount, rule_id, campaign_id, reversal_of, note, actor_id,
        occurred_at, bonus_points, channel, api_key_id, qualifying)
      SELECT m.id, p_kind, p_points, m.balance, v_lot, v_expires, p_reference, p_external_id, p_type_id,
        p_amount, p_rule_id, p_campaign_id, p_reversal_of, p_note, p_actor_id, p_occurred_at, v_bonus,
        v_channel, p_api_key_id, v_qualifying
      FROM moved m
      RETURNING id
  )
  SELECT e.id, m.balance, m.lifetime_points, m.tier_id INTO entry_id, balance, lifetime_points, v_tier
    FROM moved m, e;
  IF NOT FOUND THEN
    SELECT c.balance INTO balance FROM customers c WHERE c.id = p_customer;
    outcome := CASE WHEN FOUND THEN 'INSUFFICIENT_POINTS' ELSE 'NOT_FOUND' END;
    RETURN;
  END IF;
  -- A reversal of an earning with a bonus: each campaign's share back, its budget and cap freed.
  -- (The caller locked those campaigns before the customer: see reverseEarning.)
  IF p_reversal_of IS NOT NULL AND v_bonus <> 0 THEN
    WITH shares AS (
      SELECT a.campaign_id, sum(a.points)::integer AS pts FROM campaign_awards a
        WHERE a.entry_id = p_reversal_of GROUP BY a.campaign_id HAVING sum(a.points) <> 0
    ), back AS (
      INSERT INTO campaign_awards (campaign_id, entry_id, customer_id, points, occurred_at)
        SELECT s.campaign_id, entry_id, p_customer, -s.pts, p_occurred_at FROM shares s
    ), freed AS (
      UPDATE campaign_customers cc SET points = greatest(0, cc.points - s.pts)
        FROM shares s WHERE cc.campaign_id = s.campaign_id AND cc.customer_id = p_customer
    )
    UPDATE campaigns k SET spent = greatest(0, k.spent - s.pts), updated_at = now()
      FROM shares s WHERE k.id = s.campaign_id;
  END IF;
  -- The reversed earning taken out of challenges' progress and referrals' qualification
  -- (challenges_reverse.sql, referrals_on_reversal.sql); a reward either takes back is posted
  -- through this function, so the customer's figures are read again as they now stand.
  IF p_reversal_of IS NOT NULL THEN
    PERFORM challenges_reverse(p_customer, p_reversal_of, p_occurred_at);
    PERFORM referrals_on_reversal(p_reversal_of, p_occurred_at);
    SELECT c.balance, c.lifetime_points, c.tier_id INTO balance, lifetime_points, v_tier FROM customers c
      WHERE c.id = p_customer;
  END IF;
  tier_id := loyalty_evaluate_tier(p_customer, v_tier, lifetime_points, p_kind);
  outcome := 'POSTED';
END
$$;
