-- When staff last changed a challenge's terms, apart from its status (docs/decisions/challenges.md,
-- the quick path's fingerprint): a pause and resume no longer turns every customer's quick path off.
ALTER TABLE "challenges" ADD COLUMN "terms_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "challenges" SET "terms_changed_at" = "updated_at";
