ALTER TABLE "imports" DROP CONSTRAINT "imports_kind_checksum_key";--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "spool_path" text;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "file_bytes" bigint;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "staging_until" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "imports_kind_checksum_key" ON "imports" USING btree ("kind","checksum") WHERE "imports"."status" <> 'REFUSED';