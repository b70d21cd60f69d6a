ALTER TABLE "user_configurations" ALTER COLUMN "page_size" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "user_configurations" ALTER COLUMN "page_size" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "user_configurations" DROP COLUMN "notify_email";--> statement-breakpoint
ALTER TABLE "user_configurations" DROP COLUMN "notify_sms";--> statement-breakpoint
ALTER TABLE "user_configurations" DROP COLUMN "notify_in_app";