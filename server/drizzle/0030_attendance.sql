CREATE TYPE "public"."appointment_attendance" AS ENUM('attended', 'missed');--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "attendance" "appointment_attendance";--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "attendance_marked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "attendance_marked_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "attended" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "missed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_attendance_marked_by_user_id_users_id_fk" FOREIGN KEY ("attendance_marked_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaints_citizen_missed_idx" ON "complaints" USING btree ("citizen_user_id","appointment_date") WHERE "complaints"."attendance" = 'missed';--> statement-breakpoint
-- hand-written below
-- A slot's attended and missed counts (slots.attended, slots.missed) follow its complaints' attendance, so the
-- administrator's slot view reads them from the slot's row instead of counting complaints.
CREATE FUNCTION complaints_attendance_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.slot_id IS NOT NULL AND OLD.attendance IS NOT NULL THEN
    UPDATE slots SET
      attended = attended - (OLD.attendance = 'attended')::int,
      missed = missed - (OLD.attendance = 'missed')::int
    WHERE id = OLD.slot_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.slot_id IS NOT NULL AND NEW.attendance IS NOT NULL THEN
    UPDATE slots SET
      attended = attended + (NEW.attendance = 'attended')::int,
      missed = missed + (NEW.attendance = 'missed')::int
    WHERE id = NEW.slot_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Three triggers, each with its WHEN: a booking inserts a complaint without attendance, and must not pay for a
-- function call (bookings per second are measured, bench/README.md).
CREATE TRIGGER complaints_attendance_insert AFTER INSERT ON complaints FOR EACH ROW
  WHEN (NEW.attendance IS NOT NULL)
  EXECUTE FUNCTION complaints_attendance_trg();--> statement-breakpoint
CREATE TRIGGER complaints_attendance_update AFTER UPDATE OF attendance, slot_id ON complaints FOR EACH ROW
  WHEN (OLD.attendance IS DISTINCT FROM NEW.attendance OR (NEW.attendance IS NOT NULL AND OLD.slot_id IS DISTINCT FROM NEW.slot_id))
  EXECUTE FUNCTION complaints_attendance_trg();--> statement-breakpoint
CREATE TRIGGER complaints_attendance_delete AFTER DELETE ON complaints FOR EACH ROW
  WHEN (OLD.attendance IS NOT NULL)
  EXECUTE FUNCTION complaints_attendance_trg();--> statement-breakpoint
-- The missed-appointments limit (contracts MISSED_*): the date from which the citizen may hold the usual number of
-- upcoming appointments again, or NULL when the usual limit applies today. A missed appointment on date d that has
-- `needed` - 1 other missed ones dated within `window_days` calendar days up to it (d - window_days < date <= d)
-- limits the citizen from d until d + limit_days (exclusive). Only missed appointments of the last limit_days
-- days can still limit: the partial index complaints_citizen_missed_idx reads just those and their window.
CREATE FUNCTION complaints_missed_limit_until(citizen integer, today date, needed integer, window_days integer, limit_days integer)
RETURNS date LANGUAGE sql STABLE AS $$
  SELECT max(later.appointment_date) + limit_days
  FROM complaints later
  WHERE later.citizen_user_id = citizen AND later.attendance = 'missed'
    AND later.appointment_date > today - limit_days AND later.appointment_date <= today
    AND (SELECT count(*) FROM complaints c
         WHERE c.citizen_user_id = citizen AND c.attendance = 'missed'
           AND c.appointment_date > later.appointment_date - window_days AND c.appointment_date <= later.appointment_date) >= needed
$$;--> statement-breakpoint
-- The booking cap (0012) with the missed-appointments limit: `missed_cap` upcoming appointments instead of `cap`
-- while complaints_missed_limit_until gives a date. Read after the citizen's row lock, as the count is.
DROP FUNCTION complaints_booking_within_cap(integer, integer, date, time, integer);--> statement-breakpoint
CREATE FUNCTION complaints_booking_within_cap(citizen integer, slot integer, today date, now_time time, cap integer,
  missed_cap integer, missed_needed integer, missed_window_days integer, missed_limit_days integer)
RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_cap integer := cap;
BEGIN
  PERFORM 1 FROM users WHERE id = citizen FOR NO KEY UPDATE;
  IF complaints_missed_limit_until(citizen, today, missed_needed, missed_window_days, missed_limit_days) IS NOT NULL THEN
    v_cap := missed_cap;
  END IF;
  RETURN (SELECT count(*) FROM (
      SELECT 1 FROM complaints c
      WHERE c.citizen_user_id = citizen AND c.appointment_date >= today
        AND (c.appointment_date > today OR c.appointment_time_from > now_time)
      ORDER BY c.appointment_date
      LIMIT v_cap) upcoming) < v_cap
    AND NOT EXISTS (SELECT 1 FROM complaints c
      WHERE c.citizen_user_id = citizen AND c.appointment_date >= today AND c.slot_id = slot);
END $$;
