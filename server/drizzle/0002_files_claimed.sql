ALTER TABLE "files" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
-- Every file stored before uploads could wait for a form belongs to its record already.
UPDATE "files" SET "claimed_at" = "created_at";--> statement-breakpoint
CREATE INDEX "files_unclaimed_idx" ON "files" USING btree ("created_at") WHERE "files"."claimed_at" is null;