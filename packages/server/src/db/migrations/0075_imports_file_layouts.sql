CREATE TABLE "file_layouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "file_layouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"name_ar" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"format" text NOT NULL,
	"encoding" text NOT NULL,
	"delimiter" text,
	"quote" text DEFAULT '"' NOT NULL,
	"header_row" boolean DEFAULT true NOT NULL,
	"fixed_width" jsonb,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "layout_id" integer;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "control" jsonb;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_layout_id_file_layouts_id_fk" FOREIGN KEY ("layout_id") REFERENCES "public"."file_layouts"("id") ON DELETE set null ON UPDATE no action;