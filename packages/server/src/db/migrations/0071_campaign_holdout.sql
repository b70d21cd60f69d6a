ALTER TABLE "campaigns" ADD COLUMN "holdout_pct" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "holdout_seed" integer DEFAULT floor(random() * 2147483647)::integer NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_holdout_pct_check" CHECK ("campaigns"."holdout_pct" BETWEEN 0 AND 50);