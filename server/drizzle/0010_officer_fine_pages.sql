CREATE TABLE "fine_officer_counts" (
	"issued_by_user_id" integer PRIMARY KEY NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "fines_officer_issued_idx";--> statement-breakpoint
ALTER TABLE "fine_officer_counts" ADD CONSTRAINT "fine_officer_counts_issued_by_user_id_users_id_fk" FOREIGN KEY ("issued_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fines_officer_issued_idx" ON "fines" USING btree ("issued_by_user_id","issued_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- The fines issued before this migration, counted once; from here on each fine's insert counts itself.
INSERT INTO "fine_officer_counts" ("issued_by_user_id", "count") SELECT "issued_by_user_id", count(*)::int FROM "fines" GROUP BY "issued_by_user_id";
