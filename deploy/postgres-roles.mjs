// Creates (or brings up to date) the portal's two PostgreSQL roles by running postgres-roles.sql beside it:
//
//   DATABASE_ADMIN_URL=postgres://postgres@db.example.lk/pes node deploy/postgres-roles.mjs
//
// DATABASE_ADMIN_URL: a superuser, connected to the portal's database. PES_OWNER_ROLE and PES_RUNTIME_ROLE
// name the roles (defaults pes_owner and pes_app). Prints the two connection strings the server then takes.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const adminUrl = process.env.DATABASE_ADMIN_URL;
if (!adminUrl) {
  console.error('Set DATABASE_ADMIN_URL to a superuser connection string for the portal database (postgres://postgres@host/dbname).');
  process.exit(2);
}
const owner = process.env.PES_OWNER_ROLE || 'pes_owner';
const runtime = process.env.PES_RUNTIME_ROLE || 'pes_app';
const script = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'postgres-roles.sql'), 'utf8');

const client = new pg.Client({ connectionString: adminUrl });
client.on('notice', (notice) => console.log(notice.message));
try {
  await client.connect();
  await client.query("select set_config('pes.owner_role', $1, false), set_config('pes.runtime_role', $2, false)", [owner, runtime]);
  await client.query(script);
} catch (err) {
  console.error(`postgres-roles: ${err.message}`);
  process.exitCode = 1;
} finally {
  await client.end().catch(() => {});
}
if (!process.exitCode) {
  const as = (role) => {
    const url = new URL(adminUrl);
    url.username = role;
    url.password = '';
    return url.toString();
  };
  console.log(`Start the server with (each role's password, if it uses one, set with psql's \\password ${owner} / ${runtime}):`);
  console.log(`  DATABASE_URL=${as(runtime)}`);
  console.log(`  DATABASE_MIGRATION_URL=${as(owner)}`);
}
