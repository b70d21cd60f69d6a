-- tier.changed from the tier history (up or down by the tiers' point thresholds).
CREATE OR REPLACE FUNCTION webhooks_tier_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE status <> 'DISABLED' AND events @> ARRAY['tier.changed']) THEN
    RETURN NULL;
  END IF;
  PERFORM webhooks_emit(array_agg('tier.changed'::text ORDER BY n.id), array_agg(n.customer_id ORDER BY n.id),
    array_agg(jsonb_build_object(
        'customerNumber', c.customer_number, 'tier', n.to_tier_name, 'previousTier', n.from_tier_name,
        'direction', CASE
          WHEN n.to_tier_id IS NOT NULL AND coalesce(tt.min_points, -1) > coalesce(ft.min_points, -1)
            THEN 'UP' ELSE 'DOWN' END,
        'reason', n.reason, 'occurredAt', n.changed_at) ORDER BY n.id),
    array_agg(n.changed_at ORDER BY n.id))
  FROM new_rows n
  JOIN customers c ON c.id = n.customer_id
  LEFT JOIN tiers ft ON ft.id = n.from_tier_id
  LEFT JOIN tiers tt ON tt.id = n.to_tier_id;
  RETURN NULL;
END $$;

-- The trigger that runs it.
CREATE OR REPLACE TRIGGER webhooks_tier_events
  AFTER INSERT ON public.customer_tier_history REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION webhooks_tier_events();
