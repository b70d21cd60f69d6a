-- A scored customer's name in Arabic letters too, so the ranked list shows it on Arabic screens and
-- is searched by it (decisions/bilingual.md). Scores already written take today's from the customers.
ALTER TABLE "churn_scores" ADD COLUMN "full_name_ar" text;--> statement-breakpoint
UPDATE "churn_scores" s SET "full_name_ar" = c."full_name_ar" FROM "customers" c WHERE c."id" = s."customer_id";
