CREATE TYPE "public"."complaint_type" AS ENUM('traffic', 'crime', 'minor_offense');--> statement-breakpoint
CREATE TYPE "public"."fine_status" AS ENUM('unpaid', 'paid');--> statement-breakpoint
CREATE TYPE "public"."offense_type" AS ENUM('Speeding', 'Illegal Parking', 'Reckless Driving', 'Signal Violation', 'Other');--> statement-breakpoint
CREATE TYPE "public"."payment_gateway" AS ENUM('sandbox', 'stripe');--> statement-breakpoint
CREATE TYPE "public"."payment_purpose" AS ENUM('fine', 'clearance');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('open', 'paid', 'canceled', 'expired');--> statement-breakpoint
CREATE TYPE "public"."branch" AS ENUM('Traffic Branch', 'Crime Branch', 'Minor Offense Branch', 'Traffic Fine Branch', 'Admin Branch');--> statement-breakpoint
CREATE TYPE "public"."identity_type" AS ENUM('NIC', 'Passport');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('citizen', 'police_officer', 'admin');--> statement-breakpoint
CREATE SEQUENCE "public"."complaint_reference_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"jti" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "complaint_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"complaint_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"changed_by_user_id" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference_number" text NOT NULL,
	"complaint_type" "complaint_type" NOT NULL,
	"citizen_user_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"branch" "branch" NOT NULL,
	"slot_id" integer,
	"appointment_date" date,
	"appointment_time_from" time,
	"appointment_time_to" time,
	"status" text DEFAULT 'Pending' NOT NULL,
	"full_name" text NOT NULL,
	"age" integer NOT NULL,
	"gender" text NOT NULL,
	"home_address" text NOT NULL,
	"id_number" text NOT NULL,
	"phone_number" text NOT NULL,
	"religion" text,
	"nationality" text,
	"occupation" text,
	"work_address" text,
	"marital_status" text,
	"grama_division" text,
	"incident_type" text,
	"crime_category" text,
	"traffic_category" text,
	"what_happened" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"place" text NOT NULL,
	"how_occurred" text,
	"damage_value" numeric(12, 2),
	"evidence" text,
	"attachment_file_id" integer,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"original_name" text,
	"purpose" text NOT NULL,
	"owner_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fine_hourly_counts" (
	"offense_type" "offense_type" NOT NULL,
	"hour" smallint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "fine_hourly_counts_pk" PRIMARY KEY("offense_type","hour")
);
--> statement-breakpoint
CREATE TABLE "fine_location_counts" (
	"offense_type" "offense_type" NOT NULL,
	"location_key" text NOT NULL,
	"location" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "fine_location_counts_pk" PRIMARY KEY("offense_type","location_key")
);
--> statement-breakpoint
CREATE TABLE "fines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"citizen_identity_type" "identity_type" NOT NULL,
	"citizen_identity_number" text NOT NULL,
	"vehicle_number" text NOT NULL,
	"vehicle_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"description" text,
	"incident_at" timestamp with time zone NOT NULL,
	"incident_location" text NOT NULL,
	"offense_type" "offense_type" NOT NULL,
	"speed_recorded" numeric(6, 2),
	"speed_limit" numeric(6, 2),
	"court_required" boolean DEFAULT false NOT NULL,
	"status" "fine_status" DEFAULT 'unpaid' NOT NULL,
	"due_date" date NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by_user_id" integer NOT NULL,
	"station_id" integer,
	"paid_at" timestamp with time zone,
	"payment_reference" text,
	"payment_id" uuid,
	CONSTRAINT "fines_amount_positive" CHECK ("fines"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gateway" "payment_gateway" NOT NULL,
	"session_id" text NOT NULL,
	"purpose" "payment_purpose" NOT NULL,
	"reference_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" "payment_status" DEFAULT 'open' NOT NULL,
	"payer_user_id" integer NOT NULL,
	"payment_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"status" "payment_status" DEFAULT 'open' NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"payment_reference" text,
	"card_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "slot_officers" (
	"slot_id" integer NOT NULL,
	"officer_id" integer NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slot_officers_slot_id_officer_id_pk" PRIMARY KEY("slot_id","officer_id")
);
--> statement-breakpoint
CREATE TABLE "slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"branch" "branch" NOT NULL,
	"date" date NOT NULL,
	"time_from" time NOT NULL,
	"time_to" time NOT NULL,
	"capacity" integer NOT NULL,
	"available_slots" integer NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "slots_available_range" CHECK ("slots"."available_slots" >= 0 and "slots"."available_slots" <= "slots"."capacity"),
	CONSTRAINT "slots_time_order" CHECK ("slots"."time_to" > "slots"."time_from")
);
--> statement-breakpoint
CREATE TABLE "stations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_si" text NOT NULL,
	"name_ta" text NOT NULL,
	"district" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "citizen_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"second_name" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"email" text NOT NULL,
	"mobile_number" text NOT NULL,
	"identity_type" "identity_type" NOT NULL,
	"identity_number" text NOT NULL,
	"address" text NOT NULL,
	"marital_status" text NOT NULL,
	"identity_photo_front_id" integer,
	"identity_photo_back_id" integer,
	"live_photo_id" integer
);
--> statement-breakpoint
CREATE TABLE "officers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"full_name" text NOT NULL,
	"officer_id" text NOT NULL,
	"badge_number" text NOT NULL,
	"rank" text,
	"branch" "branch" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" "role" NOT NULL,
	"station_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deactivated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_status_history" ADD CONSTRAINT "complaint_status_history_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_status_history" ADD CONSTRAINT "complaint_status_history_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_citizen_user_id_users_id_fk" FOREIGN KEY ("citizen_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_slot_id_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_attachment_file_id_files_id_fk" FOREIGN KEY ("attachment_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fines" ADD CONSTRAINT "fines_issued_by_user_id_users_id_fk" FOREIGN KEY ("issued_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fines" ADD CONSTRAINT "fines_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fines" ADD CONSTRAINT "fines_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payer_user_id_users_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_officers" ADD CONSTRAINT "slot_officers_slot_id_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_officers" ADD CONSTRAINT "slot_officers_officer_id_officers_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slots" ADD CONSTRAINT "slots_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slots" ADD CONSTRAINT "slots_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citizen_profiles" ADD CONSTRAINT "citizen_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "officers" ADD CONSTRAINT "officers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "complaint_status_history_complaint_idx" ON "complaint_status_history" USING btree ("complaint_id","changed_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_reference_uq" ON "complaints" USING btree ("reference_number");--> statement-breakpoint
CREATE INDEX "complaints_branch_station_submitted_idx" ON "complaints" USING btree ("branch","station_id","submitted_at","id");--> statement-breakpoint
CREATE INDEX "complaints_branch_station_appointment_idx" ON "complaints" USING btree ("branch","station_id","appointment_date","appointment_time_from");--> statement-breakpoint
CREATE INDEX "complaints_citizen_submitted_idx" ON "complaints" USING btree ("citizen_user_id","submitted_at","id");--> statement-breakpoint
CREATE INDEX "complaints_slot_idx" ON "complaints" USING btree ("slot_id");--> statement-breakpoint
CREATE INDEX "complaints_attachment_idx" ON "complaints" USING btree ("attachment_file_id") WHERE "complaints"."attachment_file_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "files_path_uq" ON "files" USING btree ("path");--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "fines_citizen_search_idx" ON "fines" USING btree ("citizen_identity_type","citizen_identity_number","vehicle_key");--> statement-breakpoint
CREATE INDEX "fines_officer_issued_idx" ON "fines" USING btree ("issued_by_user_id","issued_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fines_officer_vehicle_idx" ON "fines" USING btree ("issued_by_user_id","vehicle_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "fines_officer_identity_idx" ON "fines" USING btree ("issued_by_user_id","citizen_identity_number" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "payments_session_uq" ON "payments" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "payments_reference_idx" ON "payments" USING btree ("purpose","reference_id","payer_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "slot_officers_officer_idx" ON "slot_officers" USING btree ("officer_id");--> statement-breakpoint
CREATE INDEX "slots_public_lookup_idx" ON "slots" USING btree ("station_id","branch","date","time_from") WHERE "slots"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "slots_station_date_idx" ON "slots" USING btree ("station_id","date") WHERE "slots"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "stations_name_uq" ON "stations" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "citizen_identity_uq" ON "citizen_profiles" USING btree ("identity_type",upper("identity_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "officers_user_uq" ON "officers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "officers_officer_id_uq" ON "officers" USING btree (upper("officer_id"));--> statement-breakpoint
CREATE INDEX "officers_branch_idx" ON "officers" USING btree ("branch");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_uq" ON "users" USING btree (lower("username"));