-- Posts a batch of earnings (the group-commit queue's one statement). The entries stay pending and
-- are inserted (loyalty_insert_entries) before anything could need to read them:
--   - before an earning of a customer with an entry pending (its look-up of the external id, the
--     business banking monthly cap and the rolling tier basis read that customer's ledger);
--   - before an earning whose external id is pending (a twin for another customer finds it:
--     CONFLICT rather than a failed batch);
--   - after every earning when tiers count rolling points (the tier reads the ledger);
--   - at the batch's end, before the campaigns' awards.
-- `p_config`: the configuration the batch's earnings are decided with (loyalty_decide_earning):
-- `rules`, the points rules by transaction type id, and `campaigns`, the live campaigns that can
-- reach the batch's customers; each earning carries the gates (limit, criteria, business).
DROP FUNCTION IF EXISTS loyalty_post_earnings(jsonb, boolean, jsonb);
CREATE OR REPLACE FUNCTION loyalty_post_earnings(p_items jsonb, p_lock boolean DEFAULT false, p_config jsonb DEFAULT NULL)
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
  rules jsonb := p_config -> 'rules';
  live jsonb := nullif(p_config -> 'campaigns', '[]'::jsonb);
  -- The posted earnings, for the challenges' one call at the batch's end.
  c_customer bigint[] := '{}';
  c_entry bigint[] := '{}';
  c_type integer[] := '{}';
  c_amount numeric[] := '{}';
  c_at timestamptz[] := '{}';
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
      rules -> (it ->> 'typeId'), (it ->> 'campaignId')::integer, (it ->> 'actorId')::integer,
      nullif(it -> 'limit', 'null'::jsonb), nullif(it -> 'criteria', 'null'::jsonb),
      nullif(it -> 'business', 'null'::jsonb), live, it ->> 'channel', (it ->> 'apiKeyId')::integer,
      p_lock, taken);
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
      c_customer := c_customer || r.customer_id;
      c_entry := c_entry || r.entry_id;
      c_type := c_type || (it ->> 'typeId')::integer;
      c_amount := c_amount || (it ->> 'amount')::numeric;
      c_at := c_at || (it ->> 'occurredAt')::timestamptz;
      -- A referred customer's earning may qualify their referral (db/functions/referrals_on_earning.sql).
      PERFORM referrals_on_earning(r.customer_id, r.entry_id, (it ->> 'occurredAt')::timestamptz,
        (it ->> 'expiresAt')::timestamptz);
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
  -- The batch's challenge progress in one set-based call (db/functions/challenges_progress.sql).
  PERFORM challenges_progress(c_customer, c_entry, c_type, c_amount, c_at);
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
