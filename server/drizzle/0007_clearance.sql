CREATE TYPE "public"."clearance_status" AS ENUM('awaiting_payment', 'pending', 'in_progress', 'completed', 'rejected');--> statement-breakpoint
CREATE SEQUENCE "public"."clearance_reference_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "clearance_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference_number" text,
	"citizen_user_id" integer NOT NULL,
	"status" "clearance_status" DEFAULT 'awaiting_payment' NOT NULL,
	"nic_number" text NOT NULL,
	"full_name_nic" text NOT NULL,
	"details" jsonb NOT NULL,
	"amount_cents" integer NOT NULL,
	"payment_id" uuid,
	"paid_at" timestamp with time zone,
	"rejection_reason" text,
	"period_from" date,
	"period_to" date,
	"certificate_file_id" integer,
	"certificate_name" text,
	"certificate_issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clearance_documents" (
	"application_id" integer NOT NULL,
	"document" text NOT NULL,
	"file_id" integer NOT NULL,
	CONSTRAINT "clearance_documents_application_id_document_pk" PRIMARY KEY("application_id","document")
);
--> statement-breakpoint
CREATE TABLE "clearance_drafts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"step" smallint NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clearance_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"from_status" "clearance_status",
	"to_status" "clearance_status" NOT NULL,
	"note" text,
	"changed_by_user_id" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clearance_applications" ADD CONSTRAINT "clearance_applications_citizen_user_id_users_id_fk" FOREIGN KEY ("citizen_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clearance_applications" ADD CONSTRAINT "clearance_applications_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clearance_applications" ADD CONSTRAINT "clearance_applications_certificate_file_id_files_id_fk" FOREIGN KEY ("certificate_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clearance_documents" ADD CONSTRAINT "clearance_documents_application_id_clearance_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."clearance_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clearance_documents" ADD CONSTRAINT "clearance_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clearance_drafts" ADD CONSTRAINT "clearance_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clearance_status_history" ADD CONSTRAINT "clearance_status_history_application_id_clearance_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."clearance_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clearance_status_history" ADD CONSTRAINT "clearance_status_history_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clearance_reference_uq" ON "clearance_applications" USING btree ("reference_number");--> statement-breakpoint
CREATE UNIQUE INDEX "clearance_one_open_per_citizen_uq" ON "clearance_applications" USING btree ("citizen_user_id") WHERE "clearance_applications"."status" in ('awaiting_payment', 'pending', 'in_progress');--> statement-breakpoint
CREATE INDEX "clearance_citizen_created_idx" ON "clearance_applications" USING btree ("citizen_user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "clearance_paid_idx" ON "clearance_applications" USING btree ("paid_at","id") WHERE "clearance_applications"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "clearance_status_paid_idx" ON "clearance_applications" USING btree ("status","paid_at","id") WHERE "clearance_applications"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "clearance_nic_search_idx" ON "clearance_applications" USING btree ("nic_number" text_pattern_ops) WHERE "clearance_applications"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "clearance_reference_search_idx" ON "clearance_applications" USING btree ("reference_number" text_pattern_ops) WHERE "clearance_applications"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "clearance_certificate_file_idx" ON "clearance_applications" USING btree ("certificate_file_id") WHERE "clearance_applications"."certificate_file_id" is not null;--> statement-breakpoint
CREATE INDEX "clearance_documents_file_idx" ON "clearance_documents" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "clearance_status_history_application_idx" ON "clearance_status_history" USING btree ("application_id","changed_at","id");