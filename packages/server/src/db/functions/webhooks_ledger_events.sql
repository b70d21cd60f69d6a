-- points.earned / points.redeemed / points.expired / redemption.cancelled from ledger postings:
-- one statement-level trigger with a transition table, so a batch of earnings
-- (loyalty_post_earnings) costs one call whatever its size, and nothing without a listening endpoint.
CREATE OR REPLACE FUNCTION webhooks_ledger_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE status <> 'DISABLED'
      AND events && ARRAY['points.earned', 'points.redeemed', 'points.expired', 'redemption.cancelled']) THEN
    RETURN NULL;
  END IF;
  PERFORM webhooks_emit(array_agg(ev.type ORDER BY n.id), array_agg(n.customer_id ORDER BY n.id),
    array_agg(jsonb_build_object(
        'customerNumber', c.customer_number, 'points', abs(n.points), 'balanceAfter', n.balance_after,
        'reference', coalesce(n.external_id, n.reference), 'ledgerEntryId', n.id::text,
        'channel', n.channel, 'occurredAt', n.occurred_at) ORDER BY n.id),
    array_agg(n.occurred_at ORDER BY n.id))
  FROM new_rows n
  JOIN customers c ON c.id = n.customer_id
  LEFT JOIN ledger_entries o ON n.kind = 'REVERSAL' AND o.id = n.reversal_of
  CROSS JOIN LATERAL (SELECT CASE
      WHEN n.kind = 'EARN' THEN 'points.earned'
      WHEN n.kind = 'REDEEM' THEN 'points.redeemed'
      WHEN n.kind = 'EXPIRE' THEN 'points.expired'
      WHEN n.kind = 'REVERSAL' AND o.kind = 'REDEEM' THEN 'redemption.cancelled'
    END AS type) ev
  WHERE ev.type IS NOT NULL;
  RETURN NULL;
END $$;

-- The trigger that runs it.
CREATE OR REPLACE TRIGGER webhooks_ledger_events
  AFTER INSERT ON public.ledger_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION webhooks_ledger_events();
