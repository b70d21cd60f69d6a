-- Alert events written in the transaction of the change that causes them (docs/decisions/alerts.md).
-- Each trigger first asks whether any ACTIVE alert listens to its events (alerts_active_event_idx),
-- so without such an alert a posting pays one index probe per statement and writes nothing.
-- Ledger postings: one statement-level trigger with a transition table, so a batch of earnings
-- (loyalty_post_earnings) costs one INSERT … SELECT whatever its size.
CREATE OR REPLACE FUNCTION alerts_ledger_events() RETURNS trigger LANGUAGE plpgsql AS $$
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

-- The trigger that runs it.
CREATE OR REPLACE TRIGGER alerts_ledger_events
  AFTER INSERT ON public.ledger_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION alerts_ledger_events();
