DROP INDEX "customers_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "full_name_ar" text;--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin (lower("customer_number" || ' ' || "full_name" || ' ' || coalesce("full_name_ar", '') || ' ' || coalesce("mobile", '') || ' ' || coalesce("email", '')) gin_trgm_ops);