CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"actor_username" text NOT NULL,
	"actor_role" "role",
	"actor_branch" "branch",
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaint_slot_workload" (
	"slot_id" integer PRIMARY KEY NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"in_progress" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"other" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_slot_workload" ADD CONSTRAINT "complaint_slot_workload_slot_id_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree (lower("actor_username"),"id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "citizen_full_name_prefix_idx" ON "citizen_profiles" USING btree (lower("first_name" || ' ' || "second_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "citizen_second_name_prefix_idx" ON "citizen_profiles" USING btree (lower("second_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "officers_full_name_prefix_idx" ON "officers" USING btree (lower("full_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_username_prefix_idx" ON "users" USING btree (lower("username") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_active_role_idx" ON "users" USING btree ("role","id") WHERE "users"."active";
--> statement-breakpoint
-- hand-written below
-- The audit log is append-only: the database itself refuses to change or remove an entry.
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();--> statement-breakpoint
-- The workload class of a complaint status (spec §4; contracts' workloadClass says the same), case-insensitive.
CREATE FUNCTION workload_class(status text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN strpos(lower(status), 'progress') > 0 THEN 'in_progress'
    WHEN strpos(lower(status), 'pending') > 0 OR strpos(lower(status), 'assigned') > 0 THEN 'pending'
    WHEN strpos(lower(status), 'resolved') > 0 OR strpos(lower(status), 'closed') > 0 OR strpos(lower(status), 'completed') > 0 THEN 'completed'
    ELSE 'other'
  END
$$;--> statement-breakpoint
CREATE FUNCTION complaint_slot_workload_add(p_slot integer, p_class text, p_delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO complaint_slot_workload AS w (slot_id, pending, in_progress, completed, other)
  VALUES (
    p_slot,
    CASE WHEN p_class = 'pending' THEN p_delta ELSE 0 END,
    CASE WHEN p_class = 'in_progress' THEN p_delta ELSE 0 END,
    CASE WHEN p_class = 'completed' THEN p_delta ELSE 0 END,
    CASE WHEN p_class = 'other' THEN p_delta ELSE 0 END
  )
  ON CONFLICT (slot_id) DO UPDATE SET
    pending = w.pending + EXCLUDED.pending,
    in_progress = w.in_progress + EXCLUDED.in_progress,
    completed = w.completed + EXCLUDED.completed,
    other = w.other + EXCLUDED.other
$$;--> statement-breakpoint
-- Keeps complaint_slot_workload in step with complaints: a booking adds one, a status change moves one between classes.
CREATE FUNCTION complaints_workload_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.slot_id IS NOT DISTINCT FROM NEW.slot_id AND workload_class(OLD.status) = workload_class(NEW.status) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.slot_id IS NOT NULL THEN
    PERFORM complaint_slot_workload_add(OLD.slot_id, workload_class(OLD.status), -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.slot_id IS NOT NULL THEN
    PERFORM complaint_slot_workload_add(NEW.slot_id, workload_class(NEW.status), 1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER complaints_workload AFTER INSERT OR DELETE OR UPDATE OF status, slot_id ON complaints FOR EACH ROW EXECUTE FUNCTION complaints_workload_trg();--> statement-breakpoint
INSERT INTO complaint_slot_workload (slot_id, pending, in_progress, completed, other)
SELECT slot_id,
  count(*) FILTER (WHERE workload_class(status) = 'pending'),
  count(*) FILTER (WHERE workload_class(status) = 'in_progress'),
  count(*) FILTER (WHERE workload_class(status) = 'completed'),
  count(*) FILTER (WHERE workload_class(status) = 'other')
FROM complaints WHERE slot_id IS NOT NULL GROUP BY slot_id;
