-- Decides one earning and moves the customer's balance: the customer, limits, eligibility, business
-- banking and campaigns' bonus; answers the ledger entry (its id drawn from the ledger's sequence)
-- for loyalty_post_earnings to insert, and the outcome.
CREATE OR REPLACE FUNCTION loyalty_apply_earning(
  p_customer_number text, p_external_id text, p_type_id integer, p_amount numeric,
  p_occurred_at timestamptz, p_expires_at timestamptz, p_awards jsonb,
  p_campaign_id integer DEFAULT NULL, p_actor_id integer DEFAULT NULL, p_limit jsonb DEFAULT NULL,
  p_criteria jsonb DEFAULT NULL, p_business jsonb DEFAULT NULL, p_campaigns jsonb DEFAULT NULL,
  p_channel text DEFAULT NULL, p_api_key_id integer DEFAULT NULL, p_campaign_terms jsonb DEFAULT NULL,
  p_lock boolean DEFAULT false, INOUT taken jsonb DEFAULT '{}',
  OUT outcome text, OUT entry_id bigint, OUT points integer, OUT balance integer, OUT tier_id integer,
  OUT rule_id integer, OUT status text, OUT bonus_points integer, OUT campaign_id integer,
  OUT customer_id bigint, OUT shares jsonb, OUT lifetime_points integer, OUT entry ledger_entries
)
LANGUAGE plpgsql AS $$
DECLARE
  c record;
  award jsonb;
  lim_count integer := (p_limit ->> 'count')::integer;
  lim_points integer := (p_limit ->> 'points')::integer;
  earn_use integer;
  today date := (now() AT TIME ZONE 'UTC')::date;
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
    -- Counted on the customer's row, locked above and rewritten below anyway; another day's count
    -- is nothing used today.
    IF c.earn_day IS DISTINCT FROM today THEN
      c.earn_count := 0;
      c.earn_points := 0;
    END IF;
    IF (lim_count IS NOT NULL AND c.earn_count >= lim_count)
        OR (lim_points IS NOT NULL AND c.earn_points + points > lim_points) THEN
      outcome := 'LIMIT_EXCEEDED';
      RETURN;
    END IF;
    earn_use := points;
  END IF;
  campaign_id := p_campaign_id;
  IF p_campaigns IS NOT NULL THEN
    b := loyalty_campaign_bonus(cust, points, p_amount, p_campaigns, p_campaign_terms, p_lock, taken);
    IF b.bonus > 0 THEN
      taken := b.taken;
      bonus_points := b.bonus;
      campaign_id := (b.shares -> 0 ->> 'id')::integer;
    END IF;
  END IF;
  points := points + bonus_points;
  -- The balance moved as loyalty_post_entry moves it for an earning (a credit: never refused).
  UPDATE customers cu SET
      balance = cu.balance + points,
      lifetime_points = cu.lifetime_points + points,
      last_activity_at = greatest(coalesce(cu.last_activity_at, p_occurred_at), p_occurred_at),
      earn_day = CASE WHEN earn_use IS NULL THEN cu.earn_day ELSE today END,
      earn_count = CASE WHEN earn_use IS NULL THEN cu.earn_count
        WHEN cu.earn_day = today THEN cu.earn_count + 1 ELSE 1 END,
      earn_points = CASE WHEN earn_use IS NULL THEN cu.earn_points
        WHEN cu.earn_day = today THEN cu.earn_points + earn_use ELSE earn_use END,
      updated_at = now()
    WHERE cu.id = c.id
    RETURNING cu.balance, cu.lifetime_points INTO balance, lifetime_points;
  customer_id := c.id;
  entry_id := nextval('ledger_entries_id_seq');
  entry.id := entry_id;
  entry.customer_id := c.id;
  entry.kind := 'EARN';
  entry.points := points;
  entry.balance_after := balance;
  entry.lot := true;
  entry.expires_at := p_expires_at;
  entry.reference := 'txn:' || p_external_id;
  entry.external_id := p_external_id;
  entry.transaction_type_id := p_type_id;
  entry.amount := p_amount;
  entry.rule_id := rule_id;
  entry.campaign_id := campaign_id;
  entry.actor_id := p_actor_id;
  entry.occurred_at := p_occurred_at;
  entry.created_at := now();
  entry.bonus_points := bonus_points;
  entry.channel := p_channel;
  entry.api_key_id := p_api_key_id;
  outcome := 'POSTED';
  -- Each campaign's share, written with the batch's other awards at its end.
  IF bonus_points > 0 THEN
    shares := b.shares;
  END IF;
END
$$;
