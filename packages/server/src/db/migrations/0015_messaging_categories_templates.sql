CREATE TABLE "message_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"response_target_hours" integer NOT NULL,
	"default_assignee_role_id" integer,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_categories_target_check" CHECK ("message_categories"."response_target_hours" between 1 and 720)
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"body_en" text NOT NULL,
	"body_ar" text NOT NULL,
	"additional_info" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_categories" ADD CONSTRAINT "message_categories_default_assignee_role_id_roles_id_fk" FOREIGN KEY ("default_assignee_role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_categories_name_en_key" ON "message_categories" USING btree (lower("name_en"));--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_name_key" ON "message_templates" USING btree (lower("name"));