CREATE TABLE "challenge_events" (
	"entry_id" bigint NOT NULL,
	"challenge_id" integer NOT NULL,
	"participant_id" bigint NOT NULL,
	"transaction_type_id" integer,
	"amount" numeric(14, 2) NOT NULL,
	"day" date NOT NULL,
	"reversed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "challenge_events_entry_id_challenge_id_pk" PRIMARY KEY("entry_id","challenge_id")
);
--> statement-breakpoint
CREATE TABLE "challenge_participants" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "challenge_participants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"challenge_id" integer NOT NULL,
	"customer_id" bigint NOT NULL,
	"cycle" integer DEFAULT 1 NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"window_ends_at" timestamp with time zone,
	"progress" numeric(16, 2) DEFAULT 0 NOT NULL,
	"steps_reached" integer DEFAULT 0 NOT NULL,
	"points_paid" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "challenge_payouts" (
	"participant_id" bigint NOT NULL,
	"step" integer NOT NULL,
	"challenge_id" integer NOT NULL,
	"customer_id" bigint NOT NULL,
	"points" integer NOT NULL,
	"entry_id" bigint NOT NULL,
	"reversal_entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenge_payouts_participant_id_step_pk" PRIMARY KEY("participant_id","step")
);
--> statement-breakpoint
CREATE TABLE "challenges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "challenges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_ar" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"rolling_days" integer,
	"tier_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"segments" text[] DEFAULT '{}'::text[] NOT NULL,
	"criterion_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"customer_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"enrolment" text NOT NULL,
	"goal_kind" text NOT NULL,
	"transaction_type_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"amount_condition" text,
	"amount_value" numeric(14, 2),
	"steps" jsonb NOT NULL,
	"budget" integer NOT NULL,
	"spent" integer DEFAULT 0 NOT NULL,
	"repeat" text DEFAULT 'ONCE' NOT NULL,
	"on_reversal" text DEFAULT 'REVERSE' NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenges_budget_check" CHECK ("challenges"."budget" > 0 AND "challenges"."spent" >= 0 AND "challenges"."spent" <= "challenges"."budget"),
	CONSTRAINT "challenges_period_check" CHECK ("challenges"."ends_at" > "challenges"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "challenge_participants" ADD CONSTRAINT "challenge_participants_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_participants" ADD CONSTRAINT "challenge_participants_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "challenge_payouts" ADD CONSTRAINT "challenge_payouts_participant_id_challenge_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."challenge_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "challenge_events_participant_idx" ON "challenge_events" USING btree ("participant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "challenge_participants_cycle_key" ON "challenge_participants" USING btree ("challenge_id","customer_id","cycle");--> statement-breakpoint
CREATE INDEX "challenge_participants_customer_idx" ON "challenge_participants" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "challenge_payouts_challenge_idx" ON "challenge_payouts" USING btree ("challenge_id");--> statement-breakpoint
CREATE INDEX "challenges_status_idx" ON "challenges" USING btree ("status");