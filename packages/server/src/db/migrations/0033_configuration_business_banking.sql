CREATE TABLE "business_banking_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"earns" boolean DEFAULT true NOT NULL,
	"multiplier" numeric(4, 2) DEFAULT 1 NOT NULL,
	"monthly_cap" integer,
	"counting_type_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"may_redeem" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_banking_settings_one_row" CHECK ("business_banking_settings"."id" = 1),
	CONSTRAINT "business_banking_settings_multiplier_check" CHECK ("business_banking_settings"."multiplier" >= 0.1 AND "business_banking_settings"."multiplier" <= 10)
);--> statement-breakpoint
INSERT INTO "business_banking_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A business customer's points for an earning (docs/decisions/configuration.md): 0 when business
-- customers do not earn or the type does not count (p_rules.types, empty: all), the rule's points
-- times the multiplier (rounded down), within the monthly cap: what the customer's EARN and
-- REVERSAL entries of this calendar month (UTC) already hold counts against it. One evaluator, used
-- by the earning's statement and by the points rules simulation.
CREATE FUNCTION loyalty_business_points(p_customer bigint, p_base integer, p_type_id integer, p_rules jsonb)
RETURNS integer LANGUAGE plpgsql STABLE AS $$
DECLARE
  cap integer := (p_rules ->> 'monthlyCap')::integer;
  earned bigint;
  pts integer;
BEGIN
  IF NOT (p_rules ->> 'earns')::boolean THEN
    RETURN 0;
  END IF;
  IF jsonb_array_length(coalesce(p_rules -> 'types', '[]'::jsonb)) > 0
      AND NOT (p_rules -> 'types') @> to_jsonb(p_type_id) THEN
    RETURN 0;
  END IF;
  pts := floor(p_base * (p_rules ->> 'multiplier')::numeric)::integer;
  IF cap IS NOT NULL THEN
    SELECT coalesce(sum(e.points), 0) INTO earned
      FROM ledger_entries e
      WHERE e.customer_id = p_customer AND e.kind IN ('EARN', 'REVERSAL')
        AND e.occurred_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
    pts := greatest(0, least(pts, cap - earned))::integer;
  END IF;
  RETURN pts;
END
$$;
--> statement-breakpoint
-- loyalty_post_earning gains p_business (the business banking settings, or NULL when neutral),
-- applied to business customers after the award is known, before the limits are counted.
DROP FUNCTION loyalty_post_earning(text, text, integer, numeric, timestamptz, timestamptz, jsonb, integer, integer, jsonb, jsonb);
--> statement-breakpoint
CREATE FUNCTION loyalty_post_earning(
  p_customer_number text, p_external_id text, p_type_id integer, p_amount numeric,
  p_occurred_at timestamptz, p_expires_at timestamptz, p_awards jsonb,
  p_campaign_id integer DEFAULT NULL, p_actor_id integer DEFAULT NULL, p_limit jsonb DEFAULT NULL,
  p_criteria jsonb DEFAULT NULL, p_business jsonb DEFAULT NULL,
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
  cust customers;
  failed integer;
BEGIN
  SELECT cu.id, cu.tier_id, cu.status, cu.segment, e.id AS prior_id, e.customer_id AS prior_customer,
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
  -- The earn scope's eligibility criteria, in priority order: the first one the customer fails
  -- refuses the earning (outcome NOT_ELIGIBLE, the criterion's id in status).
  IF p_criteria IS NOT NULL THEN
    SELECT * INTO cust FROM customers WHERE id = c.id;
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
  -- Business customers: the business banking settings change the award (p_business: NULL while
  -- they are neutral, so retail earnings pay nothing for it).
  IF p_business IS NOT NULL AND c.segment = 'BUSINESS' THEN
    points := loyalty_business_points(c.id, points, p_type_id, p_business);
  END IF;
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
      it -> 'awards', (it ->> 'campaignId')::integer, (it ->> 'actorId')::integer, nullif(it -> 'limit', 'null'::jsonb),
      nullif(it -> 'criteria', 'null'::jsonb), nullif(it -> 'business', 'null'::jsonb));
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
