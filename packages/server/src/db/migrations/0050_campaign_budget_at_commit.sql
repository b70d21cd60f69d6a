-- Campaign budgets taken at the end of an earning batch (issue 15: 20 active campaigns cost the
-- earning path 25-40 %). Until now a batch locked every campaign it might draw on before its first
-- earning, so batches drawing on one campaign ran one after the other. Now a batch reads each
-- campaign's remaining budget without a lock, keeps what it took per campaign in a transaction
-- setting (`loyalty.campaign_taken`: {"<id>": [points, new customers]}), and moves the campaigns'
-- `spent` and `customers_reached` once, at its end, by a conditional UPDATE in id order. Only that
-- tail waits for another batch's commit. When the UPDATE finds the campaign overdrawn by batches
-- that committed meanwhile, paused or ended, the batch fails with SQLSTATE LY001 and the caller
-- posts each of its earnings again on its own with `p_lock` (the campaigns locked, as before), so
-- the budget and the caps still never go over and the last award is still clipped to what remains.
-- Lock order everywhere: customers (by customer number), then campaigns (by id); reversals take
-- the customer first too (transactions.service.ts reverseEarning).
CREATE OR REPLACE FUNCTION loyalty_campaign_bonus(
  cust customers, p_base integer, p_amount numeric, p_campaigns jsonb,
  OUT bonus integer, OUT shares jsonb
)
LANGUAGE plpgsql AS $$
DECLARE
  k jsonb;
  kid integer;
  want bigint;
  cap integer;
  had integer;
  remaining integer;
  st text;
  is_new boolean;
  taken jsonb := coalesce(nullif(current_setting('loyalty.campaign_taken', true), ''), '{}')::jsonb;
  mine jsonb;
BEGIN
  bonus := 0;
  shares := '[]'::jsonb;
  -- Locked mode (one earning per call): this earning's campaigns, in id order, after its customer.
  IF current_setting('loyalty.campaign_lock', true) = 'on' THEN
    PERFORM 1 FROM campaigns k2
      WHERE k2.id IN (SELECT (x ->> 'id')::integer FROM jsonb_array_elements(p_campaigns) x)
      ORDER BY k2.id FOR UPDATE;
  END IF;
  FOR k IN SELECT i.value FROM jsonb_array_elements(p_campaigns) WITH ORDINALITY i ORDER BY i.ordinality LOOP
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
    -- remains is the committed budget less what this batch took already.
    mine := coalesce(taken -> kid::text, '[0, 0]'::jsonb);
    SELECT k2.budget - k2.spent - (mine ->> 0)::integer,
        CASE WHEN k2.status = 'SCHEDULED' AND k2.starts_at <= now() THEN 'ACTIVE' ELSE k2.status END
      INTO remaining, st FROM campaigns k2 WHERE k2.id = kid;
    IF st IS DISTINCT FROM 'ACTIVE' OR remaining <= 0 THEN
      CONTINUE;
    END IF;
    want := least(want, remaining);
    INSERT INTO campaign_customers AS cc (campaign_id, customer_id, points) VALUES (kid, cust.id, want)
      ON CONFLICT (campaign_id, customer_id) DO UPDATE SET points = cc.points + excluded.points
        WHERE cap IS NULL OR cc.points + excluded.points <= cap
      RETURNING (xmax = 0) INTO is_new;
    IF NOT FOUND THEN
      CONTINUE;
    END IF;
    taken := jsonb_set(taken, ARRAY[kid::text], jsonb_build_array((mine ->> 0)::integer + want,
      (mine ->> 1)::integer + CASE WHEN is_new THEN 1 ELSE 0 END));
    bonus := bonus + want::integer;
    shares := shares || jsonb_build_object('id', kid, 'points', want);
    IF NOT (k ->> 'stackable')::boolean THEN
      EXIT;
    END IF;
  END LOOP;
  IF bonus > 0 THEN
    PERFORM set_config('loyalty.campaign_taken', taken::text, true);
  END IF;
END
$$;
--> statement-breakpoint
DROP FUNCTION loyalty_post_earnings(jsonb);
--> statement-breakpoint
-- p_lock: lock each earning's campaigns (after its customer) instead of checking them at the end;
-- for one earning per call (the retry of a batch that failed with LY001, and earnings inside a
-- caller's transaction).
CREATE FUNCTION loyalty_post_earnings(p_items jsonb, p_lock boolean DEFAULT false)
RETURNS TABLE (outcome text, entry_id bigint, points integer, balance integer, tier_id integer,
  rule_id integer, status text, bonus_points integer, campaign_id integer)
LANGUAGE plpgsql AS $$
DECLARE
  it jsonb;
  r record;
  kid integer;
  took jsonb;
  ends boolean;
BEGIN
  PERFORM set_config('loyalty.campaign_taken', '{}', true);
  PERFORM set_config('loyalty.campaign_lock', CASE WHEN p_lock THEN 'on' ELSE 'off' END, true);
  FOR it IN SELECT i.value FROM jsonb_array_elements(p_items) WITH ORDINALITY i ORDER BY i.ordinality LOOP
    r := loyalty_post_earning(it ->> 'customerNumber', it ->> 'externalId', (it ->> 'typeId')::integer,
      (it ->> 'amount')::numeric, (it ->> 'occurredAt')::timestamptz, (it ->> 'expiresAt')::timestamptz,
      it -> 'awards', (it ->> 'campaignId')::integer, (it ->> 'actorId')::integer, nullif(it -> 'limit', 'null'::jsonb),
      nullif(it -> 'criteria', 'null'::jsonb), nullif(it -> 'business', 'null'::jsonb),
      nullif(it -> 'campaigns', 'null'::jsonb), it ->> 'channel', (it ->> 'apiKeyId')::integer);
    outcome := r.outcome;
    entry_id := r.entry_id;
    points := r.points;
    balance := r.balance;
    tier_id := r.tier_id;
    rule_id := r.rule_id;
    status := r.status;
    bonus_points := r.bonus_points;
    campaign_id := r.campaign_id;
    RETURN NEXT;
  END LOOP;
  FOR kid, took IN
    SELECT t.key::integer, t.value FROM jsonb_each(current_setting('loyalty.campaign_taken')::jsonb) t
      ORDER BY 1
  LOOP
    UPDATE campaigns k SET spent = k.spent + (took ->> 0)::integer,
        customers_reached = k.customers_reached + (took ->> 1)::integer,
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
