CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customer_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"points" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"lot" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone,
	"reference" text NOT NULL,
	"external_id" text,
	"transaction_type_id" integer,
	"amount" numeric(14, 2),
	"rule_id" integer,
	"campaign_id" integer,
	"reversal_of" bigint,
	"note" text,
	"actor_id" integer,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"expiry_months" integer DEFAULT 24 NOT NULL,
	"tier_basis" text DEFAULT 'LIFETIME' NOT NULL,
	"tier_window_months" integer DEFAULT 12 NOT NULL,
	"downgrade_policy" text DEFAULT 'IMMEDIATE' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_settings_single_row" CHECK ("loyalty_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "points_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "points_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"transaction_type_id" integer NOT NULL,
	"tier_id" integer,
	"amount" numeric(14, 2) NOT NULL,
	"condition" text NOT NULL,
	"points_per_transaction" integer NOT NULL,
	"min_points" integer NOT NULL,
	"max_points" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"priority" integer NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_rules_min_max_check" CHECK ("points_rules"."min_points" <= "points_rules"."max_points"),
	CONSTRAINT "points_rules_validity_check" CHECK ("points_rules"."valid_from" <= "points_rules"."valid_until")
);
--> statement-breakpoint
CREATE TABLE "customer_tier_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_tier_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customer_id" bigint NOT NULL,
	"from_tier_id" integer,
	"from_tier_name" text,
	"to_tier_id" integer,
	"to_tier_name" text,
	"qualifying_points" integer NOT NULL,
	"reason" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transaction_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text NOT NULL,
	"type" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customer_number" text NOT NULL,
	"full_name" text NOT NULL,
	"mobile" text,
	"email" text,
	"language" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"segment" text DEFAULT 'RETAIL' NOT NULL,
	"tier_id" integer,
	"balance" integer DEFAULT 0 NOT NULL,
	"lifetime_points" integer DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone,
	"search_text" text GENERATED ALWAYS AS (lower(customer_number || ' ' || full_name || ' ' || coalesce(mobile, '') || ' ' || coalesce(email, ''))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_balance_check" CHECK ("customers"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"interval_seconds" integer NOT NULL,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_status" text,
	"last_error" text,
	"state" text
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_type_id_transaction_types_id_fk" FOREIGN KEY ("transaction_type_id") REFERENCES "public"."transaction_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_rule_id_points_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."points_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_rules" ADD CONSTRAINT "points_rules_transaction_type_id_transaction_types_id_fk" FOREIGN KEY ("transaction_type_id") REFERENCES "public"."transaction_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_rules" ADD CONSTRAINT "points_rules_tier_id_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."tiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_tier_history" ADD CONSTRAINT "customer_tier_history_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_tier_history" ADD CONSTRAINT "customer_tier_history_from_tier_id_tiers_id_fk" FOREIGN KEY ("from_tier_id") REFERENCES "public"."tiers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_tier_history" ADD CONSTRAINT "customer_tier_history_to_tier_id_tiers_id_fk" FOREIGN KEY ("to_tier_id") REFERENCES "public"."tiers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_tier_id_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."tiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_customer_idx" ON "ledger_entries" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "ledger_customer_occurred_idx" ON "ledger_entries" USING btree ("customer_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_external_key" ON "ledger_entries" USING btree ("kind","external_id") WHERE "ledger_entries"."external_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_expires_idx" ON "ledger_entries" USING btree ("expires_at") WHERE "ledger_entries"."expires_at" is not null;--> statement-breakpoint
CREATE INDEX "ledger_occurred_idx" ON "ledger_entries" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "points_rules_type_idx" ON "points_rules" USING btree ("transaction_type_id");--> statement-breakpoint
CREATE INDEX "points_rules_tier_idx" ON "points_rules" USING btree ("tier_id");--> statement-breakpoint
CREATE INDEX "tier_history_customer_idx" ON "customer_tier_history" USING btree ("customer_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_types_code_key" ON "transaction_types" USING btree (upper("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "customers_number_key" ON "customers" USING btree ("customer_number");--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree ("full_name","id");--> statement-breakpoint
CREATE INDEX "customers_tier_idx" ON "customers" USING btree ("tier_id","id");--> statement-breakpoint
CREATE INDEX "customers_status_idx" ON "customers" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "customers_segment_idx" ON "customers" USING btree ("segment","id");--> statement-breakpoint
CREATE INDEX "customers_balance_idx" ON "customers" USING btree ("balance","id");--> statement-breakpoint
CREATE INDEX "customers_joined_idx" ON "customers" USING btree ("joined_at","id");--> statement-breakpoint
CREATE INDEX "customers_last_activity_idx" ON "customers" USING btree ("last_activity_at","id");--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_created_idx" ON "api_keys" USING btree ("created_at");--> statement-breakpoint
INSERT INTO "loyalty_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
