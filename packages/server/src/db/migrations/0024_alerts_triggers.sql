-- Alert events written in the transaction of the change that causes them (docs/decisions/alerts.md).
-- Each trigger first asks whether any ACTIVE alert listens to its events (alerts_active_event_idx),
-- so without such an alert a posting pays one index probe per statement and writes nothing.

-- Ledger postings: one statement-level trigger with a transition table, so a batch of earnings
-- (loyalty_post_earnings) costs one INSERT … SELECT whatever its size.
CREATE FUNCTION alerts_ledger_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM alerts
    WHERE status = 'ACTIVE'
      AND event IN ('POINTS_EARNED', 'POINTS_REDEEMED', 'REDEMPTION_CANCELLED', 'POINTS_EXPIRED')
  ) THEN
    RETURN NULL;
  END IF;
  INSERT INTO alert_events (event, customer_id, payload)
  SELECT ev.event, n.customer_id,
    jsonb_build_object(
      'points', abs(n.points), 'balanceAfter', n.balance_after,
      'reference', coalesce(n.external_id, n.reference),
      'ledgerEntryId', n.id, 'occurredAt', n.occurred_at)
  FROM new_rows n
  LEFT JOIN ledger_entries o ON n.kind = 'REVERSAL' AND o.id = n.reversal_of
  CROSS JOIN LATERAL (SELECT CASE
      WHEN n.kind = 'EARN' THEN 'POINTS_EARNED'
      WHEN n.kind = 'REDEEM' THEN 'POINTS_REDEEMED'
      WHEN n.kind = 'EXPIRE' THEN 'POINTS_EXPIRED'
      WHEN n.kind = 'REVERSAL' AND o.kind = 'REDEEM' THEN 'REDEMPTION_CANCELLED'
    END AS event) ev
  WHERE ev.event IN (SELECT a.event FROM alerts a WHERE a.status = 'ACTIVE');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER alerts_ledger_events AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION alerts_ledger_events();
--> statement-breakpoint

-- Tier changes: up or down by the tiers' point thresholds (no tier ranks below every tier).
CREATE FUNCTION alerts_tier_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM alerts WHERE status = 'ACTIVE' AND event IN ('TIER_UPGRADED', 'TIER_DOWNGRADED')
  ) THEN
    RETURN NULL;
  END IF;
  INSERT INTO alert_events (event, customer_id, payload)
  SELECT ev.event, n.customer_id,
    jsonb_build_object(
      'tier', coalesce(n.to_tier_name, ''), 'previousTier', coalesce(n.from_tier_name, ''),
      'tierHistoryId', n.id, 'occurredAt', n.changed_at)
  FROM new_rows n
  LEFT JOIN tiers ft ON ft.id = n.from_tier_id
  LEFT JOIN tiers tt ON tt.id = n.to_tier_id
  CROSS JOIN LATERAL (SELECT CASE
      WHEN n.to_tier_id IS NOT NULL AND coalesce(tt.min_points, -1) > coalesce(ft.min_points, -1)
        THEN 'TIER_UPGRADED'
      ELSE 'TIER_DOWNGRADED'
    END AS event) ev
  WHERE ev.event IN (SELECT a.event FROM alerts a WHERE a.status = 'ACTIVE');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER alerts_tier_events AFTER INSERT ON customer_tier_history
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION alerts_tier_events();
--> statement-breakpoint

-- Blocked / unblocked: only an UPDATE that names the status column and changes it fires this
-- (a posting's balance update does not).
CREATE FUNCTION alerts_customer_status_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_event text := CASE
    WHEN NEW.status = 'BLOCKED' THEN 'ACCOUNT_BLOCKED'
    WHEN OLD.status = 'BLOCKED' AND NEW.status = 'ACTIVE' THEN 'ACCOUNT_UNBLOCKED'
  END;
BEGIN
  IF v_event IS NOT NULL AND EXISTS (SELECT 1 FROM alerts WHERE status = 'ACTIVE' AND event = v_event) THEN
    INSERT INTO alert_events (event, customer_id, payload)
    VALUES (v_event, NEW.id, jsonb_build_object('occurredAt', now()));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER alerts_customer_status_events AFTER UPDATE OF status ON customers
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION alerts_customer_status_events();
--> statement-breakpoint
INSERT INTO alert_settings (id) VALUES (1) ON CONFLICT DO NOTHING;
