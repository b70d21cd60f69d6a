-- Issue 13: the earn service's daily use counted on the customer's row instead of service_usage.
-- Every channel earning locks and rewrites that row anyway (loyalty_post_entry); a usage row per
-- customer and day added an insert (or an update), its two index entries and a foreign-key check
-- to each earning, and a table for autovacuum. The limit is checked against the locked row, the
-- count moved by the posting's own update (`p_earn_use`: the points counted, NULL: not counted).
-- Other services, rarer, keep service_usage. And the customer's whole row comes with the first
-- (locking) read, which the criteria and campaigns need, instead of a second read.
ALTER TABLE "customers" ADD COLUMN "earn_day" date;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "earn_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "earn_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
DROP FUNCTION loyalty_post_entry(bigint, text, integer, text, boolean, timestamptz, timestamptz, text, integer, numeric, integer, integer, bigint, text, integer, integer, text, integer);
--> statement-breakpoint
CREATE FUNCTION loyalty_post_entry(
  p_customer bigint, p_kind text, p_points integer, p_reference text,
  p_lot boolean, p_expires_at timestamptz, p_occurred_at timestamptz,
  p_external_id text DEFAULT NULL, p_type_id integer DEFAULT NULL, p_amount numeric DEFAULT NULL,
  p_rule_id integer DEFAULT NULL, p_campaign_id integer DEFAULT NULL, p_reversal_of bigint DEFAULT NULL,
  p_note text DEFAULT NULL, p_actor_id integer DEFAULT NULL, p_bonus_points integer DEFAULT 0,
  p_channel text DEFAULT NULL, p_api_key_id integer DEFAULT NULL, p_earn_use integer DEFAULT NULL,
  OUT outcome text, OUT entry_id bigint, OUT balance integer, OUT lifetime_points integer,
  OUT tier_id integer
)
LANGUAGE plpgsql AS $$
DECLARE
  v_lot boolean := p_lot;
  v_expires timestamptz := p_expires_at;
  v_bonus integer := coalesce(p_bonus_points, 0);
  v_channel text := p_channel;
  v_tier integer;
BEGIN
  IF p_reversal_of IS NOT NULL THEN
    SELECT e.lot, e.expires_at, -e.bonus_points, e.channel INTO v_lot, v_expires, v_bonus, v_channel
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
      lifetime_points = c.lifetime_points + CASE WHEN v_lot THEN p_points ELSE 0 END,
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
        occurred_at, bonus_points, channel, api_key_id)
      SELECT m.id, p_kind, p_points, m.balance, v_lot, v_expires, p_reference, p_external_id, p_type_id,
        p_amount, p_rule_id, p_campaign_id, p_reversal_of, p_note, p_actor_id, p_occurred_at, v_bonus,
        v_channel, p_api_key_id
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
  tier_id := loyalty_evaluate_tier(p_customer, v_tier, lifetime_points, p_kind);
  outcome := 'POSTED';
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION loyalty_post_earning(
  p_customer_number text, p_external_id text, p_type_id integer, p_amount numeric,
  p_occurred_at timestamptz, p_expires_at timestamptz, p_awards jsonb,
  p_campaign_id integer DEFAULT NULL, p_actor_id integer DEFAULT NULL, p_limit jsonb DEFAULT NULL,
  p_criteria jsonb DEFAULT NULL, p_business jsonb DEFAULT NULL, p_campaigns jsonb DEFAULT NULL,
  p_channel text DEFAULT NULL, p_api_key_id integer DEFAULT NULL, p_campaign_terms jsonb DEFAULT NULL,
  OUT outcome text, OUT entry_id bigint, OUT points integer, OUT balance integer, OUT tier_id integer,
  OUT rule_id integer, OUT status text, OUT bonus_points integer, OUT campaign_id integer
)
LANGUAGE plpgsql AS $$
DECLARE
  c record;
  award jsonb;
  posted record;
  lim_count integer := (p_limit ->> 'count')::integer;
  lim_points integer := (p_limit ->> 'points')::integer;
  cust customers;
  failed integer;
  b record;
