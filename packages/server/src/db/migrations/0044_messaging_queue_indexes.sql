DROP INDEX "conversations_status_created_idx";--> statement-breakpoint
CREATE INDEX "conversations_created_idx" ON "conversations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "conversations_last_message_idx" ON "conversations" USING btree ("last_message_at","id");--> statement-breakpoint
CREATE INDEX "conversations_status_created_idx" ON "conversations" USING btree ("status","created_at","id");