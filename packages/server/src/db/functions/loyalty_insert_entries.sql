-- Inserts a batch's ledger entries in one statement, their ids drawn beforehand from the ledger's
-- sequence. PL/pgSQL, not SQL: a SQL-language function that inserts is not inlined, and PostgreSQL
-- parsed and planned its INSERT on every call; PL/pgSQL keeps the plan for the session.
CREATE OR REPLACE FUNCTION loyalty_insert_entries(p_entries ledger_entries[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_entries (id, customer_id, kind, points, balance_after, lot, expires_at, reference,
      external_id, transaction_type_id, amount, rule_id, campaign_id, reversal_of, note, actor_id,
      occurred_at, created_at, bonus_points, channel, api_key_id)
    OVERRIDING SYSTEM VALUE
    SELECT e.id, e.customer_id, e.kind, e.points, e.balance_after, e.lot, e.expires_at, e.reference,
      e.external_id, e.transaction_type_id, e.amount, e.rule_id, e.campaign_id, e.reversal_of, e.note,
      e.actor_id, e.occurred_at, e.created_at, e.bonus_points, e.channel, e.api_key_id
    FROM unnest(p_entries) e
    ORDER BY e.id;
END
$$;
