-- Issue 24: a batch of earnings inserts its ledger entries in one statement, not one per earning.
-- The ledger's two statement-level triggers (the alerts' probe, 0024; the daily roll-up's upsert,
-- 0029) fired for every earning, since each earning was its own INSERT; they now fire once per
-- batch, as their comments always assumed. And the tier is decided in the batch from the tiers
-- read once, the tier function called only when the tier would change.
--
-- `loyalty_apply_earning` (was loyalty_post_earning) decides one earning and moves the customer's
-- balance; it answers the entry instead of inserting it, its id drawn from the ledger's sequence.
-- `loyalty_post_earnings` keeps the entries pending and inserts them (`loyalty_insert_entries`)
-- before anything could need to read them:
--   - before an earning of a customer with an entry pending (its look-up of the external id, the
--     business banking monthly cap and the rolling tier basis read that customer's ledger);
--   - before an earning whose external id is pending (a twin for another customer finds it, as
--     before: CONFLICT rather than a failed batch);
--   - after every earning when tiers count rolling points (the tier reads the ledger);
--   - at the batch's end, before the campaigns' awards.
-- loyalty_post_entry (0056) stays the one path of every other posting.
DROP FUNCTION loyalty_post_earnings(jsonb, boolean, jsonb);
--> statement-breakpoint
DROP FUNCTION loyalty_post_earning(text, text, integer, numeric, timestamptz, timestamptz, jsonb, integer, integer, jsonb, jsonb, jsonb, jsonb, text, integer, jsonb, boolean, jsonb);
--> statement-breakpoint
CREATE FUNCTION loyalty_insert_entries(p_entries ledger_entries[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO ledger_entries (id, customer_id, kind, points, balance_after, lot, expires_at, reference,
      external_id, transaction_type_id, amount, rule_id, campaign_id, reversal_of, note, actor_id,
      occurred_at, created_at, bonus_points, channel, api_key_id)
    OVERRIDING SYSTEM VALUE
    SELECT e.id, e.customer_id, e.kind, e.points, e.balance_after, e.lot, e.expires_at, e.reference,
      e.external_id, e.transaction_type_id, e.amount, e.rule_id, e.campaign_id, e.reversal_of, e.note,
      e.actor_id, e.occurred_at, e.created_at, e.bonus_points, e.channel, e.api_key_id
    FROM unnest(p_entries) e
    ORDER BY e.id
$$;
--> statement-breakpoint
CREATE FUNCTION loyalty_apply_earning(
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
--> statement-breakpoint
CREATE FUNCTION loyalty_post_earnings(p_items jsonb, p_lock boolean DEFAULT false, p_campaign_terms jsonb DEFAULT NULL)
RETURNS TABLE (outcome text, entry_id bigint, points integer, balance integer, tier_id integer,
  rule_id integer, status text, bonus_points integer, campaign_id integer)
LANGUAGE plpgsql AS $$
DECLARE
  it jsonb;
  r record;
  kid integer;
  took jsonb;
  ends boolean;
  taken jsonb := '{}';
  -- The batch's awards, one element per earning a campaign paid (appended in place), and per
  -- campaign the customers it reached for the first time.
  a_entry bigint[] := '{}';
  a_customer bigint[] := '{}';
  a_at text[] := '{}';
  a_shares jsonb[] := '{}';
  reached jsonb;
  -- The entries not inserted yet, and their customers' numbers and external ids.
  pending ledger_entries[] := '{}';
  pending_customers text[] := '{}';
  pending_ids text[] := '{}';
  rolling boolean;
  -- The tiers, highest threshold first.
  tier_min integer[];
  tier_ids integer[];
  target integer;
BEGIN
  SELECT s.tier_basis = 'ROLLING' INTO rolling FROM loyalty_settings s WHERE s.id = 1;
  SELECT array_agg(t.min_points ORDER BY t.min_points DESC), array_agg(t.id ORDER BY t.min_points DESC)
    INTO tier_min, tier_ids FROM tiers t;
  FOR it IN SELECT i.value FROM jsonb_array_elements(p_items) WITH ORDINALITY i ORDER BY i.ordinality LOOP
    IF (it ->> 'customerNumber') = ANY (pending_customers) OR (it ->> 'externalId') = ANY (pending_ids) THEN
      PERFORM loyalty_insert_entries(pending);
      pending := '{}';
      pending_customers := '{}';
      pending_ids := '{}';
    END IF;
    r := loyalty_apply_earning(it ->> 'customerNumber', it ->> 'externalId', (it ->> 'typeId')::integer,
      (it ->> 'amount')::numeric, (it ->> 'occurredAt')::timestamptz, (it ->> 'expiresAt')::timestamptz,
      it -> 'awards', (it ->> 'campaignId')::integer, (it ->> 'actorId')::integer, nullif(it -> 'limit', 'null'::jsonb),
      nullif(it -> 'criteria', 'null'::jsonb), nullif(it -> 'business', 'null'::jsonb),
      nullif(it -> 'campaigns', 'null'::jsonb), it ->> 'channel', (it ->> 'apiKeyId')::integer,
      p_campaign_terms, p_lock, taken);
    outcome := r.outcome;
    entry_id := r.entry_id;
    points := r.points;
    balance := r.balance;
    tier_id := r.tier_id;
    rule_id := r.rule_id;
    status := r.status;
    bonus_points := r.bonus_points;
    campaign_id := r.campaign_id;
    IF r.outcome = 'POSTED' THEN
      pending := pending || r.entry;
      pending_customers := pending_customers || (it ->> 'customerNumber');
      pending_ids := pending_ids || (it ->> 'externalId');
      IF rolling THEN
        PERFORM loyalty_insert_entries(pending);
        pending := '{}';
        pending_customers := '{}';
        pending_ids := '{}';
        tier_id := loyalty_evaluate_tier(r.customer_id, r.tier_id, r.lifetime_points, 'EARN');
      ELSE
        -- Lifetime points decide: the tier they reach, and the tier function (which records the
        -- change, and leaves a downgrade to the review unless the policy is IMMEDIATE) only when
        -- that is another tier.
        target := NULL;
        FOR i IN 1 .. coalesce(cardinality(tier_min), 0) LOOP
          IF r.lifetime_points >= tier_min[i] THEN
            target := tier_ids[i];
            EXIT;
          END IF;
        END LOOP;
        IF target IS DISTINCT FROM r.tier_id THEN
          tier_id := loyalty_evaluate_tier(r.customer_id, r.tier_id, r.lifetime_points, 'EARN');
        END IF;
      END IF;
    END IF;
    IF r.shares IS NOT NULL THEN
      taken := r.taken;
      a_entry := a_entry || r.entry_id;
      a_customer := a_customer || r.customer_id;
      a_at := a_at || (it ->> 'occurredAt');
      a_shares := a_shares || r.shares;
    END IF;
    RETURN NEXT;
  END LOOP;
  IF cardinality(pending) > 0 THEN
    PERFORM loyalty_insert_entries(pending);
  END IF;
  -- One statement each for the whole batch, not one per earning: the awards, and the customers
  -- reached (a campaign with a per-customer cap wrote its row as it paid: nothing new here). In
  -- campaign and customer order; a customer's earnings are all in one batch at a time (its lock).
  IF cardinality(a_entry) > 0 THEN
    INSERT INTO campaign_awards (campaign_id, entry_id, customer_id, points, occurred_at)
      SELECT (s ->> 'id')::integer, a.entry, a.customer, (s ->> 'points')::integer, a.at::timestamptz
        FROM unnest(a_entry, a_customer, a_at, a_shares) a (entry, customer, at, shares),
          jsonb_array_elements(a.shares) s;
    WITH fresh AS (
      INSERT INTO campaign_customers (campaign_id, customer_id, points)
        SELECT DISTINCT (s ->> 'id')::integer, a.customer, 0
          FROM unnest(a_customer, a_shares) a (customer, shares), jsonb_array_elements(a.shares) s
          ORDER BY 1, 2
        ON CONFLICT ON CONSTRAINT campaign_customers_campaign_id_customer_id_pk DO NOTHING
        RETURNING campaign_customers.campaign_id
    )
    SELECT jsonb_object_agg(f.campaign_id::text, f.n) INTO reached
      FROM (SELECT fresh.campaign_id, count(*) AS n FROM fresh GROUP BY fresh.campaign_id) f;
  END IF;
  FOR kid, took IN
    SELECT t.key::integer, t.value FROM jsonb_each(taken) t
      ORDER BY 1
  LOOP
    UPDATE campaigns k SET spent = k.spent + (took ->> 0)::integer,
        customers_reached = k.customers_reached + (took ->> 1)::integer
          + coalesce((reached ->> kid::text)::integer, 0),
        status = CASE WHEN k.spent + (took ->> 0)::integer >= k.budget THEN 'ENDED' ELSE k.status END,
        ended_reason = CASE WHEN k.spent + (took ->> 0)::integer >= k.budget THEN 'BUDGET'
          ELSE k.ended_reason END,
        updated_at = now()
      WHERE k.id = kid AND k.spent + (took ->> 0)::integer <= k.budget
        AND (k.status = 'ACTIVE' OR (k.status = 'SCHEDULED' AND k.starts_at <= now()))
      RETURNING k.status = 'ENDED' INTO ends;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'campaign % was overdrawn, paused or ended while this batch drew on it', kid
        USING ERRCODE = 'LY001';
    END IF;
    IF ends THEN
      -- Every instance drops its cached campaigns at commit (platform/changes.ts).
      PERFORM pg_notify('loyalty_changes', 'campaigns');
    END IF;
  END LOOP;
END
$$;
