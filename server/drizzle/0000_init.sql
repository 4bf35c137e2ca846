CREATE TYPE "public"."branch" AS ENUM('Traffic Branch', 'Crime Branch', 'Minor Offense Branch', 'Traffic Fine Branch', 'Admin Branch');--> statement-breakpoint
CREATE TYPE "public"."identity_type" AS ENUM('NIC', 'Passport');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('citizen', 'police_officer', 'admin');--> statement-breakpoint
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
ALTER TABLE "citizen_profiles" ADD CONSTRAINT "citizen_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "officers" ADD CONSTRAINT "officers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "files_path_uq" ON "files" USING btree ("path");--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stations_name_uq" ON "stations" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "citizen_identity_uq" ON "citizen_profiles" USING btree ("identity_type",upper("identity_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "officers_user_uq" ON "officers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "officers_officer_id_uq" ON "officers" USING btree (upper("officer_id"));--> statement-breakpoint
CREATE INDEX "officers_branch_idx" ON "officers" USING btree ("branch");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_uq" ON "users" USING btree (lower("username"));