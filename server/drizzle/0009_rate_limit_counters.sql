CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_end" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_end_idx" ON "rate_limit_counters" USING btree ("window_end");
--> statement-breakpoint
-- hand-written below
-- Counters live for one window and are worth no disk write: not WAL-logged (a crash empties them, which only resets windows).
ALTER TABLE "rate_limit_counters" SET UNLOGGED;
