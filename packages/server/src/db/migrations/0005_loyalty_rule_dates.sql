ALTER TABLE "points_rules" ALTER COLUMN "valid_from" SET DATA TYPE date;--> statement-breakpoint
ALTER TABLE "points_rules" ALTER COLUMN "valid_until" SET DATA TYPE date;