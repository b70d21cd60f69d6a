-- The daily roll-up of the ledger (reports_ledger_daily), kept as the ledger grows: one upsert per
-- INSERT statement on ledger_entries, whatever the number of rows it adds (a grouped batch of
-- earnings is one statement), in the posting's transaction. The engine's functions (0013) are not
-- changed. The shard is the connection's own (its backend pid, mod the largest prime a smallint
-- holds), so two connections practically never share a row: a batch of earnings holds its
-- customers' locks and then its shard rows, and no other batch waits on those rows.
CREATE FUNCTION reports_ledger_daily_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reports_ledger_daily AS d
    (day, kind, transaction_type_id, shard, entries, points_in, points_out)
  SELECT (n.occurred_at AT TIME ZONE 'UTC')::date, n.kind, coalesce(n.transaction_type_id, 0),
         (pg_backend_pid() % 32749)::smallint, count(*),
         coalesce(sum(n.points) FILTER (WHERE n.points > 0), 0),
         coalesce(-sum(n.points) FILTER (WHERE n.points < 0), 0)
    FROM new_entries n
   GROUP BY 1, 2, 3
   ORDER BY 1, 2, 3
  ON CONFLICT (day, kind, transaction_type_id, shard) DO UPDATE
    SET entries = d.entries + excluded.entries,
        points_in = d.points_in + excluded.points_in,
        points_out = d.points_out + excluded.points_out;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reports_ledger_daily_rollup
  AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION reports_ledger_daily_rollup();
--> statement-breakpoint
-- Backfill from the ledger as it is (shard 0).
INSERT INTO reports_ledger_daily (day, kind, transaction_type_id, shard, entries, points_in, points_out)
SELECT (occurred_at AT TIME ZONE 'UTC')::date, kind, coalesce(transaction_type_id, 0), 0, count(*),
       coalesce(sum(points) FILTER (WHERE points > 0), 0),
       coalesce(-sum(points) FILTER (WHERE points < 0), 0)
  FROM ledger_entries
 GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO report_settings (id) VALUES (1) ON CONFLICT DO NOTHING;
