CREATE TABLE "import_outcomes" (
	"import_id" integer NOT NULL,
	"line" integer NOT NULL,
	"outcome" text NOT NULL,
	"entry_id" bigint,
	"points" integer,
	CONSTRAINT "import_outcomes_import_id_line_pk" PRIMARY KEY("import_id","line")
);
--> statement-breakpoint
DROP INDEX "import_lines_pending_idx";--> statement-breakpoint
ALTER TABLE "import_outcomes" ADD CONSTRAINT "import_outcomes_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What the lines posted so far answered, moved from the lines.
INSERT INTO "import_outcomes" ("import_id", "line", "outcome", "entry_id", "points")
  SELECT "import_id", "line", "outcome", "entry_id", "points" FROM "import_lines" WHERE "outcome" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "import_lines_pending_idx" ON "import_lines" USING btree ("import_id","post_key","line") WHERE "import_lines"."reason" is null;--> statement-breakpoint
ALTER TABLE "import_lines" DROP COLUMN "outcome";--> statement-breakpoint
ALTER TABLE "import_lines" DROP COLUMN "entry_id";--> statement-breakpoint
ALTER TABLE "import_lines" DROP COLUMN "points";