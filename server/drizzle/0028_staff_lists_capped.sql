DROP INDEX "citizen_full_name_prefix_idx";--> statement-breakpoint
DROP INDEX "citizen_second_name_prefix_idx";--> statement-breakpoint
DROP INDEX "citizen_identity_number_prefix_idx";--> statement-breakpoint
DROP INDEX "officers_full_name_prefix_idx";--> statement-breakpoint
DROP INDEX "users_username_prefix_idx";--> statement-breakpoint
ALTER TABLE "clearance_applications" ADD COLUMN "station" text GENERATED ALWAYS AS (details->>'station') STORED;--> statement-breakpoint
CREATE INDEX "clearance_station_paid_idx" ON "clearance_applications" USING btree ("station","paid_at","id") WHERE "clearance_applications"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "citizen_full_name_order_idx" ON "citizen_profiles" USING btree (lower("first_name" || ' ' || "second_name") collate "C","user_id");--> statement-breakpoint
CREATE INDEX "citizen_second_name_order_idx" ON "citizen_profiles" USING btree (lower("second_name" || ' ' || "first_name") collate "C","user_id");--> statement-breakpoint
CREATE INDEX "citizen_identity_number_order_idx" ON "citizen_profiles" USING btree (upper("identity_number") collate "C","user_id");--> statement-breakpoint
CREATE INDEX "officers_full_name_order_idx" ON "officers" USING btree (lower("full_name") collate "C","user_id");--> statement-breakpoint
CREATE INDEX "users_username_order_idx" ON "users" USING btree (lower("username") collate "C","id");--> statement-breakpoint
-- Statistics of the search's expressions: their partial indexes' own are not used for estimates, and without them
-- the planner guessed a fixed share of matches for any reference tail or name and walked the newest-paid index
-- through every application instead of reading the few matches from their index.
CREATE STATISTICS IF NOT EXISTS "clearance_search_expressions_stats" ON (reverse("reference_number")), (to_tsvector('simple', "full_name_nic")) FROM "clearance_applications";--> statement-breakpoint
-- Statistics for the new expression indexes and the new column now, not at the next automatic analyse.
ANALYZE "clearance_applications", "users", "citizen_profiles", "officers";
