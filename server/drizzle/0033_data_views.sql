CREATE TABLE "data_view_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"audit_entry_id" bigint NOT NULL,
	"citizen_user_id" integer NOT NULL,
	"flagged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by_user_id" integer
);
--> statement-breakpoint
ALTER TABLE "data_view_flags" ADD CONSTRAINT "data_view_flags_citizen_user_id_users_id_fk" FOREIGN KEY ("citizen_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_view_flags" ADD CONSTRAINT "data_view_flags_handled_by_user_id_users_id_fk" FOREIGN KEY ("handled_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_view_flags_entry_uq" ON "data_view_flags" USING btree ("audit_entry_id");--> statement-breakpoint
CREATE INDEX "data_view_flags_open_idx" ON "data_view_flags" USING btree ("id") WHERE "data_view_flags"."handled_at" is null;--> statement-breakpoint
CREATE INDEX "data_view_flags_handled_idx" ON "data_view_flags" USING btree ("id") WHERE "data_view_flags"."handled_at" is not null;--> statement-breakpoint
CREATE INDEX "audit_log_data_views_idx" ON "audit_log" USING btree ("subject_id","id") WHERE "audit_log"."subject_type" = 'user' and "audit_log"."action" in ('identity.view', 'complaint.view', 'clearance.draft_view');