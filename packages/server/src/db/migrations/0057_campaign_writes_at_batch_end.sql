-- Issue 15: a campaign's per-earning writes made once per batch. With the bench's doubling
-- campaign every earning ran two more statements: the award (`campaign_awards`) and, for a
-- campaign without a per-customer cap, the customer reached (`campaign_customers`, a conflicting
-- insert once reached). Each earning now returns its shares (`loyalty_post_earning`: new OUT
-- parameters, so dropped and created again), and `loyalty_post_earnings` writes the batch's awards
-- in one insert and its customers reached in another, counting those new to each campaign into
-- `customers_reached` with the budget it takes. A campaign with a cap still upserts the customer's
-- running total as it pays (the next earning of the customer in the batch must see it).
-- And what the batch has taken of each campaign, and whether it locks them, are arguments passed
-- from the batch to its earnings and back, instead of settings (`loyalty.campaign_taken`, written
-- as text and parsed again by every earning that drew on a campaign).
DROP FUNCTION loyalty_post_earning(text, text, integer, numeric, timestamptz, timestamptz, jsonb, integer, integer, jsonb, jsonb, jsonb, jsonb, text, integer, jsonb);
--> statement-breakpoint
DROP FUNCTION loyalty_campaign_bonus(customers, integer, numeric, jsonb, jsonb);
--> statement-breakpoint
-- `taken`: per campaign the batch drew on, [points taken, customers reached, budget left when
-- first read, status]; `p_lock` (one earning per call): lock this earning's campaigns first.
CREATE FUNCTION loyalty_campaign_bonus(
  cust customers, p_base integer, p_amount numeric, p_campaigns jsonb, p_terms jsonb,
  p_lock boolean, INOUT taken jsonb, OUT bonus integer, OUT shares jsonb
)
LANGUAGE plpgsql AS $$
DECLARE
  i integer;
  k jsonb;
  kid integer;
  want bigint;
  cap integer;
  had integer;
  remaining integer;
  st text;
  is_new boolean;
  mine jsonb;
