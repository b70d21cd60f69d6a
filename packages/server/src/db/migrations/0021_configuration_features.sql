CREATE TABLE "feature_channels" (
	"feature_id" integer NOT NULL,
	"channel" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feature_channels_feature_id_channel_pk" PRIMARY KEY("feature_id","channel"),
	CONSTRAINT "feature_channels_channel_check" CHECK (channel IN ('MOBILE_APP', 'INTERNET_BANKING', 'BRANCH', 'CALL_CENTRE', 'POS'))
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "channel" text DEFAULT 'MOBILE_APP' NOT NULL;--> statement-breakpoint
ALTER TABLE "feature_channels" ADD CONSTRAINT "feature_channels_feature_id_customer_permissions_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."customer_permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Customer-app features the integration API enforces besides 0008's earn, redeem, balance, messages.
INSERT INTO "customer_permissions" ("code", "name", "description", "system")
VALUES ('locations', 'Branch locations', 'The customer app may show branch and ATM locations', true),
       ('faq', 'FAQ', 'The customer app may show the frequently asked questions', true)
ON CONFLICT DO NOTHING;
