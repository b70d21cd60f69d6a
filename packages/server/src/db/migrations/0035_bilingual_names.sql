ALTER TABLE "permissions" ADD COLUMN "name_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "permissions" ADD COLUMN "description_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "name_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "description_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "transaction_types" ADD COLUMN "name_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "transaction_types" ADD COLUMN "description_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reward_categories" ADD COLUMN "name_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reward_categories" ADD COLUMN "description_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "name_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "name_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "description_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tiers" ADD COLUMN "name_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tiers" ADD COLUMN "description_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Existing rows: the Arabic starts as a copy of the English until someone translates it (the
-- lists' missingTranslation filter finds such rows). decisions/bilingual.md
UPDATE "tiers" SET "name_ar" = "name", "description_ar" = "description";--> statement-breakpoint
UPDATE "transaction_types" SET "name_ar" = "name", "description_ar" = "description";--> statement-breakpoint
UPDATE "reward_categories" SET "name_ar" = "name", "description_ar" = "description";--> statement-breakpoint
UPDATE "stores" SET "name_ar" = "name";--> statement-breakpoint
UPDATE "vouchers" SET "name_ar" = "name", "description_ar" = "description";--> statement-breakpoint
UPDATE "roles" SET "name_ar" = "name", "description_ar" = "description";--> statement-breakpoint
UPDATE "permissions" SET "name_ar" = "name", "description_ar" = "description";
