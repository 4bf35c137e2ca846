CREATE TABLE "identity_collisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"identity_type" "identity_type" NOT NULL,
	"identity_number" text NOT NULL,
	"first_user_id" integer NOT NULL,
	"second_user_id" integer NOT NULL,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolution" text,
	"resolved_by_user_id" integer,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "citizen_identity_uq";--> statement-breakpoint
ALTER TABLE "citizen_profiles" ADD COLUMN "identity_collision_id" integer;--> statement-breakpoint
ALTER TABLE "identity_collisions" ADD CONSTRAINT "identity_collisions_first_user_id_users_id_fk" FOREIGN KEY ("first_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_collisions" ADD CONSTRAINT "identity_collisions_second_user_id_users_id_fk" FOREIGN KEY ("second_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_collisions" ADD CONSTRAINT "identity_collisions_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_collisions_second_user_uq" ON "identity_collisions" USING btree ("second_user_id");--> statement-breakpoint
CREATE INDEX "identity_collisions_open_idx" ON "identity_collisions" USING btree ("id") WHERE "identity_collisions"."resolved_at" is null;--> statement-breakpoint
ALTER TABLE "citizen_profiles" ADD CONSTRAINT "citizen_profiles_identity_collision_id_identity_collisions_id_fk" FOREIGN KEY ("identity_collision_id") REFERENCES "public"."identity_collisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Every NIC in its 12-digit form (contracts/src/nic.ts, normaliseNic): an old-form number, 9 digits and V or X,
-- becomes the century, its first five digits, a 0 and its last four ("511521766V" → "195115201766").
-- Accounts that were the two forms of one NIC become pairs sharing one number: each is listed here (the older
-- account first), not merged, for an administrator to resolve; the newer one is let past the unique index by it.
INSERT INTO "identity_collisions" ("identity_type", "identity_number", "first_user_id", "second_user_id")
SELECT 'NIC', "normalised", "first_user_id", "user_id"
FROM (
  SELECT "user_id", "normalised", min("user_id") OVER (PARTITION BY "normalised") AS "first_user_id"
  FROM (
    SELECT "user_id",
      CASE WHEN upper("identity_number") ~ '^[0-9]{9}[VX]$' THEN '19' || substr("identity_number", 1, 5) || '0' || substr("identity_number", 6, 4)
      ELSE upper("identity_number") END AS "normalised"
    FROM "citizen_profiles" WHERE "identity_type" = 'NIC'
  ) AS "profiles"
) AS "numbered"
WHERE "user_id" <> "first_user_id"
ORDER BY "user_id";--> statement-breakpoint
UPDATE "citizen_profiles" SET "identity_collision_id" = "identity_collisions"."id"
FROM "identity_collisions" WHERE "identity_collisions"."second_user_id" = "citizen_profiles"."user_id";--> statement-breakpoint
UPDATE "citizen_profiles" SET "identity_number" = '19' || substr("identity_number", 1, 5) || '0' || substr("identity_number", 6, 4)
WHERE "identity_type" = 'NIC' AND upper("identity_number") ~ '^[0-9]{9}[VX]$';--> statement-breakpoint
UPDATE "fines" SET "citizen_identity_number" = '19' || substr("citizen_identity_number", 1, 5) || '0' || substr("citizen_identity_number", 6, 4)
WHERE "citizen_identity_type" = 'NIC' AND upper("citizen_identity_number") ~ '^[0-9]{9}[VX]$';--> statement-breakpoint
UPDATE "clearance_applications"
SET "nic_number" = '19' || substr("nic_number", 1, 5) || '0' || substr("nic_number", 6, 4),
  "details" = CASE WHEN "details" ? 'nic_number'
    THEN jsonb_set("details", '{nic_number}', to_jsonb('19' || substr("nic_number", 1, 5) || '0' || substr("nic_number", 6, 4)))
    ELSE "details" END
WHERE upper("nic_number") ~ '^[0-9]{9}[VX]$';--> statement-breakpoint
CREATE UNIQUE INDEX "citizen_identity_uq" ON "citizen_profiles" USING btree ("identity_type",upper("identity_number"),coalesce("identity_collision_id", 0));