-- Family transfers are rolled up as TRANSFER from now on (reports_ledger_daily_rollup: the reports
-- count them neither issued nor redeemed). The roll-up's ADJUST rows of the days, transaction types
-- and channels that had a transfer are counted again from the ledger, so the transfers posted
-- before leave ADJUST too.
DELETE FROM "reports_ledger_daily" d
  USING (SELECT DISTINCT (e."occurred_at" AT TIME ZONE 'UTC')::date AS day,
        coalesce(e."transaction_type_id", 0) AS type_id, coalesce(e."channel", '') AS channel
      FROM "household_transfers" t JOIN "ledger_entries" e ON e."id" IN (t."debit_entry_id", t."credit_entry_id")) k
  WHERE d."day" = k.day AND d."transaction_type_id" = k.type_id AND d."channel" = k.channel
    AND d."kind" IN ('ADJUST', 'TRANSFER');
--> statement-breakpoint
INSERT INTO "reports_ledger_daily" ("day", "kind", "transaction_type_id", "channel", "shard", "entries", "points_in", "points_out")
  SELECT k.day, CASE WHEN e."qualifying" THEN 'ADJUST' ELSE 'TRANSFER' END, k.type_id, k.channel, 0, count(*),
      coalesce(sum(e."points") FILTER (WHERE e."points" > 0), 0), coalesce(-sum(e."points") FILTER (WHERE e."points" < 0), 0)
    FROM (SELECT DISTINCT (e."occurred_at" AT TIME ZONE 'UTC')::date AS day,
          coalesce(e."transaction_type_id", 0) AS type_id, coalesce(e."channel", '') AS channel
        FROM "household_transfers" t JOIN "ledger_entries" e ON e."id" IN (t."debit_entry_id", t."credit_entry_id")) k
      JOIN "ledger_entries" e ON e."kind" = 'ADJUST'
        AND e."occurred_at" >= k.day::timestamp AT TIME ZONE 'UTC' AND e."occurred_at" < (k.day + 1)::timestamp AT TIME ZONE 'UTC'
        AND coalesce(e."transaction_type_id", 0) = k.type_id AND coalesce(e."channel", '') = k.channel
    GROUP BY 1, 2, 3, 4;
