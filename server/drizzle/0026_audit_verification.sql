CREATE TABLE "audit_verification" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"checkpoint_position" bigint DEFAULT 0 NOT NULL,
	"checkpoint_entry_id" bigint,
	"checkpoint_hash" text DEFAULT '0000000000000000000000000000000000000000000000000000000000000000' NOT NULL,
	"checked_at" timestamp with time zone,
	"break_kind" text,
	"break_entry_id" bigint,
	"break_position" bigint,
	"break_found_at" timestamp with time zone,
	"break_found_by" text,
	"walk_requested_at" timestamp with time zone,
	"walk_started_at" timestamp with time zone,
	"walk_finished_at" timestamp with time zone,
	"walk_checked" bigint DEFAULT 0 NOT NULL,
	"walk_total" bigint DEFAULT 0 NOT NULL,
	"walk_position" bigint DEFAULT 0 NOT NULL,
	"walk_entry_id" bigint,
	"walk_hash" text DEFAULT '0000000000000000000000000000000000000000000000000000000000000000' NOT NULL,
	"walk_ok" boolean,
	"walk_first_bad_id" bigint,
	CONSTRAINT "audit_verification_one_row" CHECK ("audit_verification"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "audit_log_unchained_idx" ON "audit_log" USING btree ("id") WHERE "audit_log"."position" is null or "audit_log"."prev_hash" is null or "audit_log"."hash" is null;--> statement-breakpoint
-- hand-written: the row the verification jobs keep; nothing verified yet, so the first steps verify the log from its
-- first entry in bounded batches (a national-size log takes a few runs; the nightly walk covers it too).
INSERT INTO "audit_verification" ("id") VALUES (1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- hand-written: the verification's queues. One step at a time (and at most one waiting); one full walk at a time,
-- which may take many minutes on a national-size log (and continues where it stood after a restart).
SELECT pgboss.create_queue('audit-verify', '{"policy":"stately","retryLimit":0,"expireInSeconds":900}');
--> statement-breakpoint
SELECT pgboss.create_queue('audit-full-walk', '{"policy":"stately","retryLimit":3,"retryDelay":60,"expireInSeconds":3600}');
