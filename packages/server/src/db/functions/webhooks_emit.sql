-- Webhook events written in the transaction of the change that causes them (docs/decisions/webhooks.md).
-- The triggers hand their rows here: (type, customer_id, payload, occurred_at), in the order the
-- customer's sequence numbers follow. Events of a type no endpoint listens to are dropped, so
-- without endpoints a posting pays one probe of a tiny table per statement and writes nothing.
-- Each customer's counter row is bumped once per statement (the posting already locks the customer).
CREATE OR REPLACE FUNCTION webhooks_emit(p_events jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH listened AS (
    SELECT e.ord, e.type, e.customer_id, e.payload, e.occurred_at
    FROM ROWS FROM (
        jsonb_to_recordset(p_events) AS (type text, customer_id bigint, payload jsonb, occurred_at timestamptz)
      ) WITH ORDINALITY AS e(type, customer_id, payload, occurred_at, ord)
    WHERE EXISTS (SELECT 1 FROM webhook_endpoints w WHERE w.status <> 'DISABLED' AND w.events @> ARRAY[e.type])
  ),
  counts AS (
    SELECT customer_id, count(*) AS n FROM listened WHERE customer_id IS NOT NULL GROUP BY customer_id
  ),
  bumped AS (
    INSERT INTO webhook_customer_sequences AS s (customer_id, last_seq)
    SELECT customer_id, n FROM counts
    ON CONFLICT (customer_id) DO UPDATE SET last_seq = s.last_seq + excluded.last_seq
    RETURNING s.customer_id, s.last_seq
  )
  INSERT INTO webhook_events (type, customer_id, customer_seq, payload, occurred_at)
  SELECT l.type, l.customer_id,
    b.last_seq - c.n + row_number() OVER (PARTITION BY l.customer_id ORDER BY l.ord),
    l.payload, coalesce(l.occurred_at, now())
  FROM listened l
  LEFT JOIN counts c ON c.customer_id = l.customer_id
  LEFT JOIN bumped b ON b.customer_id = l.customer_id
  ORDER BY l.ord;
END $$;
