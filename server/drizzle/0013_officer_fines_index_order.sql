DROP INDEX "fines_officer_issued_idx";--> statement-breakpoint
CREATE INDEX "fines_officer_issued_idx" ON "fines" USING btree ("issued_by_user_id","issued_at","id");