-- customer.blocked / customer.unblocked: only an UPDATE that names the status column and changes
-- it fires this (a posting's balance update does not).
CREATE OR REPLACE FUNCTION webhooks_customer_status_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_type text := CASE
    WHEN NEW.status = 'BLOCKED' THEN 'customer.blocked'
    WHEN OLD.status = 'BLOCKED' THEN 'customer.unblocked'
  END;
BEGIN
  IF v_type IS NOT NULL THEN
    PERFORM webhooks_emit(ARRAY[v_type], ARRAY[NEW.id], ARRAY[jsonb_build_object(
      'customerNumber', NEW.customer_number, 'status', NEW.status, 'previousStatus', OLD.status,
      'occurredAt', now())], ARRAY[now()]);
  END IF;
  RETURN NULL;
END $$;

-- The trigger that runs it.
CREATE OR REPLACE TRIGGER webhooks_customer_status_events
  AFTER UPDATE OF status ON public.customers
  FOR EACH ROW WHEN ((old.status IS DISTINCT FROM new.status)) EXECUTE FUNCTION webhooks_customer_status_events();
