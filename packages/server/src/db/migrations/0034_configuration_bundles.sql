CREATE TABLE "config_bundles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "config_bundles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_ar" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"system" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config_item_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "config_item_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"version" integer NOT NULL,
	"value" jsonb,
	"secret_value" jsonb,
	"changed_by" integer,
	"source" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "config_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"bundle_id" integer NOT NULL,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"value" jsonb,
	"secret_value" jsonb,
	"secret" boolean DEFAULT false NOT NULL,
	"binding" text,
	"description_en" text DEFAULT '' NOT NULL,
	"description_ar" text DEFAULT '' NOT NULL,
	"validation" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"system" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "config_items_secret_check" CHECK (NOT "config_items"."secret" OR "config_items"."value" IS NULL)
);
--> statement-breakpoint
CREATE TABLE "user_configurations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_configurations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_type" text NOT NULL,
	"default_language" text DEFAULT 'en' NOT NULL,
	"idle_minutes" integer,
	"session_hours" integer,
	"page_size" integer DEFAULT 10 NOT NULL,
	"notify_email" boolean DEFAULT true NOT NULL,
	"notify_sms" boolean DEFAULT true NOT NULL,
	"notify_in_app" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_configurations_page_size_check" CHECK ("user_configurations"."page_size" BETWEEN 5 AND 100)
);
--> statement-breakpoint
ALTER TABLE "config_item_versions" ADD CONSTRAINT "config_item_versions_item_id_config_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."config_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_item_versions" ADD CONSTRAINT "config_item_versions_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "config_items" ADD CONSTRAINT "config_items_bundle_id_config_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."config_bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "config_bundles_code_key" ON "config_bundles" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "config_item_versions_item_version_key" ON "config_item_versions" USING btree ("item_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "config_items_key_key" ON "config_items" USING btree ("key");--> statement-breakpoint
CREATE INDEX "config_items_bundle_idx" ON "config_items" USING btree ("bundle_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_configurations_type_key" ON "user_configurations" USING btree ("user_type");