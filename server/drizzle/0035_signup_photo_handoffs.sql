CREATE TABLE "signup_photo_handoffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"file_id" integer,
	"received_at" timestamp with time zone,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "signup_photo_handoffs" ADD CONSTRAINT "signup_photo_handoffs_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "signup_photo_handoffs_token_uq" ON "signup_photo_handoffs" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "signup_photo_handoffs_key_uq" ON "signup_photo_handoffs" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "signup_photo_handoffs_created_idx" ON "signup_photo_handoffs" USING btree ("created_at");