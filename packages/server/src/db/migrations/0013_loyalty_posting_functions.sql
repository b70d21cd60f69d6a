-- The points engine's writes as database functions: a channel's earning is one round trip (one
-- statement, its own transaction) instead of five, and every posting moves points the same way.
-- Rule evaluation stays in TypeScript (rules.engine.ts); these functions only apply its award.
-- See docs/decisions/loyalty-engine.md and docs/performance.md.

-- Points that decide the tier: lifetime points, or those earned within the rolling window.
CREATE OR REPLACE FUNCTION loyalty_qualifying_points(p_customer bigint, p_lifetime integer)
RETURNS integer
LANGUAGE plpgsql STABLE AS $$
DECLARE
  s loyalty_settings;
  qualifying integer;
BEGIN
  SELECT * INTO s FROM loyalty_settings WHERE id = 1;
  IF s.tier_basis IS DISTINCT FROM 'ROLLING' THEN
    RETURN p_lifetime;
  END IF;
  SELECT coalesce(sum(e.points), 0)::integer INTO qualifying FROM ledger_entries e
    WHERE e.customer_id = p_customer AND e.lot
      AND e.occurred_at > now() - make_interval(months => s.tier_window_months);
  RETURN qualifying;
END
$$;
--> statement-breakpoint
-- Moves a customer to the tier their qualifying points reach and records the change. Upgrades at
-- once; downgrades at once under IMMEDIATE, otherwise only when p_review (the period-end review).
-- Answers the customer's tier afterwards.
CREATE OR REPLACE FUNCTION loyalty_evaluate_tier(
  p_customer bigint, p_current integer, p_lifetime integer, p_reason text, p_review boolean DEFAULT false
) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  qualifying integer := loyalty_qualifying_points(p_customer, p_lifetime);
  target tiers;
  cur tiers;
BEGIN
  SELECT * INTO target FROM tiers t WHERE t.min_points <= qualifying ORDER BY t.min_points DESC LIMIT 1;
  IF target.id IS NOT DISTINCT FROM p_current THEN
    RETURN p_current;
  END IF;
  SELECT * INTO cur FROM tiers t WHERE t.id = p_current;
  IF cur.id IS NOT NULL AND (target.id IS NULL OR target.min_points <= cur.min_points) AND NOT p_review
     AND (SELECT s.downgrade_policy FROM loyalty_settings s WHERE s.id = 1) <> 'IMMEDIATE' THEN
    RETURN p_current;
  END IF;
  UPDATE customers SET tier_id = target.id WHERE id = p_customer;
  INSERT INTO customer_tier_history
    (customer_id, from_tier_id, from_tier_name, to_tier_id, to_tier_name, qualifying_points, reason)
    VALUES (p_customer, cur.id, cur.name, target.id, target.name, qualifying, p_reason);
  RETURN target.id;
END
$$;
--> statement-breakpoint
-- The one way points move: appends a ledger entry and moves the balance, then re-evaluates the
-- tier. The UPDATE row-locks the customer (postings for one customer serialize) and refuses a
-- debit beyond the balance. outcome: POSTED, INSUFFICIENT_POINTS, NOT_FOUND (the customer) or
-- ENTRY_NOT_FOUND (the entry a reversal names); nothing is written unless POSTED. A reversal
-- takes the lot and expiry of the entry it reverses; others get p_lot and p_expires_at.
CREATE OR REPLACE FUNCTION loyalty_post_entry(
  p_customer bigint, p_kind text, p_points integer, p_reference text,
  p_lot boolean, p_expires_at timestamptz, p_occurred_at timestamptz,
  p_external_id text DEFAULT NULL, p_type_id integer DEFAULT NULL, p_amount numeric DEFAULT NULL,
  p_rule_id integer DEFAULT NULL, p_campaign_id integer DEFAULT NULL, p_reversal_of bigint DEFAULT NULL,
  p_note text DEFAULT NULL, p_actor_id integer DEFAULT NULL,
  OUT outcome text, OUT entry_id bigint, OUT balance integer, OUT lifetime_points integer,
  OUT tier_id integer
)
LANGUAGE plpgsql AS $$
DECLARE
  v_lot boolean := p_lot;
  v_expires timestamptz := p_expires_at;
  v_tier integer;
