-- Every server instance keeps the principals of sessions it has seen (auth/principal-cache.ts) and drops
-- them when told here. The triggers cover every way a principal can change (logout, deactivation, a new
-- role, branch, station or name, a row deleted or a table truncated), whoever makes the change: the
-- application or an administrator at a psql prompt. Payloads: 's:<jti>' one session, 'u:<user id>' every
-- session of a user, '*' all of them.
CREATE FUNCTION notify_principal_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' OR TG_TABLE_NAME = 'stations' THEN
    PERFORM pg_notify('pes_principal_changed', '*');
  ELSIF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('pes_principal_changed', 's:' || OLD.jti);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('pes_principal_changed', 'u:' || OLD.id);
  ELSE
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('pes_principal_changed', 'u:' || OLD.user_id); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('pes_principal_changed', 'u:' || NEW.user_id); END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_principal_changed AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION notify_principal_changed();
--> statement-breakpoint
CREATE TRIGGER users_principal_changed AFTER UPDATE OF id, username, role, station_id, active OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_principal_changed();
--> statement-breakpoint
CREATE TRIGGER officers_principal_changed AFTER INSERT OR UPDATE OR DELETE ON officers FOR EACH ROW EXECUTE FUNCTION notify_principal_changed();
--> statement-breakpoint
CREATE TRIGGER citizen_profiles_principal_changed AFTER INSERT OR UPDATE OF user_id, identity_type, identity_number, first_name, second_name OR DELETE ON citizen_profiles FOR EACH ROW EXECUTE FUNCTION notify_principal_changed();
--> statement-breakpoint
CREATE TRIGGER stations_principal_changed AFTER UPDATE OF name OR DELETE ON stations FOR EACH ROW EXECUTE FUNCTION notify_principal_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_truncated AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_changed();
--> statement-breakpoint
CREATE TRIGGER users_truncated AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_changed();
--> statement-breakpoint
CREATE TRIGGER officers_truncated AFTER TRUNCATE ON officers FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_changed();
--> statement-breakpoint
CREATE TRIGGER citizen_profiles_truncated AFTER TRUNCATE ON citizen_profiles FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_changed();
--> statement-breakpoint
CREATE TRIGGER stations_truncated AFTER TRUNCATE ON stations FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_changed();
