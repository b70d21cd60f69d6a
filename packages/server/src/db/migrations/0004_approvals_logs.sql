CREATE TABLE "approval_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"service_id" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"record_key" text,
	"target_type" text,
	"target_id" text,
	"input" jsonb NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"maker_id" integer NOT NULL,
	"maker_username" text NOT NULL,
	"maker_ip" text,
	"maker_visitor_id" text,
	"maker_request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checker_id" integer,
	"checker_username" text,
	"decided_at" timestamp with time zone,
	"reason" text,
	"failure_code" text,
	"failure_detail" text
);
--> statement-breakpoint
CREATE TABLE "approval_services" (
	"service_id" text PRIMARY KEY NOT NULL,
	"service_type_id" integer NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_ar" text DEFAULT '' NOT NULL,
	"approval_required" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maker_checker_config" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"allow_self_approval" boolean DEFAULT false NOT NULL,
	"checker_permission" text DEFAULT 'approval.check' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "maker_checker_config_single_row" CHECK ("maker_checker_config"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "service_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "service_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_ar" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sha256" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"filename" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reward_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reward_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text NOT NULL,
	"image_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stores_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"image_id" uuid NOT NULL,
	"category_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vouchers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text NOT NULL,
	"image_id" uuid NOT NULL,
	"store_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"issued" integer DEFAULT 0 NOT NULL,
	"points_required" integer NOT NULL,
	"money" numeric(14, 2) NOT NULL,
	"valid_from" date,
	"valid_until" date,
	"per_customer_limit" integer,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_stock_check" CHECK ("vouchers"."issued" >= 0 and "vouchers"."issued" <= "vouchers"."amount"),
	CONSTRAINT "vouchers_points_check" CHECK ("vouchers"."points_required" > 0),
	CONSTRAINT "vouchers_money_check" CHECK ("vouchers"."money" >= 0),
	CONSTRAINT "vouchers_validity_check" CHECK ("vouchers"."valid_from" is null or "vouchers"."valid_until" is null or "vouchers"."valid_from" <= "vouchers"."valid_until"),
	CONSTRAINT "vouchers_limit_check" CHECK ("vouchers"."per_customer_limit" is null or "vouchers"."per_customer_limit" > 0)
);
--> statement-breakpoint
CREATE TABLE "system_log_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"retention_days" integer DEFAULT 90 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "system_log_settings_single_row" CHECK ("system_log_settings"."id" = 1),
	CONSTRAINT "system_log_settings_retention" CHECK ("system_log_settings"."retention_days" between 1 and 3650)
);
--> statement-breakpoint
CREATE TABLE "system_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "system_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"level" smallint NOT NULL,
	"category" text NOT NULL,
	"message" text NOT NULL,
	"request_id" text,
	"context" jsonb
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "on_behalf_of" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "approval_request_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_service_id_approval_services_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."approval_services"("service_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_maker_id_users_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_checker_id_users_id_fk" FOREIGN KEY ("checker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_services" ADD CONSTRAINT "approval_services_service_type_id_service_types_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_categories" ADD CONSTRAINT "reward_categories_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_category_id_reward_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."reward_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_requests_pending_key" ON "approval_requests" USING btree ("service_id","record_key") WHERE status = 'PENDING' and record_key is not null;--> statement-breakpoint
CREATE INDEX "approval_requests_status_idx" ON "approval_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "approval_requests_maker_idx" ON "approval_requests" USING btree ("maker_id","status","created_at");--> statement-breakpoint
CREATE INDEX "approval_requests_checker_idx" ON "approval_requests" USING btree ("checker_id","decided_at");--> statement-breakpoint
CREATE INDEX "approval_services_type_idx" ON "approval_services" USING btree ("service_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_types_code_key" ON "service_types" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "images_sha256_key" ON "images" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "images_created_at_idx" ON "images" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reward_categories_name_key" ON "reward_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "reward_categories_name_idx" ON "reward_categories" USING btree ("name");--> statement-breakpoint
CREATE INDEX "reward_categories_created_at_idx" ON "reward_categories" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_name_key" ON "stores" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "stores_category_idx" ON "stores" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "stores_name_idx" ON "stores" USING btree ("name");--> statement-breakpoint
CREATE INDEX "stores_created_at_idx" ON "stores" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_store_name_key" ON "vouchers" USING btree ("store_id",lower("name"));--> statement-breakpoint
CREATE INDEX "vouchers_name_idx" ON "vouchers" USING btree ("name");--> statement-breakpoint
CREATE INDEX "vouchers_points_idx" ON "vouchers" USING btree ("points_required");--> statement-breakpoint
CREATE INDEX "vouchers_valid_until_idx" ON "vouchers" USING btree ("valid_until");--> statement-breakpoint
CREATE INDEX "vouchers_created_at_idx" ON "vouchers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "system_logs_at_idx" ON "system_logs" USING btree ("at");--> statement-breakpoint
CREATE INDEX "system_logs_level_idx" ON "system_logs" USING btree ("level","at");--> statement-breakpoint
CREATE INDEX "system_logs_request_idx" ON "system_logs" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_seq_key" ON "audit_log" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "audit_log_command_idx" ON "audit_log" USING btree ("command","at");--> statement-breakpoint
CREATE INDEX "audit_log_request_idx" ON "audit_log" USING btree ("approval_request_id");