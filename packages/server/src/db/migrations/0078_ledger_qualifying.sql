-- Household transfers do not count toward the tier (decisions/households.md): a lot may now be
-- non-qualifying. The transfers already made are marked, and the lifetime points they moved given
-- back to where they were (the tier follows at the next earning or review).
ALTER TABLE "ledger_entries" ADD COLUMN "qualifying" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE "ledger_entries" e SET "qualifying" = false
	FROM "household_transfers" t WHERE e."id" IN (t."debit_entry_id", t."credit_entry_id");--> statement-breakpoint
UPDATE "customers" c SET "lifetime_points" = c."lifetime_points" - m."points"
	FROM (SELECT e."customer_id", sum(e."points")::integer AS "points" FROM "ledger_entries" e
		WHERE NOT e."qualifying" AND e."lot" GROUP BY e."customer_id") m
	WHERE c."id" = m."customer_id";
