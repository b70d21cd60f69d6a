-- Posts one earning of a batch (loyalty_post_earnings): locks the customer, answers a repeat of
-- its external id (REPLAYED, or CONFLICT with other details), then applies what the decision
-- (loyalty_decide_earning) answers: moves the balance and the daily counts, keeps the customer's
-- share of a capped campaign, and answers the ledger entry (its id drawn from the ledger's
-- sequence) for loyalty_post_earnings to insert. `p_lock` (one earning per call): the campaigns
-- are locked, in id order, after the customer and before the decision reads their budget.
DROP FUNCTION IF EXISTS loyalty_apply_earning(text, text, integer, numeric, timestamptz, timestamptz, jsonb,
  integer, integer, jsonb, jsonb, jsonb, jsonb, text, integer, jsonb, boolean, jsonb);
CREATE OR REPLACE FUNCTION loyalty_apply_earning(
  p_customer_number text, p_external_id text, p_type_id integer, p_amount numeric,
  p_occurred_at timestamptz, p_expires_at timestamptz, p_rules jsonb,
  p_campaign_id integer DEFAULT NULL, p_actor_id integer DEFAULT NULL, p_limit jsonb DEFAULT NULL,
  p_criteria jsonb DEFAULT NULL, p_business jsonb DEFAULT NULL, p_campaigns jsonb DEFAULT NULL,
  p_channel text DEFAULT NULL, p_api_key_id integer DEFAULT NULL, p_lock boolean DEFAULT false, INOUT taken jsonb DEFAULT '{}',
  OUT outcome text, OUT entry_id bigint, OUT points integer, OUT balance integer, OUT tier_id integer,
  OUT rule_id integer, OUT status text, OUT bonus_points integer, OUT campaign_id integer,
  OUT customer_id bigint, OUT shares jsonb, OUT lifetime_points integer, OUT entry ledger_entries
)
LANGUAGE plpgsql AS $$
DECLARE
  c record;
  d record;
  s jsonb;
  is_new boolean;
BEGIN
  SELECT cu AS cust, cu.id, cu.tier_id, cu.status,
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
  IF p_lock AND p_campaigns IS NOT NULL THEN
    PERFORM 1 FROM campaigns k
      WHERE k.id IN (SELECT (x ->> 'id')::integer FROM jsonb_array_elements(p_campaigns) x)
      ORDER BY k.id FOR UPDATE;
  END IF;
  d := loyalty_decide_earning(c.cust, p_type_id, p_amount, p_occurred_at, p_rules, p_limit, p_criteria,
    p_business, p_campaigns, taken);
  outcome := d.outcome;
  IF d.outcome <> 'POSTED' THEN
    status := coalesce(d.failed::text, status);
    RETURN;
  END IF;
  rule_id := d.rule_id;
  bonus_points := d.bonus_points;
  points := d.points + d.bonus_points;
  campaign_id := coalesce((d.shares -> 0 ->> 'id')::integer, p_campaign_id);
  IF d.shares IS NOT NULL THEN
    taken := d.taken;
    shares := d.shares;
    -- A capped campaign's running share per customer, as it pays: the customer's next earning (in
    -- this batch too) must see it. Under the customer's lock the decision's clip holds.
    FOR s IN SELECT x FROM jsonb_array_elements(d.shares) x WHERE x ->> 'cap' IS NOT NULL LOOP
      INSERT INTO campaign_customers AS cc (campaign_id, customer_id, points)
        VALUES ((s ->> 'id')::integer, c.id, (s ->> 'points')::integer)
        ON CONFLICT ON CONSTRAINT campaign_customers_campaign_id_customer_id_pk
          DO UPDATE SET points = cc.points + excluded.points
          WHERE cc.points + excluded.points <= (s ->> 'cap')::integer
        RETURNING (xmax = 0) INTO is_new;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'campaign % cap exceeded for customer %', s ->> 'id', c.id;
      END IF;
      IF is_new THEN
        taken := jsonb_set(taken, ARRAY[s ->> 'id', '1'], to_jsonb((taken -> (s ->> 'id') ->> 1)::integer + 1));
      END IF;
    END LOOP;
  END IF;
  -- The balance moved as loyalty_post_entry moves it for an earning (a credit: never refused).
  UPDATE customers cu SET
      balance = cu.balance + points,
      lifetime_points = cu.lifetime_points + points,
      last_activity_at = greatest(coalesce(cu.last_activity_at, p_occurred_at), p_occurred_at),
      earn_day = CASE WHEN d.counted IS NULL THEN cu.earn_day ELSE (now() AT TIME ZONE 'UTC')::date END,
      earn_count = CASE WHEN d.counted IS NULL THEN cu.earn_count
        WHEN cu.earn_day = (now() AT TIME ZONE 'UTC')::date THEN cu.earn_count + 1 ELSE 1 END,
      earn_points = CASE WHEN d.counted IS NULL THEN cu.earn_points
        WHEN cu.earn_day = (now() AT TIME ZONE 'UTC')::date THEN cu.earn_points + d.counted ELSE d.counted END,
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
END
$$;
