DROP INDEX "import_lines_pending_idx";--> statement-breakpoint
ALTER TABLE "import_lines" ADD COLUMN "post_key" text;--> statement-breakpoint
-- The lines of imports staged before, not posted yet: their kind's partition (its customer; a
-- reversal none), as staging now writes it.
UPDATE "import_lines" l SET "post_key" = CASE WHEN coalesce(l."data" ->> 'reversalOf', '') = '' THEN l."data" ->> 'customerNumber' END
  FROM "imports" i
  WHERE i."id" = l."import_id" AND i."kind" IN ('TRANSACTIONS', 'OPENING_BALANCES')
    AND l."reason" IS NULL AND l."outcome" IS NULL;--> statement-breakpoint
CREATE INDEX "import_lines_pending_idx" ON "import_lines" USING btree ("import_id","post_key","line") WHERE "import_lines"."reason" is null and "import_lines"."outcome" is null;