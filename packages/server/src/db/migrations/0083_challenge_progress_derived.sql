ALTER TABLE "challenge_participants" DROP COLUMN "progress";--> statement-breakpoint
ALTER TABLE "challenge_participants" DROP COLUMN "days";--> statement-breakpoint
ALTER TABLE "challenge_participants" DROP COLUMN "types";