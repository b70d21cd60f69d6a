ALTER TABLE "redemptions" DROP CONSTRAINT "redemptions_points_check";--> statement-breakpoint
ALTER TABLE "challenge_payouts" ALTER COLUMN "entry_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "challenge_payouts" ADD COLUMN "redemption_id" bigint;--> statement-breakpoint
ALTER TABLE "challenge_payouts" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "challenge_payouts" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_points_check" CHECK ("redemptions"."points_spent" >= 0);--> statement-breakpoint
-- A reward taken back before this migration: its reversal entry marks it.
UPDATE "challenge_payouts" SET "reversed_at" = "created_at" WHERE "reversal_entry_id" IS NOT NULL;
