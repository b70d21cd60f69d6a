-- A challenge's participants, latest first, a page at a time (its page and the export): read in the
-- index's order instead of sorting all of the challenge's. Written when a participation starts only.
CREATE INDEX "challenge_participants_joined_idx" ON "challenge_participants" USING btree ("challenge_id","joined_at","id");
