-- Churn scores keep every feature's contribution and raw value instead of the three drivers as
-- JSON (issue 17: scoring 1,000,000 customers in under a minute): picking the top three and
-- building their JSON per customer was the costliest part of scoring; the reads pick them for
-- the rows they show (toScore). The old rows have no arrays to fill: they are removed, and the
-- `analytics.churn-score` job scores the customers again with the active model (it does when the
-- active model has no scores).
TRUNCATE "churn_scores";--> statement-breakpoint
ALTER TABLE "churn_scores" ADD COLUMN "contributions" double precision[] NOT NULL;--> statement-breakpoint
ALTER TABLE "churn_scores" ADD COLUMN "inputs" double precision[] NOT NULL;--> statement-breakpoint
ALTER TABLE "churn_scores" DROP COLUMN "drivers";
