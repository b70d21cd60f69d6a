CREATE TABLE "voucher_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "voucher_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"voucher_id" integer NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'AVAILABLE' NOT NULL,
	"redemption_id" bigint,
	"import_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_at" timestamp with time zone,
	CONSTRAINT "voucher_codes_issued_check" CHECK (("voucher_codes"."status" = 'AVAILABLE') = ("voucher_codes"."redemption_id" is null))
);
--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "voucher_id" integer;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "code_source" text DEFAULT 'GENERATED' NOT NULL;--> statement-breakpoint
ALTER TABLE "voucher_codes" ADD CONSTRAINT "voucher_codes_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_codes" ADD CONSTRAINT "voucher_codes_redemption_id_redemptions_id_fk" FOREIGN KEY ("redemption_id") REFERENCES "public"."redemptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_codes_code_key" ON "voucher_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_codes_redemption_key" ON "voucher_codes" USING btree ("redemption_id");--> statement-breakpoint
CREATE INDEX "voucher_codes_available_idx" ON "voucher_codes" USING btree ("voucher_id","id") WHERE "voucher_codes"."status" = 'AVAILABLE';