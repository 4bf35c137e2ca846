CREATE TABLE "clearance_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"verification_code" text NOT NULL,
	"file_id" integer NOT NULL,
	"generated" boolean NOT NULL,
	"holder_name" text NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by_user_id" integer,
	"withdrawn_at" timestamp with time zone,
	"withdrawal_reason" text,
	"replaced_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "clearance_applications" DROP CONSTRAINT "clearance_applications_certificate_file_id_files_id_fk";
--> statement-breakpoint
DROP INDEX "clearance_certificate_file_idx";--> statement-breakpoint
ALTER TABLE "clearance_certificates" ADD CONSTRAINT "clearance_certificates_application_id_clearance_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."clearance_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clearance_certificates" ADD CONSTRAINT "clearance_certificates_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clearance_certificates" ADD CONSTRAINT "clearance_certificates_issued_by_user_id_users_id_fk" FOREIGN KEY ("issued_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clearance_certificates_code_uq" ON "clearance_certificates" USING btree ("verification_code");--> statement-breakpoint
CREATE UNIQUE INDEX "clearance_certificates_current_uq" ON "clearance_certificates" USING btree ("application_id") WHERE "clearance_certificates"."replaced_at" is null;--> statement-breakpoint
CREATE INDEX "clearance_certificates_application_idx" ON "clearance_certificates" USING btree ("application_id","issued_at");--> statement-breakpoint
CREATE INDEX "clearance_certificates_file_idx" ON "clearance_certificates" USING btree ("file_id");--> statement-breakpoint
-- Each certificate issued before this migration becomes a row here, with a verification code of its own
-- (a random UUID's 32 hexadecimal digits: gen_random_uuid() is in PostgreSQL 13+ and in PGlite, where
-- pgcrypto's gen_random_bytes is not). Its PDF still prints /verify/{reference}, which now names nobody:
-- the holder finds the code on the tracking page, or the officer generates a new certificate. A certificate
-- whose application was rejected after issue counts as withdrawn, with the rejection's reason.
INSERT INTO "clearance_certificates" ("application_id", "verification_code", "file_id", "generated", "holder_name", "period_from", "period_to", "issued_at", "withdrawn_at", "withdrawal_reason")
SELECT a."id",
	upper(replace(gen_random_uuid()::text, '-', '')),
	a."certificate_file_id",
	f."owner_user_id" = a."citizen_user_id",
	coalesce(a."certificate_name", a."full_name_nic"),
	coalesce(a."period_from", (coalesce(a."certificate_issued_at", a."updated_at") at time zone 'Asia/Colombo')::date),
	coalesce(a."period_to", (coalesce(a."period_from", (coalesce(a."certificate_issued_at", a."updated_at") at time zone 'Asia/Colombo')::date) + interval '6 months')::date),
	coalesce(a."certificate_issued_at", a."updated_at"),
	CASE WHEN a."status" = 'rejected' THEN a."updated_at" END,
	CASE WHEN a."status" = 'rejected' THEN a."rejection_reason" END
FROM "clearance_applications" a
JOIN "files" f ON f."id" = a."certificate_file_id"
WHERE a."certificate_file_id" IS NOT NULL;--> statement-breakpoint
-- A generated certificate's file was the citizen's, and an owner may always read a file: from now on the
-- certificate policy alone decides (so a withdrawn certificate is no longer served to the citizen).
UPDATE "files" SET "owner_user_id" = NULL WHERE "id" IN (SELECT "file_id" FROM "clearance_certificates" WHERE "generated");--> statement-breakpoint
ALTER TABLE "clearance_applications" DROP COLUMN "period_from";--> statement-breakpoint
ALTER TABLE "clearance_applications" DROP COLUMN "period_to";--> statement-breakpoint
ALTER TABLE "clearance_applications" DROP COLUMN "certificate_file_id";--> statement-breakpoint
ALTER TABLE "clearance_applications" DROP COLUMN "certificate_name";--> statement-breakpoint
ALTER TABLE "clearance_applications" DROP COLUMN "certificate_issued_at";