BEGIN
  bonus := 0;
  shares := '[]'::jsonb;
  -- Locked mode (one earning per call): this earning's campaigns, in id order, after its customer.
  IF p_lock THEN
    PERFORM 1 FROM campaigns k2
      WHERE k2.id IN (SELECT coalesce(x ->> 'id', x #>> '{}')::integer FROM jsonb_array_elements(p_campaigns) x)
      ORDER BY k2.id FOR UPDATE;
  END IF;
  FOR i IN 0 .. jsonb_array_length(p_campaigns) - 1 LOOP
    k := CASE WHEN p_terms IS NULL THEN p_campaigns -> i ELSE p_terms -> (p_campaigns ->> i) END;
    IF jsonb_array_length(k -> 'tiers') > 0 AND NOT (k -> 'tiers') @> to_jsonb(cust.tier_id) THEN
      CONTINUE;
    END IF;
    IF jsonb_array_length(k -> 'segments') > 0 AND NOT (k -> 'segments') @> to_jsonb(cust.segment) THEN
      CONTINUE;
    END IF;
    IF jsonb_array_length(k -> 'criteria') > 0 AND loyalty_criteria_failure(cust, k -> 'criteria') IS NOT NULL THEN
      CONTINUE;
    END IF;
    IF bonus > 0 AND NOT (k ->> 'stackable')::boolean THEN
      CONTINUE;
    END IF;
    want := CASE k ->> 'kind'
      WHEN 'MULTIPLIER' THEN floor(p_base * (k ->> 'value')::numeric)
      WHEN 'FIXED' THEN (k ->> 'value')::numeric
      ELSE floor(p_amount / (k ->> 'per')::numeric) * (k ->> 'value')::numeric
    END;
    IF want IS NULL OR want <= 0 THEN
      CONTINUE;
    END IF;
    kid := (k ->> 'id')::integer;
    cap := (k ->> 'cap')::integer;
    IF cap IS NOT NULL THEN
      -- Under the customer's lock: no other transaction moves this customer's share meanwhile.
      SELECT cc.points INTO had FROM campaign_customers cc WHERE cc.campaign_id = kid AND cc.customer_id = cust.id;
      want := least(want, cap - coalesce(had, 0));
      IF want <= 0 THEN
        CONTINUE;
      END IF;
    END IF;
    -- ACTIVE, or SCHEDULED and started (the scheduling job flips the status a little later); what
    -- remains is the budget as the batch first read it less what the batch took since. Read once
    -- per batch: the batch's end takes what it drew only if the budget still holds it (else LY001,
    -- and each earning is posted again with the campaign locked).
    mine := taken -> kid::text;
    IF mine IS NULL THEN
      SELECT jsonb_build_array(0, 0, k2.budget - k2.spent,
          CASE WHEN k2.status = 'SCHEDULED' AND k2.starts_at <= now() THEN 'ACTIVE' ELSE k2.status END)
        INTO mine FROM campaigns k2 WHERE k2.id = kid;
    END IF;
    remaining := (mine ->> 2)::integer - (mine ->> 0)::integer;
    st := mine ->> 3;
    IF st IS DISTINCT FROM 'ACTIVE' OR remaining <= 0 THEN
      CONTINUE;
    END IF;
    want := least(want, remaining);
    IF cap IS NULL THEN
      -- Reached, nothing to count against a cap: written by the batch's end (loyalty_post_earnings),
      -- which counts the customers new to the campaign.
      is_new := false;
    ELSE
      INSERT INTO campaign_customers AS cc (campaign_id, customer_id, points) VALUES (kid, cust.id, want)
        ON CONFLICT (campaign_id, customer_id) DO UPDATE SET points = cc.points + excluded.points
          WHERE cc.points + excluded.points <= cap
        RETURNING (xmax = 0) INTO is_new;
      IF NOT FOUND THEN
        CONTINUE;
      END IF;
    END IF;
    taken := jsonb_set(taken, ARRAY[kid::text], jsonb_build_array((mine ->> 0)::integer + want,
      (mine ->> 1)::integer + CASE WHEN is_new THEN 1 ELSE 0 END, mine -> 2, mine -> 3));
    bonus := bonus + want::integer;
    shares := shares || jsonb_build_object('id', kid, 'points', want);
    IF NOT (k ->> 'stackable')::boolean THEN
      EXIT;
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE FUNCTION loyalty_post_earning(
  p_customer_number text, p_external_id text, p_type_id integer, p_amount numeric,
  p_occurred_at timestamptz, p_expires_at timestamptz, p_awards jsonb,
  p_campaign_id integer DEFAULT NULL, p_actor_id integer DEFAULT NULL, p_limit jsonb DEFAULT NULL,
  p_criteria jsonb DEFAULT NULL, p_business jsonb DEFAULT NULL, p_campaigns jsonb DEFAULT NULL,
  p_channel text DEFAULT NULL, p_api_key_id integer DEFAULT NULL, p_campaign_terms jsonb DEFAULT NULL,
  p_lock boolean DEFAULT false, INOUT taken jsonb DEFAULT '{}',
  OUT outcome text, OUT entry_id bigint, OUT points integer, OUT balance integer, OUT tier_id integer,
  OUT rule_id integer, OUT status text, OUT bonus_points integer, OUT campaign_id integer,
  OUT customer_id bigint, OUT shares jsonb
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
    b := loyalty_campaign_bonus(cust, points, p_amount, p_campaigns, p_campaign_terms, p_lock, taken);
    IF b.bonus > 0 THEN
      taken := b.taken;
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
  -- Each campaign's share, written with the batch's other awards at its end.
  IF bonus_points > 0 AND posted.outcome = 'POSTED' THEN
    customer_id := c.id;
    shares := b.shares;
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION loyalty_post_earnings(p_items jsonb, p_lock boolean DEFAULT false, p_campaign_terms jsonb DEFAULT NULL)
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
BEGIN
  FOR it IN SELECT i.value FROM jsonb_array_elements(p_items) WITH ORDINALITY i ORDER BY i.ordinality LOOP
    r := loyalty_post_earning(it ->> 'customerNumber', it ->> 'externalId', (it ->> 'typeId')::integer,
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
    IF r.shares IS NOT NULL THEN
      taken := r.taken;
      a_entry := a_entry || r.entry_id;
      a_customer := a_customer || r.customer_id;
      a_at := a_at || (it ->> 'occurredAt');
      a_shares := a_shares || r.shares;
    END IF;
    RETURN NEXT;
  END LOOP;
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
