CREATE TABLE "anonymous_complaints" (
	"id" serial PRIMARY KEY NOT NULL,
	"tracking_code_hash" text NOT NULL,
	"incident_type" text NOT NULL,
	"what_happened" text NOT NULL,
	"when" timestamp with time zone NOT NULL,
	"where" text NOT NULL,
	"how_occurred" text,
	"station_id" integer NOT NULL,
	"submitted_by" text DEFAULT 'anonymous' NOT NULL,
	"phone_number" text,
	"evidence_file_id" integer,
	"status" text DEFAULT 'Pending' NOT NULL,
	"assigned_officer_id" integer,
	"assigned_at" timestamp with time zone,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "anonymous_officer_load" (
	"officer_id" integer PRIMARY KEY NOT NULL,
	"open_count" integer DEFAULT 0 NOT NULL,
	"last_assigned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "anonymous_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"complaint_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"changed_by_user_id" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "anonymous_complaints" ADD CONSTRAINT "anonymous_complaints_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anonymous_complaints" ADD CONSTRAINT "anonymous_complaints_evidence_file_id_files_id_fk" FOREIGN KEY ("evidence_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anonymous_complaints" ADD CONSTRAINT "anonymous_complaints_assigned_officer_id_officers_id_fk" FOREIGN KEY ("assigned_officer_id") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anonymous_officer_load" ADD CONSTRAINT "anonymous_officer_load_officer_id_officers_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anonymous_status_history" ADD CONSTRAINT "anonymous_status_history_complaint_id_anonymous_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."anonymous_complaints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anonymous_status_history" ADD CONSTRAINT "anonymous_status_history_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "anonymous_tracking_code_uq" ON "anonymous_complaints" USING btree ("tracking_code_hash");--> statement-breakpoint
CREATE INDEX "anonymous_officer_submitted_idx" ON "anonymous_complaints" USING btree ("assigned_officer_id","submitted_at","id");--> statement-breakpoint
CREATE INDEX "anonymous_unassigned_idx" ON "anonymous_complaints" USING btree ("submitted_at") WHERE "anonymous_complaints"."assigned_officer_id" is null;--> statement-breakpoint
CREATE INDEX "anonymous_evidence_idx" ON "anonymous_complaints" USING btree ("evidence_file_id") WHERE "anonymous_complaints"."evidence_file_id" is not null;--> statement-breakpoint
CREATE INDEX "anonymous_status_history_complaint_idx" ON "anonymous_status_history" USING btree ("complaint_id","changed_at","id");