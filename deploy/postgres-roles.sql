-- PostgreSQL roles for the portal: an owner role that owns the schema and runs the migrations, and a runtime
-- role that the server serves with. The runtime role reads and writes the application's rows, but on the
-- audit log it may only read and append (no UPDATE, DELETE or TRUNCATE); it owns nothing, so it can neither
-- change a table (ALTER, DROP, DISABLE TRIGGER) nor create one.
--
-- Run as a superuser, connected to the portal's database (before its first start, or on a database that is
-- already in use: objects made earlier by another role pass to the owner role). Safe to run again.
-- The role names come from the settings pes.owner_role and pes.runtime_role (defaults pes_owner, pes_app):
--
--   node deploy/postgres-roles.mjs                      (DATABASE_ADMIN_URL, PES_OWNER_ROLE, PES_RUNTIME_ROLE)
--   PGOPTIONS='-c pes.owner_role=pes_owner -c pes.runtime_role=pes_app' psql "$DATABASE_ADMIN_URL" -v ON_ERROR_STOP=1 -f deploy/postgres-roles.sql
--
-- The roles get no password here: set one with psql's \password (which sends only a hash), or use another
-- authentication method. Then start the server with DATABASE_URL as the runtime role and
-- DATABASE_MIGRATION_URL as the owner role.
DO $roles$
DECLARE
  owner_role text := coalesce(nullif(current_setting('pes.owner_role', true), ''), 'pes_owner');
  runtime_role text := coalesce(nullif(current_setting('pes.runtime_role', true), ''), 'pes_app');
  owner_oid oid;
  obj record;
BEGIN
  IF owner_role = runtime_role THEN
    RAISE EXCEPTION 'the owner role and the runtime role must be two roles (both are %)', owner_role;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = owner_role) THEN
    EXECUTE format('CREATE ROLE %I LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS', owner_role);
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = runtime_role) THEN
    EXECUTE format('CREATE ROLE %I LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS', runtime_role);
  END IF;
  SELECT oid INTO owner_oid FROM pg_roles WHERE rolname = owner_role;
  -- A runtime role with more than its grants would defeat the point.
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = runtime_role AND (rolsuper OR rolbypassrls OR rolcreaterole)) THEN
    RAISE EXCEPTION 'the runtime role % is a superuser or may create roles or bypass row security: use a plain role', runtime_role;
  END IF;
  IF pg_has_role(runtime_role, owner_role, 'MEMBER') THEN
    RAISE EXCEPTION 'the runtime role % is a member of the owner role %: it would own what the owner owns', runtime_role, owner_role;
  END IF;

  -- The owner role may make schemas (the migrations' bookkeeping) and tables; nobody else creates anything.
  EXECUTE format('GRANT CONNECT, CREATE ON DATABASE %I TO %I', current_database(), owner_role);
  EXECUTE format('GRANT CONNECT ON DATABASE %I TO %I', current_database(), runtime_role);
  REVOKE CREATE ON SCHEMA public FROM PUBLIC;
  EXECUTE format('GRANT USAGE, CREATE ON SCHEMA public TO %I', owner_role);
  EXECUTE format('GRANT USAGE ON SCHEMA public TO %I', runtime_role);

  -- Objects made earlier by another role (the database was migrated before the roles existed) pass to the
  -- owner role: the migrations' schema and table, tables, views, free-standing sequences (a serial column's
  -- sequence follows its table), functions and types.
  -- The migrations' schema is made here first when missing (as the job queue's below), so that the runtime role
  -- can be let read the migrations' record: a server started with MIGRATE_ON_START=false checks the schema is current.
  EXECUTE format('CREATE SCHEMA IF NOT EXISTS drizzle AUTHORIZATION %I', owner_role);
  EXECUTE format('ALTER SCHEMA drizzle OWNER TO %I', owner_role);
  -- The job queue's schema (pg-boss), made by a migration: made here first when missing, so that its rights can
  -- be given before the migration fills it.
  EXECUTE format('CREATE SCHEMA IF NOT EXISTS pgboss AUTHORIZATION %I', owner_role);
  EXECUTE format('ALTER SCHEMA pgboss OWNER TO %I', owner_role);
  FOR obj IN
    SELECT c.oid::regclass::text AS name,
      CASE c.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END AS kind
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname IN ('public', 'drizzle', 'pgboss') AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')
      AND c.relowner <> owner_oid
      AND NOT (c.relkind = 'S' AND EXISTS (
        SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype IN ('a', 'i')))
  LOOP
    EXECUTE format('ALTER %s %s OWNER TO %I', obj.kind, obj.name, owner_role);
  END LOOP;
  FOR obj IN
    SELECT p.oid::regprocedure::text AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname IN ('public', 'drizzle', 'pgboss') AND p.proowner <> owner_oid
  LOOP
    EXECUTE format('ALTER ROUTINE %s OWNER TO %I', obj.name, owner_role);
  END LOOP;
  FOR obj IN
    SELECT t.oid::regtype::text AS name FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
    WHERE n.nspname IN ('public', 'drizzle', 'pgboss') AND t.typtype IN ('e', 'd') AND t.typowner <> owner_oid
  LOOP
    EXECUTE format('ALTER TYPE %s OWNER TO %I', obj.name, owner_role);
  END LOOP;

  -- The runtime role: rows of every table (those of later migrations too, by default privileges), the
  -- sequences' next values, and on the audit log only reading and appending.
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO %I', runtime_role);
  EXECUTE format('GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO %I', runtime_role);
  EXECUTE format('ALTER DEFAULT PRIVILEGES FOR ROLE %I IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO %I', owner_role, runtime_role);
  EXECUTE format('ALTER DEFAULT PRIVILEGES FOR ROLE %I IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO %I', owner_role, runtime_role);
  -- The migrations' record: read only (which migrations are applied).
  EXECUTE format('GRANT USAGE ON SCHEMA drizzle TO %I', runtime_role);
  EXECUTE format('GRANT SELECT ON ALL TABLES IN SCHEMA drizzle TO %I', runtime_role);
  EXECUTE format('ALTER DEFAULT PRIVILEGES FOR ROLE %I IN SCHEMA drizzle GRANT SELECT ON TABLES TO %I', owner_role, runtime_role);
  -- The job queue: its rows (jobs are taken, finished and archived by every instance) and its functions.
  EXECUTE format('GRANT USAGE ON SCHEMA pgboss TO %I', runtime_role);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA pgboss TO %I', runtime_role);
  EXECUTE format('GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA pgboss TO %I', runtime_role);
  EXECUTE format('GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA pgboss TO %I', runtime_role);
  EXECUTE format('ALTER DEFAULT PRIVILEGES FOR ROLE %I IN SCHEMA pgboss GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO %I', owner_role, runtime_role);
  EXECUTE format('ALTER DEFAULT PRIVILEGES FOR ROLE %I IN SCHEMA pgboss GRANT USAGE, SELECT ON SEQUENCES TO %I', owner_role, runtime_role);
  -- (On a database not yet migrated there is no audit log: its migration takes these rights back itself.)
  IF to_regclass('public.audit_log') IS NOT NULL THEN
    EXECUTE format('REVOKE UPDATE, DELETE, TRUNCATE, TRIGGER, REFERENCES ON public.audit_log FROM %I', runtime_role);
  END IF;
  RAISE NOTICE 'roles ready in database %: owner % (migrations), runtime % (serving)', current_database(), owner_role, runtime_role;
END
$roles$;
