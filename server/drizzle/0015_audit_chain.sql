ALTER TABLE "audit_log" ADD COLUMN "position" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_position_uq" ON "audit_log" USING btree ("position");--> statement-breakpoint
-- hand-written: NOT VALID. Entries written from now on must be chained; the entries already here are chained
-- by the server right after the migrations (code, not SQL, computes the hashes: db/client.ts calls
-- chainUnchainedAuditEntries), which then validates the constraint.
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_chained" CHECK ("audit_log"."position" is not null and "audit_log"."prev_hash" is not null and "audit_log"."hash" is not null) NOT VALID;
--> statement-breakpoint
-- Only the table's owner (the role that runs the migrations) may change or remove entries, and the trigger
-- refuses even the owner until switched off (which the hash chain then shows). A runtime role that default
-- privileges gave UPDATE or DELETE here (deploy/postgres-roles.sql grants the tables the application writes)
-- keeps SELECT and INSERT.
DO $$
DECLARE
  grantee text;
BEGIN
  REVOKE UPDATE, DELETE, TRUNCATE, TRIGGER, REFERENCES ON audit_log FROM PUBLIC;
  FOR grantee IN
    SELECT DISTINCT g.grantee::regrole::text
    FROM pg_class c, aclexplode(c.relacl) g
    WHERE c.oid = 'audit_log'::regclass AND g.grantee <> 0 AND g.grantee <> c.relowner
      AND g.privilege_type IN ('UPDATE', 'DELETE', 'TRUNCATE', 'TRIGGER', 'REFERENCES')
  LOOP
    EXECUTE format('REVOKE UPDATE, DELETE, TRUNCATE, TRIGGER, REFERENCES ON audit_log FROM %s', grantee);
  END LOOP;
END
$$;
