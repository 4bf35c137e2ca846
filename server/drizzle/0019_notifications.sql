CREATE TYPE "public"."language" AS ENUM('en', 'si', 'ta');--> statement-breakpoint
CREATE TYPE "public"."notification_channel" AS ENUM('email', 'sms');--> statement-breakpoint
CREATE TYPE "public"."notification_state" AS ENUM('queued', 'sending', 'sent', 'failed', 'kept');--> statement-breakpoint
CREATE TABLE "notification_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"recipient_user_id" integer NOT NULL,
	"channel" "notification_channel" NOT NULL,
	"recipient" text NOT NULL,
	"language" "language" NOT NULL,
	"template" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"calendar" text,
	"state" "notification_state" DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"provider_answer" text,
	"idempotency_key" text NOT NULL,
	"send_after" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"language" "language" DEFAULT 'en' NOT NULL,
	"notify_email" boolean DEFAULT true NOT NULL,
	"notify_sms" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_messages" ADD CONSTRAINT "notification_messages_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_messages_reference_uq" ON "notification_messages" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_messages_idempotency_uq" ON "notification_messages" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "notification_messages_state_idx" ON "notification_messages" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "notification_messages_channel_idx" ON "notification_messages" USING btree ("channel","id");--> statement-breakpoint
CREATE INDEX "notification_messages_recipient_prefix_idx" ON "notification_messages" USING btree (lower("recipient") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "notification_messages_user_idx" ON "notification_messages" USING btree ("recipient_user_id");