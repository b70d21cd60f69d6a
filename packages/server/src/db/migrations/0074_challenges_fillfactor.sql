-- Free space in each page so that the updates the earning path makes are HOT updates (no index
-- rewritten, no dead index entries for the next earning's read to step over): a participation's
-- progress at every qualifying earning, a challenge's `spent` at every step paid (every earning
-- reads the live challenges). See docs/decisions/challenges.md.
ALTER TABLE "challenges" SET (fillfactor = 20);--> statement-breakpoint
ALTER TABLE "challenge_participants" SET (fillfactor = 80);
