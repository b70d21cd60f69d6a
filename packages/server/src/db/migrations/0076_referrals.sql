CREATE TABLE "referral_codes" (
	"customer_id" bigint PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"device_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_earnings" (
	"entry_id" bigint NOT NULL,
	"referral_id" integer NOT NULL,
	CONSTRAINT "referral_earnings_entry_id_pk" PRIMARY KEY("entry_id")
);
--> statement-breakpoint
CREATE TABLE "referral_programmes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_programmes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"referrer_points" integer NOT NULL,
	"referred_points" integer NOT NULL,
	"qualifying" text NOT NULL,
	"transaction_count" integer DEFAULT 1 NOT NULL,
	"within_days" integer DEFAULT 30 NOT NULL,
	"monthly_limit" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_programmes_period_check" CHECK ("referral_programmes"."ends_on" >= "referral_programmes"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referrals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"programme_id" integer,
	"referrer_id" bigint NOT NULL,
	"referred_id" bigint NOT NULL,
	"code" text NOT NULL,
	"device_id" text,
	"status" text NOT NULL,
	"reason" text,
	"transactions" integer DEFAULT 0 NOT NULL,
	"qualifies_by" timestamp with time zone,
	"referrer_entry_id" bigint,
	"referred_entry_id" bigint,
	"referrer_points" integer DEFAULT 0 NOT NULL,
	"referred_points" integer DEFAULT 0 NOT NULL,
	"clawed_back_points" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rewarded_at" timestamp with time zone,
	"clawed_back_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_earnings" ADD CONSTRAINT "referral_earnings_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_programme_id_referral_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."referral_programmes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_customers_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referred_id_customers_id_fk" FOREIGN KEY ("referred_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_entry_id_ledger_entries_id_fk" FOREIGN KEY ("referrer_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referred_entry_id_ledger_entries_id_fk" FOREIGN KEY ("referred_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_codes_code_key" ON "referral_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "referral_programmes_period_idx" ON "referral_programmes" USING btree ("starts_on","ends_on");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_referred_key" ON "referrals" USING btree ("referred_id");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id","created_at");--> statement-breakpoint
CREATE INDEX "referrals_rewarded_idx" ON "referrals" USING btree ("rewarded_at");