BEGIN
  IF p_reversal_of IS NOT NULL THEN
    SELECT e.lot, e.expires_at INTO v_lot, v_expires FROM ledger_entries e
      WHERE e.id = p_reversal_of AND e.customer_id = p_customer;
    IF NOT FOUND THEN
      outcome := 'ENTRY_NOT_FOUND';
      RETURN;
    END IF;
  END IF;
  UPDATE customers c SET
    balance = c.balance + p_points,
    lifetime_points = c.lifetime_points + CASE WHEN v_lot THEN p_points ELSE 0 END,
    last_activity_at = CASE WHEN p_kind IN ('EARN', 'REDEEM')
      THEN greatest(coalesce(c.last_activity_at, p_occurred_at), p_occurred_at)
      ELSE c.last_activity_at END,
    updated_at = now()
  WHERE c.id = p_customer AND c.balance + p_points >= 0
  RETURNING c.balance, c.lifetime_points, c.tier_id INTO balance, lifetime_points, v_tier;
  IF NOT FOUND THEN
    outcome := CASE WHEN EXISTS (SELECT 1 FROM customers c WHERE c.id = p_customer)
      THEN 'INSUFFICIENT_POINTS' ELSE 'NOT_FOUND' END;
    SELECT c.balance INTO balance FROM customers c WHERE c.id = p_customer;
    RETURN;
  END IF;
  INSERT INTO ledger_entries (customer_id, kind, points, balance_after, lot, expires_at, reference,
      external_id, transaction_type_id, amount, rule_id, campaign_id, reversal_of, note, actor_id, occurred_at)
    VALUES (p_customer, p_kind, p_points, balance, v_lot, v_expires, p_reference, p_external_id, p_type_id,
      p_amount, p_rule_id, p_campaign_id, p_reversal_of, p_note, p_actor_id, p_occurred_at)
    RETURNING id INTO entry_id;
  tier_id := loyalty_evaluate_tier(p_customer, v_tier, lifetime_points, p_kind);
  outcome := 'POSTED';
END
$$;
--> statement-breakpoint
-- A channel's transaction in one statement: locks the customer, answers an earlier posting of the
-- same externalId (REPLAYED, or CONFLICT when its details differ), refuses a customer who is not
-- ACTIVE (NOT_ACTIVE) or unknown (NOT_FOUND), else posts the EARN entry (POSTED). The award was
-- evaluated by the caller for every tier that has rules of its own (p_tier_ids, p_tier_points,
-- p_tier_rule_ids) and for everyone else (p_points, p_rule_id): the locked row's tier picks one.
-- Each statement of a function takes a new snapshot, so once the lock is held a twin posted at
-- the same moment for the same customer is seen and answered; a twin for another customer hits
-- ledger_external_key, and the caller runs the posting again.
CREATE OR REPLACE FUNCTION loyalty_post_earning(
  p_customer_number text, p_external_id text, p_type_id integer, p_amount numeric,
  p_occurred_at timestamptz, p_expires_at timestamptz,
  p_points integer, p_rule_id integer,
  p_tier_ids integer[], p_tier_points integer[], p_tier_rule_ids integer[],
  p_campaign_id integer DEFAULT NULL, p_actor_id integer DEFAULT NULL,
  OUT outcome text, OUT entry_id bigint, OUT points integer, OUT balance integer, OUT tier_id integer,
  OUT rule_id integer, OUT status text
)
LANGUAGE plpgsql AS $$
DECLARE
  c record;
  prior record;
  i integer;
  posted record;
BEGIN
  SELECT cu.id, cu.tier_id, cu.status INTO c FROM customers cu
    WHERE cu.customer_number = p_customer_number FOR UPDATE;
  IF NOT FOUND THEN
    outcome := 'NOT_FOUND';
    RETURN;
  END IF;
  tier_id := c.tier_id;
  status := c.status;
  SELECT e.id, e.customer_id, e.points, e.balance_after, e.rule_id, e.transaction_type_id, e.amount
    INTO prior FROM ledger_entries e WHERE e.kind = 'EARN' AND e.external_id = p_external_id;
  IF FOUND THEN
    outcome := CASE WHEN prior.customer_id = c.id AND prior.transaction_type_id IS NOT DISTINCT FROM p_type_id
        AND prior.amount = p_amount::numeric(14, 2) THEN 'REPLAYED' ELSE 'CONFLICT' END;
    entry_id := prior.id;
    points := prior.points;
    balance := prior.balance_after;
    rule_id := prior.rule_id;
    RETURN;
  END IF;
  IF c.status <> 'ACTIVE' THEN
    outcome := 'NOT_ACTIVE';
    RETURN;
  END IF;
  i := array_position(p_tier_ids, c.tier_id);
  points := CASE WHEN i IS NULL THEN p_points ELSE p_tier_points[i] END;
  rule_id := CASE WHEN i IS NULL THEN p_rule_id ELSE p_tier_rule_ids[i] END;
  SELECT * INTO posted FROM loyalty_post_entry(c.id, 'EARN', points, 'txn:' || p_external_id, true,
    p_expires_at, p_occurred_at, p_external_id, p_type_id, p_amount, rule_id, p_campaign_id, NULL, NULL,
    p_actor_id);
  outcome := posted.outcome;
  entry_id := posted.entry_id;
  balance := posted.balance;
  tier_id := posted.tier_id;
END
$$;