BEGIN
  SELECT cu AS cust, cu.id, cu.tier_id, cu.status, cu.segment, cu.earn_day, cu.earn_count, cu.earn_points,
      e.id AS prior_id, e.customer_id AS prior_customer,
      e.points AS prior_points, e.balance_after AS prior_balance, e.rule_id AS prior_rule,
      e.transaction_type_id AS prior_type, e.amount AS prior_amount, e.bonus_points AS prior_bonus,
      e.campaign_id AS prior_campaign
    INTO c
    FROM customers cu
      LEFT JOIN ledger_entries e ON e.kind = 'EARN' AND coalesce(e.channel, '') = coalesce(p_channel, '')
        AND e.external_id = p_external_id
    WHERE cu.customer_number = p_customer_number
    FOR UPDATE OF cu;
  IF NOT FOUND THEN
    outcome := 'NOT_FOUND';
    RETURN;
  END IF;
  tier_id := c.tier_id;
  status := c.status;
  bonus_points := 0;
  IF c.prior_id IS NOT NULL THEN
    outcome := CASE WHEN c.prior_customer = c.id AND c.prior_type IS NOT DISTINCT FROM p_type_id
        AND c.prior_amount = p_amount::numeric(14, 2) THEN 'REPLAYED' ELSE 'CONFLICT' END;
    entry_id := c.prior_id;
    points := c.prior_points;
    balance := c.prior_balance;
    rule_id := c.prior_rule;
    bonus_points := c.prior_bonus;
    campaign_id := c.prior_campaign;
    RETURN;
  END IF;
  IF c.status <> 'ACTIVE' THEN
    outcome := 'NOT_ACTIVE';
    RETURN;
  END IF;
  IF p_criteria IS NOT NULL OR p_campaigns IS NOT NULL THEN
    cust := c.cust;
  END IF;
  IF p_criteria IS NOT NULL THEN
    failed := loyalty_criteria_failure(cust, p_criteria);
    IF failed IS NOT NULL THEN
      outcome := 'NOT_ELIGIBLE';
      status := failed::text;
      RETURN;
    END IF;
  END IF;
  award := coalesce(p_awards -> c.tier_id::text, p_awards -> '*');
  points := (award ->> 'points')::integer;
  rule_id := (award ->> 'ruleId')::integer;
  IF p_business IS NOT NULL AND c.segment = 'BUSINESS' THEN
    points := loyalty_business_points(c.id, points, p_type_id, p_business);
  END IF;
  IF p_limit IS NOT NULL THEN
    -- Counted on the customer's row, locked above and rewritten by the posting anyway; another
    -- day's count is nothing used today.
    IF c.earn_day IS DISTINCT FROM (now() AT TIME ZONE 'UTC')::date THEN
      c.earn_count := 0;
      c.earn_points := 0;
    END IF;
    IF (lim_count IS NOT NULL AND c.earn_count >= lim_count)
        OR (lim_points IS NOT NULL AND c.earn_points + points > lim_points) THEN
      outcome := 'LIMIT_EXCEEDED';
      RETURN;
    END IF;
  END IF;
  campaign_id := p_campaign_id;
  IF p_campaigns IS NOT NULL THEN
    b := loyalty_campaign_bonus(cust, points, p_amount, p_campaigns, p_campaign_terms);
    IF b.bonus > 0 THEN
      bonus_points := b.bonus;
      campaign_id := (b.shares -> 0 ->> 'id')::integer;
    END IF;
  END IF;
  posted := loyalty_post_entry(c.id, 'EARN', points + bonus_points, 'txn:' || p_external_id, true,
    p_expires_at, p_occurred_at, p_external_id, p_type_id, p_amount, rule_id, campaign_id, NULL, NULL,
    p_actor_id, bonus_points, p_channel, p_api_key_id, CASE WHEN p_limit IS NOT NULL THEN points END);
  outcome := posted.outcome;
  entry_id := posted.entry_id;
  balance := posted.balance;
  tier_id := posted.tier_id;
  points := points + bonus_points;
  IF bonus_points > 0 AND posted.outcome = 'POSTED' THEN
    INSERT INTO campaign_awards (campaign_id, entry_id, customer_id, points, occurred_at)
      SELECT (s ->> 'id')::integer, posted.entry_id, c.id, (s ->> 'points')::integer, p_occurred_at
      FROM jsonb_array_elements(b.shares) s;
  END IF;
END
$$;
