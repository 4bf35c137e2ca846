ALTER TYPE "public"."notification_state" ADD VALUE 'cancelled';--> statement-breakpoint
ALTER TABLE "notification_messages" ADD COLUMN "about" text;--> statement-breakpoint
CREATE INDEX "notification_messages_about_idx" ON "notification_messages" USING btree ("about") WHERE "notification_messages"."state" = 'queued';