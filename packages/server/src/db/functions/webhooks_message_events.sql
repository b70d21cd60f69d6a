-- message.received (a customer's message) and message.replied (a staff reply) from the service
-- desk's threads; internal notes raise nothing. Statement-level, as the ledger's.
CREATE OR REPLACE FUNCTION webhooks_message_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE status <> 'DISABLED'
      AND events && ARRAY['message.received', 'message.replied']) THEN
    RETURN NULL;
  END IF;
  PERFORM webhooks_emit(
    array_agg(CASE n.kind WHEN 'INBOUND' THEN 'message.received' ELSE 'message.replied' END ORDER BY n.id),
    array_agg(cv.customer_id ORDER BY n.id),
    array_agg(jsonb_build_object(
        'customerNumber', c.customer_number, 'conversationId', cv.id, 'messageId', n.id::text,
        'channel', cv.channel, 'subject', cv.subject, 'body', n.body, 'occurredAt', n.created_at)
      ORDER BY n.id),
    array_agg(n.created_at ORDER BY n.id))
  FROM new_rows n
  JOIN conversations cv ON cv.id = n.conversation_id
  JOIN customers c ON c.id = cv.customer_id
  WHERE n.kind IN ('INBOUND', 'REPLY');
  RETURN NULL;
END $$;

-- The trigger that runs it.
CREATE OR REPLACE TRIGGER webhooks_message_events
  AFTER INSERT ON public.conversation_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION webhooks_message_events();
