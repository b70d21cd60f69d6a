-- Tier changes: up or down by the tiers' point thresholds (no tier ranks below every tier), except
-- an opening balance's placement (docs/decisions/imports.md).
CREATE OR REPLACE FUNCTION alerts_tier_events() RETURNS trigger LANGUAGE plpgsql AS $$
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
  WHERE ev.event IN (SELECT a.event FROM alerts a WHERE a.status = 'ACTIVE')
    -- A migration's opening (imports, reason OPENING) places a customer; it is no upgrade to announce.
    AND n.reason <> 'OPENING';
  RETURN NULL;
END $$;

-- The trigger that runs it.
CREATE OR REPLACE TRIGGER alerts_tier_events
  AFTER INSERT ON public.customer_tier_history REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION alerts_tier_events();
