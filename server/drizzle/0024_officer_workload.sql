CREATE TABLE "officer_workload" (
	"officer_row_id" integer PRIMARY KEY NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"in_progress" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"other" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "officer_workload_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"officer_row_id" integer NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"in_progress" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"other" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "officer_workload" ADD CONSTRAINT "officer_workload_officer_row_id_officers_id_fk" FOREIGN KEY ("officer_row_id") REFERENCES "public"."officers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "officer_workload_changes_officer_idx" ON "officer_workload_changes" USING btree ("officer_row_id");--> statement-breakpoint
CREATE INDEX "officers_name_idx" ON "officers" USING btree ("full_name","id");--> statement-breakpoint
-- hand-written below
-- Each officer's work (modules/workload/workload.table.ts): every change of the work notes the officers whose counts
-- it changes, as change rows written in its own transaction (plain inserts: no transaction waits on another's row),
-- and the workload-fold job adds them into officer_workload each minute. A reader sums both in one statement.
--
-- One officer's counts move from one workload class to another (NULL: work added, or removed).
CREATE FUNCTION officer_workload_move(p_officer integer, p_from text, p_to text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO officer_workload_changes (officer_row_id, pending, in_progress, completed, other)
  VALUES (
    p_officer,
    coalesce(p_to = 'pending', false)::int - coalesce(p_from = 'pending', false)::int,
    coalesce(p_to = 'in_progress', false)::int - coalesce(p_from = 'in_progress', false)::int,
    coalesce(p_to = 'completed', false)::int - coalesce(p_from = 'completed', false)::int,
    coalesce(p_to = 'other', false)::int - coalesce(p_from = 'other', false)::int
  )
$$;--> statement-breakpoint
-- The workload class of a clearance application's status: open work pending or in progress, done work completed
-- or rejected, not yet paid other (clearance.repository's workloadByOfficer says the same).
CREATE FUNCTION clearance_workload_class(status clearance_status) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE status WHEN 'pending' THEN 'pending' WHEN 'in_progress' THEN 'in_progress'
    WHEN 'completed' THEN 'completed' WHEN 'rejected' THEN 'completed' ELSE 'other' END
$$;--> statement-breakpoint
-- Complaints: a slot's counts (kept by complaints_workload) changed; every officer serving the slot changes as much.
CREATE FUNCTION complaint_slot_workload_officers_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO officer_workload_changes (officer_row_id, pending, in_progress, completed, other)
  SELECT so.officer_id,
    NEW.pending - coalesce(OLD.pending, 0), NEW.in_progress - coalesce(OLD.in_progress, 0),
    NEW.completed - coalesce(OLD.completed, 0), NEW.other - coalesce(OLD.other, 0)
  FROM slot_officers so WHERE so.slot_id = NEW.slot_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER complaint_slot_workload_officers_insert AFTER INSERT ON complaint_slot_workload FOR EACH ROW
  WHEN (NEW.pending <> 0 OR NEW.in_progress <> 0 OR NEW.completed <> 0 OR NEW.other <> 0)
  EXECUTE FUNCTION complaint_slot_workload_officers_trg();--> statement-breakpoint
CREATE TRIGGER complaint_slot_workload_officers_update AFTER UPDATE ON complaint_slot_workload FOR EACH ROW
  WHEN (OLD IS DISTINCT FROM NEW)
  EXECUTE FUNCTION complaint_slot_workload_officers_trg();--> statement-breakpoint
-- Complaints: an officer starts (or stops) serving a slot and takes on (or leaves) its complaints. The slot's counts
-- row is locked first, so a complaint of the slot changing meanwhile either committed before (and is in the counts
-- read here) or waits, and then notes this officer too (its trigger reads the officers after the lock).
CREATE FUNCTION slot_officers_workload_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_slot integer := CASE WHEN TG_OP = 'INSERT' THEN NEW.slot_id ELSE OLD.slot_id END;
  v_officer integer := CASE WHEN TG_OP = 'INSERT' THEN NEW.officer_id ELSE OLD.officer_id END;
  v_sign integer := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  INSERT INTO complaint_slot_workload (slot_id) VALUES (v_slot) ON CONFLICT (slot_id) DO NOTHING;
  PERFORM 1 FROM complaint_slot_workload WHERE slot_id = v_slot FOR UPDATE;
  INSERT INTO officer_workload_changes (officer_row_id, pending, in_progress, completed, other)
  SELECT v_officer, v_sign * w.pending, v_sign * w.in_progress, v_sign * w.completed, v_sign * w.other
  FROM complaint_slot_workload w
  WHERE w.slot_id = v_slot AND (w.pending <> 0 OR w.in_progress <> 0 OR w.completed <> 0 OR w.other <> 0);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER slot_officers_workload AFTER INSERT OR DELETE ON slot_officers FOR EACH ROW EXECUTE FUNCTION slot_officers_workload_trg();--> statement-breakpoint
-- Clearance: an application changed class; every officer who handled it (changed its status before) moves it too.
CREATE FUNCTION clearance_applications_workload_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM officer_workload_move(h.officer_row_id, clearance_workload_class(OLD.status), clearance_workload_class(NEW.status))
  FROM (
    SELECT DISTINCT o.id AS officer_row_id
    FROM clearance_status_history sh JOIN officers o ON o.user_id = sh.changed_by_user_id
    WHERE sh.application_id = NEW.id
  ) h;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER clearance_applications_workload AFTER UPDATE OF status ON clearance_applications FOR EACH ROW
  WHEN (clearance_workload_class(OLD.status) IS DISTINCT FROM clearance_workload_class(NEW.status))
  EXECUTE FUNCTION clearance_applications_workload_trg();--> statement-breakpoint
-- Clearance: an officer handles an application for the first time and takes it on in its present class. The
-- application is locked first, so its status and whether this officer handled it before are read as no
-- concurrent change (another entry of the same officer, a status change) leaves them.
CREATE FUNCTION clearance_history_workload_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_officer integer;
  v_status clearance_status;
BEGIN
  SELECT id INTO v_officer FROM officers WHERE user_id = NEW.changed_by_user_id;
  IF v_officer IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT status INTO v_status FROM clearance_applications WHERE id = NEW.application_id FOR NO KEY UPDATE;
  IF EXISTS (
    SELECT 1 FROM clearance_status_history
    WHERE application_id = NEW.application_id AND changed_by_user_id = NEW.changed_by_user_id AND id <> NEW.id
  ) THEN
    RETURN NULL;
  END IF;
  PERFORM officer_workload_move(v_officer, NULL, clearance_workload_class(v_status));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER clearance_status_history_workload AFTER INSERT ON clearance_status_history FOR EACH ROW
  WHEN (NEW.changed_by_user_id IS NOT NULL)
  EXECUTE FUNCTION clearance_history_workload_trg();--> statement-breakpoint
-- Anonymous reports: assigned, handed to another officer, or changed class.
CREATE FUNCTION anonymous_complaints_workload_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.assigned_officer_id IS NOT DISTINCT FROM NEW.assigned_officer_id
     AND workload_class(OLD.status) = workload_class(NEW.status) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.assigned_officer_id IS NOT NULL THEN
    PERFORM officer_workload_move(OLD.assigned_officer_id, workload_class(OLD.status), NULL);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.assigned_officer_id IS NOT NULL THEN
    PERFORM officer_workload_move(NEW.assigned_officer_id, NULL, workload_class(NEW.status));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER anonymous_complaints_workload AFTER INSERT OR DELETE OR UPDATE OF status, assigned_officer_id ON anonymous_complaints
  FOR EACH ROW EXECUTE FUNCTION anonymous_complaints_workload_trg();--> statement-breakpoint
-- Fines: each fine issued is done work of its officer.
CREATE FUNCTION fines_workload_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM officer_workload_move(o.id, NULL, 'completed') FROM officers o WHERE o.user_id = NEW.issued_by_user_id;
  ELSE
    PERFORM officer_workload_move(o.id, 'completed', NULL) FROM officers o WHERE o.user_id = OLD.issued_by_user_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER fines_workload AFTER INSERT OR DELETE ON fines FOR EACH ROW EXECUTE FUNCTION fines_workload_trg();--> statement-breakpoint
-- The workload-fold job: adds the changes noted so far into officer_workload, in one statement (a reader sees each
-- change either among the changes or in the sums, never in both). Rows deleted by a concurrent fold are skipped.
CREATE FUNCTION officer_workload_fold() RETURNS integer LANGUAGE sql AS $$
  WITH folded AS (
    DELETE FROM officer_workload_changes RETURNING officer_row_id, pending, in_progress, completed, other
  ), summed AS (
    SELECT officer_row_id, sum(pending)::int AS pending, sum(in_progress)::int AS in_progress,
      sum(completed)::int AS completed, sum(other)::int AS other, count(*)::int AS changes
    FROM folded GROUP BY officer_row_id
  ), added AS (
    INSERT INTO officer_workload AS w (officer_row_id, pending, in_progress, completed, other)
    SELECT officer_row_id, pending, in_progress, completed, other FROM summed
    ON CONFLICT (officer_row_id) DO UPDATE SET
      pending = w.pending + EXCLUDED.pending, in_progress = w.in_progress + EXCLUDED.in_progress,
      completed = w.completed + EXCLUDED.completed, other = w.other + EXCLUDED.other
    RETURNING 1
  )
  SELECT coalesce(sum(changes), 0)::int FROM summed
$$;--> statement-breakpoint
-- The rebuild: both tables computed again from the base tables (the backfill below; after a bulk load with triggers
-- off: SELECT officer_workload_rebuild();). Changes written meanwhile wait for it, then count on top of it.
CREATE FUNCTION officer_workload_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE officer_workload_changes IN EXCLUSIVE MODE;
  DELETE FROM officer_workload_changes;
  DELETE FROM officer_workload;
  INSERT INTO officer_workload (officer_row_id, pending, in_progress, completed, other)
  SELECT officer_row_id, sum(pending), sum(in_progress), sum(completed), sum(other)
  FROM (
    -- complaints of the slots each officer serves
    SELECT so.officer_id AS officer_row_id, c.pending, c.in_progress, c.completed, c.other
    FROM slot_officers so
    JOIN (
      -- counted per slot and status first: the class is then worked out once per group, not once per complaint
      SELECT slot_id,
        coalesce(sum(n) FILTER (WHERE workload_class(status) = 'pending'), 0) AS pending,
        coalesce(sum(n) FILTER (WHERE workload_class(status) = 'in_progress'), 0) AS in_progress,
        coalesce(sum(n) FILTER (WHERE workload_class(status) = 'completed'), 0) AS completed,
        coalesce(sum(n) FILTER (WHERE workload_class(status) = 'other'), 0) AS other
      FROM (SELECT slot_id, status, count(*) AS n FROM complaints WHERE slot_id IS NOT NULL GROUP BY slot_id, status) by_status
      GROUP BY slot_id
    ) c ON c.slot_id = so.slot_id
    UNION ALL
    -- clearance applications each officer handled, by their status now
    SELECT o.id,
      count(*) FILTER (WHERE clearance_workload_class(a.status) = 'pending'),
      count(*) FILTER (WHERE clearance_workload_class(a.status) = 'in_progress'),
      count(*) FILTER (WHERE clearance_workload_class(a.status) = 'completed'),
      count(*) FILTER (WHERE clearance_workload_class(a.status) = 'other')
    FROM (SELECT DISTINCT application_id, changed_by_user_id FROM clearance_status_history WHERE changed_by_user_id IS NOT NULL) h
    JOIN clearance_applications a ON a.id = h.application_id
    JOIN officers o ON o.user_id = h.changed_by_user_id
    GROUP BY o.id
    UNION ALL
    -- fines each officer issued
    SELECT o.id, 0, 0, f.issued, 0
    FROM (SELECT issued_by_user_id, count(*) AS issued FROM fines GROUP BY issued_by_user_id) f
    JOIN officers o ON o.user_id = f.issued_by_user_id
    UNION ALL
    -- anonymous reports assigned to each officer
    SELECT assigned_officer_id,
      coalesce(sum(n) FILTER (WHERE workload_class(status) = 'pending'), 0),
      coalesce(sum(n) FILTER (WHERE workload_class(status) = 'in_progress'), 0),
      coalesce(sum(n) FILTER (WHERE workload_class(status) = 'completed'), 0),
      coalesce(sum(n) FILTER (WHERE workload_class(status) = 'other'), 0)
    FROM (
      SELECT assigned_officer_id, status, count(*) AS n FROM anonymous_complaints
      WHERE assigned_officer_id IS NOT NULL GROUP BY assigned_officer_id, status
    ) by_status
    GROUP BY assigned_officer_id
  ) work
  GROUP BY officer_row_id;
END
$$;--> statement-breakpoint
SELECT officer_workload_rebuild();--> statement-breakpoint
SELECT pgboss.create_queue('workload-fold', '{"policy":"singleton","retryLimit":0,"expireInSeconds":120}');
