-- Issue 24: the customers search's text becomes the trigram index's expression instead of a stored
-- generated column. PostgreSQL 15 recomputes a stored generated column on every update of its row,
-- rebuilding its expression from the catalogue each time: every earning's balance move paid for
-- the search text of a customer whose name had not changed. An expression index is computed only
-- when the row's indexed columns change (a posting's update stays HOT and touches no index).
DROP INDEX "customers_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin (lower("customer_number" || ' ' || "full_name" || ' ' || coalesce("mobile", '') || ' ' || coalesce("email", '')) gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "search_text";