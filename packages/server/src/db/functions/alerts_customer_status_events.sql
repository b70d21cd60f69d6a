-- Blocked / unblocked: only an UPDATE that names the status column and changes it fires this
-- (a posting's balance update does not).
CREATE OR REPLACE FUNCTION alerts_customer_status_events() RETURNS trigger LANGUAGE plpgsql AS $$
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

-- The trigger that runs it.
CREATE OR REPLACE TRIGGER alerts_customer_status_events
  AFTER UPDATE OF status ON public.customers
  FOR EACH ROW WHEN ((old.status IS DISTINCT FROM new.status)) EXECUTE FUNCTION alerts_customer_status_events();
