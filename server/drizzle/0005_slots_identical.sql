-- hand-written below
-- Identical live slots (station, branch, date, times) are refused from now on (slots.duplicate). Twins made
-- before are soft-deleted first, keeping the oldest of each group (bookings keep pointing at their slot).
UPDATE "slots" s SET "deleted_at" = now()
WHERE s."deleted_at" IS NULL
  AND EXISTS (
    SELECT 1 FROM "slots" o
    WHERE o."deleted_at" IS NULL AND o."id" < s."id" AND o."station_id" = s."station_id" AND o."branch" = s."branch"
      AND o."date" = s."date" AND o."time_from" = s."time_from" AND o."time_to" = s."time_to"
  );
--> statement-breakpoint
CREATE UNIQUE INDEX "slots_identical_live_uq" ON "slots" ("station_id", "branch", "date", "time_from", "time_to") WHERE "deleted_at" IS NULL;
