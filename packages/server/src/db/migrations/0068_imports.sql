CREATE TABLE "import_lines" (
	"import_id" integer NOT NULL,
	"line" integer NOT NULL,
	"data" jsonb NOT NULL,
	"reason" text,
	"field" text,
	"outcome" text,
	"entry_id" bigint,
	"points" integer,
	CONSTRAINT "import_lines_import_id_line_pk" PRIMARY KEY("import_id","line")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"checksum" text NOT NULL,
	"encoding" text NOT NULL,
	"channel" text,
	"api_key_id" integer,
	"post_valid" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"invalid_lines" integer DEFAULT 0 NOT NULL,
	"posted" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL,
	"refused" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"created_by_id" integer,
	"created_by" text NOT NULL,
	"approved_by" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "imports_kind_checksum_key" UNIQUE("kind","checksum"),
	CONSTRAINT "imports_progress_check" CHECK ("imports"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "import_lines" ADD CONSTRAINT "import_lines_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imports_status_idx" ON "imports" USING btree ("status");