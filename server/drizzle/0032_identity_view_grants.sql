CREATE TABLE "file_view_grants" (
	"reader_user_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "file_view_grants_reader_user_id_file_id_pk" PRIMARY KEY("reader_user_id","file_id")
);
--> statement-breakpoint
ALTER TABLE "file_view_grants" ADD CONSTRAINT "file_view_grants_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_view_grants_expires_idx" ON "file_view_grants" USING btree ("expires_at");