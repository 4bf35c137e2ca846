ALTER TABLE "payments" ADD COLUMN "url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_reference" text;--> statement-breakpoint
ALTER TABLE "sandbox_checkout_sessions" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_checkout_sessions" ADD COLUMN "refund_reference" text;--> statement-breakpoint
CREATE INDEX "payments_reconcile_idx" ON "payments" USING btree ("checked_at") WHERE "payments"."status" = 'open' or ("payments"."refund_due_at" is not null and "payments"."refunded_at" is null);--> statement-breakpoint
-- hand-written below
-- Older builds opened a new checkout on every "initiate": keep the newest open one per target, close the rest
-- (here and at the sandbox), then let the database refuse a second open checkout for a target.
UPDATE "sandbox_checkout_sessions" SET "status" = 'expired'
WHERE "status" = 'open' AND "id" IN (
  SELECT "session_id" FROM (
    SELECT "session_id", row_number() OVER (PARTITION BY "purpose", "reference_id" ORDER BY "created_at" DESC, "id") AS n
    FROM "payments" WHERE "status" = 'open'
  ) ranked WHERE n > 1
);
--> statement-breakpoint
UPDATE "payments" SET "status" = 'expired'
WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "purpose", "reference_id" ORDER BY "created_at" DESC, "id") AS n
    FROM "payments" WHERE "status" = 'open'
  ) ranked WHERE n > 1
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_open_uq" ON "payments" USING btree ("purpose", "reference_id") WHERE "status" = 'open';
