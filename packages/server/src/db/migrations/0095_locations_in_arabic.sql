-- A location's city and address in Arabic too (decisions/bilingual.md: optional, empty shows the
-- English). Existing rows get a copy of the English, as migration 0035 did for names.
ALTER TABLE "locations" ADD COLUMN "city_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "address_ar" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "locations" SET "city_ar" = "city", "address_ar" = "address";--> statement-breakpoint
CREATE INDEX "locations_city_ar_idx" ON "locations" USING btree ("city_ar");
