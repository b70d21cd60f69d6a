CREATE TABLE "alert_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_deliveries" (
	"id" bigint PRIMARY KEY DEFAULT nextval('conversation_entries_id_seq') NOT NULL,
	"event_id" bigint NOT NULL,
	"alert_id" integer NOT NULL,
	"customer_id" bigint NOT NULL,
	"event" text NOT NULL,
	"channel" text NOT NULL,
	"language" text NOT NULL,
	"recipient" text,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"skip_reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event" text NOT NULL,
	"customer_id" bigint NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alert_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"category_id" integer NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_marketing_opt_outs" (
	"customer_id" bigint PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"smtp_enabled" boolean DEFAULT false NOT NULL,
	"smtp_host" text DEFAULT '' NOT NULL,
	"smtp_port" integer DEFAULT 587 NOT NULL,
	"smtp_tls" boolean DEFAULT false NOT NULL,
	"smtp_user" text DEFAULT '' NOT NULL,
	"smtp_password" text DEFAULT '' NOT NULL,
	"smtp_from" text DEFAULT '' NOT NULL,
	"sms_enabled" boolean DEFAULT false NOT NULL,
	"sms_url" text DEFAULT '' NOT NULL,
	"sms_auth_header" text DEFAULT 'Authorization' NOT NULL,
	"sms_auth_value" text DEFAULT '' NOT NULL,
	"sms_body_template" text DEFAULT '{"to":"{{to}}","text":"{{text}}"}' NOT NULL,
	"sms_timeout_ms" integer DEFAULT 5000 NOT NULL,
	"in_app_enabled" boolean DEFAULT true NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"backoff_seconds" integer DEFAULT 30 NOT NULL,
	"email_per_minute" integer DEFAULT 600 NOT NULL,
	"sms_per_minute" integer DEFAULT 300 NOT NULL,
	"time_zone" text DEFAULT 'Asia/Riyadh' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_settings_single_row" CHECK ("alert_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"event" text NOT NULL,
	"kind" text NOT NULL,
	"channels" text[] NOT NULL,
	"templates" jsonb NOT NULL,
	"audience" jsonb NOT NULL,
	"quiet_start" text,
	"quiet_end" text,
	"lead_days" integer,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alerts_lead_days_check" CHECK ("alerts"."lead_days" is null or "alerts"."lead_days" between 1 and 365)
);
--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_event_id_alert_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."alert_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_groups" ADD CONSTRAINT "alert_groups_category_id_alert_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."alert_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_marketing_opt_outs" ADD CONSTRAINT "alert_marketing_opt_outs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_group_id_alert_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."alert_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_categories_name_en_key" ON "alert_categories" USING btree (lower("name_en"));--> statement-breakpoint
CREATE UNIQUE INDEX "alert_deliveries_idempotency_key" ON "alert_deliveries" USING btree ("event_id","alert_id","channel");--> statement-breakpoint
CREATE INDEX "alert_deliveries_due_idx" ON "alert_deliveries" USING btree ("next_attempt_at") WHERE "alert_deliveries"."status" in ('PENDING', 'SENDING');--> statement-breakpoint
CREATE INDEX "alert_deliveries_alert_idx" ON "alert_deliveries" USING btree ("alert_id","created_at");--> statement-breakpoint
CREATE INDEX "alert_deliveries_customer_idx" ON "alert_deliveries" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "alert_deliveries_channel_attempt_idx" ON "alert_deliveries" USING btree ("channel","last_attempt_at");--> statement-breakpoint
CREATE INDEX "alert_deliveries_dead_idx" ON "alert_deliveries" USING btree ("created_at") WHERE "alert_deliveries"."status" = 'DEAD';--> statement-breakpoint
CREATE INDEX "alert_events_pending_idx" ON "alert_events" USING btree ("id") WHERE "alert_events"."processed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_events_dedupe_key" ON "alert_events" USING btree ("dedupe_key") WHERE "alert_events"."dedupe_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_groups_category_name_key" ON "alert_groups" USING btree ("category_id",lower("name_en"));--> statement-breakpoint
CREATE INDEX "alert_groups_category_idx" ON "alert_groups" USING btree ("category_id","id");--> statement-breakpoint
CREATE INDEX "alerts_group_idx" ON "alerts" USING btree ("group_id","id");--> statement-breakpoint
CREATE INDEX "alerts_active_event_idx" ON "alerts" USING btree ("event") WHERE "alerts"."status" = 'ACTIVE';