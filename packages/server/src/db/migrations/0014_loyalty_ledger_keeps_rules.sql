-- The ledger is append-only: a points rule that awarded points can no longer be deleted (its
-- entries would have been rewritten to forget it); staff make it INACTIVE instead.
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_rule_id_points_rules_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_rule_id_points_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."points_rules"("id") ON DELETE no action ON UPDATE no action;