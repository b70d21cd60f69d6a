-- The points engine's writes as database functions: a channel's earning is one round trip (one
-- statement, its own transaction) instead of five, and every posting moves points the same way.
-- Rule evaluation stays in TypeScript (rules.engine.ts); these functions apply its award.
-- Each statement a posting runs costs an executor start-up, so they are few: see
-- docs/decisions/loyalty-engine.md and docs/performance.md.

-- Points that decide the tier: lifetime points, or those earned within the rolling window.
CREATE OR REPLACE FUNCTION loyalty_qualifying_points(p_customer bigint, p_lifetime integer)
RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN s.tier_basis = 'ROLLING' THEN (
      SELECT coalesce(sum(e.points), 0)::integer FROM ledger_entries e
      WHERE e.customer_id = p_customer AND e.lot
        AND e.occurred_at > now() - make_interval(months => s.tier_window_months))
    ELSE p_lifetime END
  FROM loyalty_settings s WHERE s.id = 1
$$;
--> statement-breakpoint
-- Moves a customer to the tier their qualifying points reach and records the change. Upgrades at
-- once; downgrades at once under IMMEDIATE, otherwise only when p_review (the period-end review).
-- Answers the customer's tier afterwards. One statement when the tier stays (nearly always).
CREATE OR REPLACE FUNCTION loyalty_evaluate_tier(
  p_customer bigint, p_current integer, p_lifetime integer, p_reason text, p_review boolean DEFAULT false
) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  qualifying integer;
  policy text;
  target_id integer;
  target_name text;
  target_min integer;
  cur tiers;
BEGIN
  -- The basis is tested here too so that the LIFETIME case reads no ledger and calls nothing.
  SELECT q.points, s.downgrade_policy, t.id, t.name, t.min_points INTO qualifying, policy, target_id, target_name, target_min
    FROM loyalty_settings s
    CROSS JOIN LATERAL (SELECT CASE WHEN s.tier_basis = 'ROLLING'
      THEN loyalty_qualifying_points(p_customer, p_lifetime) ELSE p_lifetime END AS points) q
    LEFT JOIN LATERAL (SELECT t.id, t.name, t.min_points FROM tiers t WHERE t.min_points <= q.points
      ORDER BY t.min_points DESC LIMIT 1) t ON true
    WHERE s.id = 1;
  IF target_id IS NOT DISTINCT FROM p_current THEN
    RETURN p_current;
  END IF;
  SELECT * INTO cur FROM tiers t WHERE t.id = p_current;
  IF cur.id IS NOT NULL AND (target_id IS NULL OR target_min <= cur.min_points)
     AND NOT p_review AND policy <> 'IMMEDIATE' THEN
    RETURN p_current;
  END IF;
  UPDATE customers SET tier_id = target_id WHERE id = p_customer;
  INSERT INTO customer_tier_history
    (customer_id, from_tier_id, from_tier_name, to_tier_id, to_tier_name, qualifying_points, reason)
    VALUES (p_customer, cur.id, cur.name, target_id, target_name, qualifying, p_reason);
  RETURN target_id;
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
  WITH moved AS (
    UPDATE customers c SET
      balance = c.balance + p_points,
      lifetime_points = c.lifetime_points + CASE WHEN v_lot THEN p_points ELSE 0 END,
      last_activity_at = CASE WHEN p_kind IN ('EARN', 'REDEEM')
        THEN greatest(coalesce(c.last_activity_at, p_occurred_at), p_occurred_at)
        ELSE c.last_activity_at END,
      updated_at = now()
    WHERE c.id = p_customer AND c.balance + p_points >= 0
    RETURNING c.id, c.balance, c.lifetime_points, c.tier_id
  ), e AS (
    INSERT INTO ledger_entries (customer_id, kind, points, balance_after, lot, expires_at, reference,
        external_id, transaction_type_id, amount, rule_id, campaign_id, reversal_of, note, actor_id, occurred_at)
      SELECT m.id, p_kind, p_points, m.balance, v_lot, v_expires, p_reference, p_external_id, p_type_id,
        p_amount, p_rule_id, p_campaign_id, p_reversal_of, p_note, p_actor_id, p_occurred_at
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
  tier_id := loyalty_evaluate_tier(p_customer, v_tier, lifetime_points, p_kind);
  outcome := 'POSTED';
END
$$;
--> statement-breakpoint
-- A channel's transaction: locks the customer, answers an earlier posting of the same externalId
-- (REPLAYED, or CONFLICT when its details differ), refuses a customer who is not ACTIVE
-- (NOT_ACTIVE) or unknown (NOT_FOUND), else posts the EARN entry (POSTED). The caller evaluated
-- the rules for every tier that has rules of its own and for everyone else: p_awards maps a tier
-- id, or '*' for everyone else, to {"points", "ruleId"}; the locked row's tier picks one.
-- The earlier posting is looked up in the locking statement, whose snapshot predates the lock:
-- a twin posted at the same moment and committed while this one waited is not seen, so the
-- insert hits ledger_external_key and the caller runs the posting again (then it is seen).
CREATE OR REPLACE FUNCTION loyalty_post_earning(
  p_customer_number text, p_external_id text, p_type_id integer, p_amount numeric,
  p_occurred_at timestamptz, p_expires_at timestamptz, p_awards jsonb,
  p_campaign_id integer DEFAULT NULL, p_actor_id integer DEFAULT NULL,
  OUT outcome text, OUT entry_id bigint, OUT points integer, OUT balance integer, OUT tier_id integer,
  OUT rule_id integer, OUT status text
)
LANGUAGE plpgsql AS $$
DECLARE
  c record;
  award jsonb;
  posted record;
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
  posted := loyalty_post_entry(c.id, 'EARN', points, 'txn:' || p_external_id, true, p_expires_at,
    p_occurred_at, p_external_id, p_type_id, p_amount, rule_id, p_campaign_id, NULL, NULL, p_actor_id);
  outcome := posted.outcome;
  entry_id := posted.entry_id;
  balance := posted.balance;
  tier_id := posted.tier_id;
END
$$;
--> statement-breakpoint
-- Channel transactions that arrived together, in one statement and one transaction (the server
-- groups earnings that wait for the database, see earnings.queue.ts): each item is posted by
-- loyalty_post_earning in the order given, which the caller sorts by customer number so that
-- two batches lock customers in the same order. Answers one row per item, in order.
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
      it -> 'awards', (it ->> 'campaignId')::integer, (it ->> 'actorId')::integer);
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
