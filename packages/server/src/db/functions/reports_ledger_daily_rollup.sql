-- The ledger's daily roll-up for the reports (reports_ledger_daily): one upsert per INSERT statement
-- on ledger_entries, whatever the number of rows it adds (a batch of earnings is one statement), in
-- the posting's transaction. The shard is the connection's own (its backend pid, mod the largest
-- prime a smallint holds), so two connections practically never share a row. A family transfer's two
-- entries (ADJUST, not qualifying: households_transfer) are rolled up as TRANSFER: points moved
-- between members, which the reports count neither issued nor redeemed (decisions/reports.md).
CREATE OR REPLACE FUNCTION reports_ledger_daily_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reports_ledger_daily AS d
    (day, kind, transaction_type_id, channel, shard, entries, points_in, points_out)
  SELECT (n.occurred_at AT TIME ZONE 'UTC')::date,
         CASE WHEN n.kind = 'ADJUST' AND NOT n.qualifying THEN 'TRANSFER' ELSE n.kind END, coalesce(n.transaction_type_id, 0),
         coalesce(n.channel, ''), (pg_backend_pid() % 32749)::smallint, count(*),
         coalesce(sum(n.points) FILTER (WHERE n.points > 0), 0),
         coalesce(-sum(n.points) FILTER (WHERE n.points < 0), 0)
    FROM new_entries n
   GROUP BY 1, 2, 3, 4
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (day, kind, transaction_type_id, channel, shard) DO UPDATE
    SET entries = d.entries + excluded.entries,
        points_in = d.points_in + excluded.points_in,
        points_out = d.points_out + excluded.points_out;
  RETURN NULL;
END
$$;

-- The trigger that runs it.
CREATE OR REPLACE TRIGGER reports_ledger_daily_rollup
  AFTER INSERT ON public.ledger_entries REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION reports_ledger_daily_rollup();
