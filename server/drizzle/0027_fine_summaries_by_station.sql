CREATE TABLE "fine_hour_counts" (
	"station_scope" integer NOT NULL,
	"offense_type" "offense_type" NOT NULL,
	"hour" smallint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "fine_hour_counts_pk" PRIMARY KEY("station_scope","offense_type","hour")
);
--> statement-breakpoint
CREATE TABLE "fine_place_counts" (
	"station_scope" integer NOT NULL,
	"location_key" text NOT NULL,
	"location" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "fine_place_counts_pk" PRIMARY KEY("station_scope","location_key")
);
--> statement-breakpoint
CREATE TABLE "fine_place_offense_counts" (
	"station_scope" integer NOT NULL,
	"location_key" text NOT NULL,
	"location" text NOT NULL,
	"count" integer NOT NULL,
	"offense_type" "offense_type" NOT NULL,
	CONSTRAINT "fine_place_offense_counts_pk" PRIMARY KEY("station_scope","offense_type","location_key")
);
--> statement-breakpoint
DROP TABLE "fine_hourly_counts" CASCADE;--> statement-breakpoint
DROP TABLE "fine_location_counts" CASCADE;--> statement-breakpoint
CREATE INDEX "fine_place_counts_top_idx" ON "fine_place_counts" USING btree ("station_scope","count" DESC NULLS LAST,"location_key");--> statement-breakpoint
CREATE INDEX "fine_place_offense_counts_top_idx" ON "fine_place_offense_counts" USING btree ("station_scope","offense_type","count" DESC NULLS LAST,"location_key");--> statement-breakpoint
-- The analytics summaries by station (fines.table.ts). Every count exists for scope 0 (all stations, fines without
-- a station included) and for the fine's station. The trigger counts the fines each statement inserts, grouped, in
-- the statement's transaction; rows are upserted in key order so that concurrent fines lock them in one order.
-- A place keeps the least of its spellings in byte order, which is what the rebuild chooses too.
CREATE FUNCTION fine_summaries_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fine_hour_counts AS c (station_scope, offense_type, hour, count)
  SELECT s.scope, f.offense_type, extract(hour FROM f.incident_at AT TIME ZONE 'Asia/Colombo')::smallint, count(*)::int
  FROM new_fines f CROSS JOIN LATERAL (VALUES (0), (f.station_id)) AS s(scope)
  WHERE s.scope IS NOT NULL
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (station_scope, offense_type, hour) DO UPDATE SET count = c.count + excluded.count;

  INSERT INTO fine_place_counts AS c (station_scope, location_key, location, count)
  SELECT s.scope, lower(f.incident_location), min(f.incident_location COLLATE "C"), count(*)::int
  FROM new_fines f CROSS JOIN LATERAL (VALUES (0), (f.station_id)) AS s(scope)
  WHERE s.scope IS NOT NULL
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (station_scope, location_key) DO UPDATE
    SET count = c.count + excluded.count, location = least(c.location COLLATE "C", excluded.location COLLATE "C");

  INSERT INTO fine_place_offense_counts AS c (station_scope, offense_type, location_key, location, count)
  SELECT s.scope, f.offense_type, lower(f.incident_location), min(f.incident_location COLLATE "C"), count(*)::int
  FROM new_fines f CROSS JOIN LATERAL (VALUES (0), (f.station_id)) AS s(scope)
  WHERE s.scope IS NOT NULL
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (station_scope, offense_type, location_key) DO UPDATE
    SET count = c.count + excluded.count, location = least(c.location COLLATE "C", excluded.location COLLATE "C");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER fines_summaries_count AFTER INSERT ON fines REFERENCING NEW TABLE AS new_fines
  FOR EACH STATEMENT EXECUTE FUNCTION fine_summaries_count();
--> statement-breakpoint
-- The three summaries recomputed from the fines, as the trigger would have kept them: `SELECT rebuild_fine_summaries()`
-- after a bulk load made with triggers off, and the backfill below. Inserts wait while it runs.
-- Memory enough to group a national table's places without spilling to disk (for this function's statements only).
CREATE FUNCTION rebuild_fine_summaries() RETURNS void LANGUAGE plpgsql SET work_mem = '256MB' AS $$
BEGIN
  LOCK TABLE fines IN SHARE MODE;
  TRUNCATE fine_hour_counts, fine_place_counts, fine_place_offense_counts;

  INSERT INTO fine_hour_counts (station_scope, offense_type, hour, count)
  SELECT s.scope, f.offense_type, extract(hour FROM f.incident_at AT TIME ZONE 'Asia/Colombo')::smallint, count(*)::int
  FROM fines f CROSS JOIN LATERAL (VALUES (0), (f.station_id)) AS s(scope)
  WHERE s.scope IS NOT NULL
  GROUP BY 1, 2, 3;

  INSERT INTO fine_place_offense_counts (station_scope, offense_type, location_key, location, count)
  SELECT s.scope, f.offense_type, lower(f.incident_location), min(f.incident_location COLLATE "C"), count(*)::int
  FROM fines f CROSS JOIN LATERAL (VALUES (0), (f.station_id)) AS s(scope)
  WHERE s.scope IS NOT NULL
  GROUP BY 1, 2, 3;

  -- Every offence type together: the sum of the per-offence rows, without reading the fines again.
  INSERT INTO fine_place_counts (station_scope, location_key, location, count)
  SELECT station_scope, location_key, min(location COLLATE "C"), sum(count)::int
  FROM fine_place_offense_counts
  GROUP BY 1, 2;
END $$;
--> statement-breakpoint
SELECT rebuild_fine_summaries();
