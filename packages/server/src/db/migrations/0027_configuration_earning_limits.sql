-- Custom SQL migration file, put your code below! --
-- The earn service's daily limits (service definitions, docs/decisions/configuration.md) are
-- enforced inside the earning, under the customer's lock and in the same statement: the earning
-- stays one database call. loyalty_post_earning gains p_limit ({"count", "points"} or NULL):
-- after the award is known, the customer's usage of the day is counted up atomically
-- (service_usage, INSERT … ON CONFLICT DO UPDATE … WHERE within the limits); when it is not,
-- the outcome is LIMIT_EXCEEDED and nothing is posted. A replayed earning is not counted again.
-- Its signature changes, so the old function is dropped (plpgsql callers bind at run time).
DROP FUNCTION loyalty_post_earning(text, text, integer, numeric, timestamptz, timestamptz, jsonb, integer, integer);
--> statement-breakpoint
CREATE FUNCTION loyalty_post_earning(
  p_customer_number text, p_external_id text, p_type_id integer, p_amount numeric,
  p_occurred_at timestamptz, p_expires_at timestamptz, p_awards jsonb,
  p_campaign_id integer DEFAULT NULL, p_actor_id integer DEFAULT NULL, p_limit jsonb DEFAULT NULL,
  OUT outcome text, OUT entry_id bigint, OUT points integer, OUT balance integer, OUT tier_id integer,
  OUT rule_id integer, OUT status text
)
LANGUAGE plpgsql AS $$
DECLARE
  c record;
  award jsonb;
  posted record;
  lim_count integer := (p_limit ->> 'count')::integer;
  lim_points integer := (p_limit ->> 'points')::integer;
  awarded integer;
BEGIN
  SELECT cu.id, cu.tier_id, cu.status, e.id AS prior_id, e.customer_id AS prior_customer,
      e.points AS prior_points, e.balance_after AS prior_balance, e.rule_id AS prior_rule,
      e.transaction_type_id AS prior_type, e.amount AS prior_amount
    INTO c
    FROM customers cu
      LEFT JOIN ledger_entries e ON e.kind = 'EARN' AND e.external_id = p_external_id
    WHERE cu.customer_number = p_customer_number
    FOR UPDATE OF cu;
  IF NOT FOUND THEN
    outcome := 'NOT_FOUND';
    RETURN;
  END IF;
  tier_id := c.tier_id;
  status := c.status;
  IF c.prior_id IS NOT NULL THEN
    outcome := CASE WHEN c.prior_customer = c.id AND c.prior_type IS NOT DISTINCT FROM p_type_id
        AND c.prior_amount = p_amount::numeric(14, 2) THEN 'REPLAYED' ELSE 'CONFLICT' END;
    entry_id := c.prior_id;
    points := c.prior_points;
    balance := c.prior_balance;
    rule_id := c.prior_rule;
    RETURN;
  END IF;
  IF c.status <> 'ACTIVE' THEN
    outcome := 'NOT_ACTIVE';
    RETURN;
  END IF;
  award := coalesce(p_awards -> c.tier_id::text, p_awards -> '*');
  points := (award ->> 'points')::integer;
  rule_id := (award ->> 'ruleId')::integer;
  -- The earn service's limits per customer per day (UTC), counted atomically under the lock.
  IF p_limit IS NOT NULL THEN
    awarded := points;
    IF lim_points IS NOT NULL AND awarded > lim_points THEN
      outcome := 'LIMIT_EXCEEDED';
      RETURN;
    END IF;
    INSERT INTO service_usage AS u (customer_id, service, day, count, points)
      VALUES (c.id, 'earn', (now() AT TIME ZONE 'UTC')::date, 1, awarded)
      ON CONFLICT (customer_id, service, day) DO UPDATE
        SET count = u.count + 1, points = u.points + excluded.points
        WHERE (lim_count IS NULL OR u.count < lim_count)
          AND (lim_points IS NULL OR u.points + excluded.points <= lim_points)
      RETURNING u.count INTO awarded;
    IF NOT FOUND THEN
      outcome := 'LIMIT_EXCEEDED';
      RETURN;
    END IF;
  END IF;
  posted := loyalty_post_entry(c.id, 'EARN', points, 'txn:' || p_external_id, true, p_expires_at,
    p_occurred_at, p_external_id, p_type_id, p_amount, rule_id, p_campaign_id, NULL, NULL, p_actor_id);
  outcome := posted.outcome;
  entry_id := posted.entry_id;
  balance := posted.balance;
  tier_id := posted.tier_id;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION loyalty_post_earnings(p_items jsonb)
RETURNS TABLE (outcome text, entry_id bigint, points integer, balance integer, tier_id integer,
  rule_id integer, status text)
LANGUAGE plpgsql AS $$
DECLARE
  it jsonb;
  r record;
BEGIN
  FOR it IN SELECT i.value FROM jsonb_array_elements(p_items) WITH ORDINALITY i ORDER BY i.ordinality LOOP
    r := loyalty_post_earning(it ->> 'customerNumber', it ->> 'externalId', (it ->> 'typeId')::integer,
      (it ->> 'amount')::numeric, (it ->> 'occurredAt')::timestamptz, (it ->> 'expiresAt')::timestamptz,
      it -> 'awards', (it ->> 'campaignId')::integer, (it ->> 'actorId')::integer, nullif(it -> 'limit', 'null'::jsonb));
    outcome := r.outcome;
    entry_id := r.entry_id;
    points := r.points;
    balance := r.balance;
    tier_id := r.tier_id;
    rule_id := r.rule_id;
    status := r.status;
    RETURN NEXT;
  END LOOP;
END
$$;
