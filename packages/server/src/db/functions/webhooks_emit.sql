-- Webhook events written in the transaction of the change that causes them (docs/decisions/webhooks.md).
-- The triggers hand their events here as four parallel arrays — type, customer, payload, time — in
-- the order of the change (arrays, not one JSON document: nothing is built twice and parsed back).
-- Events of a type no endpoint listens to are dropped, so without endpoints a posting pays one
-- probe of a tiny table per statement and writes nothing. The customer's sequence number is given
-- by the fan-out (delivery.ts), so the change's transaction writes the event row and nothing else.
-- Until 2026-11-29 it took one JSON array of events and numbered them itself.
DROP FUNCTION IF EXISTS webhooks_emit(jsonb);
CREATE OR REPLACE FUNCTION webhooks_emit(
  p_types text[], p_customer_ids bigint[], p_payloads jsonb[], p_occurred_at timestamptz[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO webhook_events (type, customer_id, payload, occurred_at)
  SELECT e.type, e.customer_id, e.payload, coalesce(e.occurred_at, now())
  FROM unnest(p_types, p_customer_ids, p_payloads, p_occurred_at) WITH ORDINALITY
    AS e(type, customer_id, payload, occurred_at, ord)
  WHERE e.type = ANY (ARRAY(
    SELECT DISTINCT t FROM webhook_endpoints w, unnest(w.events) t WHERE w.status <> 'DISABLED'))
  ORDER BY e.ord;
END $$;
