-- Issue 16: issuance and redemption by channel. The roll-up gains the channel that posted (ledger
-- `channel`, migration 0042; '' for staff, jobs and older entries) as one more key.
ALTER TABLE "reports_ledger_daily" ADD COLUMN "channel" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports_ledger_daily" DROP CONSTRAINT "reports_ledger_daily_day_kind_transaction_type_id_shard_pk";--> statement-breakpoint
ALTER TABLE "reports_ledger_daily" ADD CONSTRAINT "reports_ledger_daily_day_kind_transaction_type_id_channel_shard_pk" PRIMARY KEY("day","kind","transaction_type_id","channel","shard");--> statement-breakpoint
CREATE OR REPLACE FUNCTION reports_ledger_daily_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reports_ledger_daily AS d
    (day, kind, transaction_type_id, channel, shard, entries, points_in, points_out)
  SELECT (n.occurred_at AT TIME ZONE 'UTC')::date, n.kind, coalesce(n.transaction_type_id, 0),
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
