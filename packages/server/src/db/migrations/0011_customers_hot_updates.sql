DROP INDEX "customers_balance_idx";--> statement-breakpoint
DROP INDEX "customers_last_activity_idx";