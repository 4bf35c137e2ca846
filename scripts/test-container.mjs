// `npm run test:container`: builds the production image (Containerfile) with Podman and runs it, as an operator would:
//   1. the embedded default: `podman run` with no settings (embedded database and demo data on a volume); the demo
//      citizen signs in through it over HTTP, the web app is served, and Podman's health check passes;
//   2. production on the machine's PostgreSQL (a database the test creates and drops): `serve` told not to migrate
//      (MIGRATE_ON_START=false) refuses the empty database naming the migrate command; `migrate` applies every
//      migration and exits 0; `serve` then answers ready, and stops cleanly on SIGTERM (podman stop).
// Prints a table of seconds per step and the image's size; removes what it built (containers, volume, image, the
// build stage) but keeps the locally made base image (localhost/pes-bookworm-base in Podman's storage,
// /var/lib/containers/storage, tagged by its recipe) for the next run: removing it with `podman rmi` makes it again.
//
// Needs Podman, runc and mmdebstrap (Debian's packages: installed when missing and running as root, as .ci/run does
// for HAProxy). BASE_IMAGE names a base image to build from instead (docker.io/library/debian:bookworm-slim where a
// registry is reachable). Scenario 2 needs PostgreSQL (TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/
// postgres); it is skipped, saying so, when TEST_DATABASE_URL=none.
// Podman here: crun fails on these machines (platform-notes, "Containers"), so runc and cgroupfs through a
// containers.conf of the test's own (CONTAINERS_CONF), unless the environment names one.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEMO_PASSWORDS, freePort, printTable, ROOT } from '../bench/server-process.mjs';

const LOCAL_BASE_REPOSITORY = 'localhost/pes-bookworm-base';
const RUN_ID = randomBytes(4).toString('hex');
const IMAGE = `localhost/police-eservices:test-${RUN_ID}`;
const VOLUME = `pes-test-data-${RUN_ID}`;
const READY_TIMEOUT_MS = 180_000;
const DEMO_CITIZEN = { username: 'citizen', password: DEMO_PASSWORDS.citizen };

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pes-container-'));
const timings = [];
const containers = [];

/** Runs `fn`, timing it under `name` in the final table. */
async function step(name, fn) {
  const startedAt = performance.now();
  process.stdout.write(`• ${name}\n`);
  const result = await fn();
  timings.push({ measure: name, value: ((performance.now() - startedAt) / 1000).toFixed(1) });
  return result;
}

function podmanEnv() {
  if (process.env.CONTAINERS_CONF) return process.env;
  const conf = path.join(workDir, 'containers.conf');
  fs.writeFileSync(conf, '[containers]\ndefault_ulimits = []\n[engine]\ncgroup_manager = "cgroupfs"\nruntime = "runc"\n');
  return { ...process.env, CONTAINERS_CONF: conf };
}
const env = podmanEnv();

/** `podman args...`: its standard output; throws with its standard error when it fails (unless `allowFailure`). */
function podman(args, { allowFailure = false, inherit = false } = {}) {
  const run = spawnSync('podman', args, { env, encoding: 'utf8', stdio: inherit ? ['ignore', 'inherit', 'inherit'] : 'pipe', maxBuffer: 64 << 20 });
  if (run.status !== 0 && !allowFailure) throw new Error(`podman ${args.join(' ')} failed (${run.status}):\n${run.stderr ?? ''}${run.stdout ?? ''}`);
  return { status: run.status, stdout: (run.stdout ?? '').trim(), stderr: run.stderr ?? '' };
}

function installMissingTools() {
  const missing = ['podman', 'runc', 'mmdebstrap'].filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);
  if (!missing.length) return;
  if (process.getuid?.() !== 0) throw new Error(`${missing.join(', ')} missing: apt-get install podman runc mmdebstrap`);
  console.log(`Installing Debian's ${missing.join(', ')}`);
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: aptEnv });
  execFileSync('apt-get', ['install', '-y', '-qq', 'podman', 'runc', 'mmdebstrap'], { stdio: ['ignore', 'ignore', 'inherit'], env: aptEnv });
}

/**
 * How the local base is made: Debian bookworm with apt and the certificate authorities, without manual pages, other
 * documentation (the copyright files stay) and translations, as the official bookworm-slim leaves them out.
 */
const MMDEBSTRAP_ARGS = [
  '--variant=apt',
  '--include=ca-certificates',
  ...['/usr/share/man/*', '/usr/share/doc/*', '/usr/share/info/*', '/usr/share/locale/*'].map((p) => `--dpkgopt=path-exclude=${p}`),
  '--dpkgopt=path-include=/usr/share/doc/*/copyright',
  'bookworm',
];
/** Tagged by its recipe: a changed recipe makes a new base instead of reusing one made otherwise. */
const LOCAL_BASE = `${LOCAL_BASE_REPOSITORY}:${createHash('sha256').update(MMDEBSTRAP_ARGS.join(' ')).digest('hex').slice(0, 12)}`;

/** The base image: BASE_IMAGE when given, else Debian bookworm made here with mmdebstrap once and kept in Podman's storage. */
function baseImage() {
  if (process.env.BASE_IMAGE) return process.env.BASE_IMAGE;
  if (podman(['image', 'exists', LOCAL_BASE], { allowFailure: true }).status === 0) return LOCAL_BASE;
  // Bases made by an earlier recipe are replaced, not kept beside it.
  const earlier = podman(['images', '--format', '{{.Repository}}:{{.Tag}}', LOCAL_BASE_REPOSITORY]).stdout.split('\n').filter(Boolean);
  for (const image of earlier) podman(['rmi', image], { allowFailure: true });
  const tarball = path.join(workDir, 'bookworm.tar');
  execFileSync('mmdebstrap', ['--quiet', ...MMDEBSTRAP_ARGS, tarball], { stdio: 'inherit' });
  podman(['import', tarball, LOCAL_BASE]);
  fs.rmSync(tarball);
  return LOCAL_BASE;
}

/** The Containerfile's Node.js must be the one package.json pins (the runtime every npm script runs on). */
function checkNodePin() {
  const pinned = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).devDependencies.node;
  const containerfile = fs.readFileSync(path.join(ROOT, 'Containerfile'), 'utf8');
  const inImage = /^ARG NODE_VERSION=(\S+)$/m.exec(containerfile)?.[1];
  if (inImage !== pinned) throw new Error(`Containerfile builds Node.js ${inImage}, package.json pins node@${pinned}: update NODE_VERSION and NODE_SHA512`);
}

function buildImage(base) {
  const args = ['build', '--network', 'host', '--format', 'docker', '--layers=false', '--force-rm', '--build-arg', `BASE_IMAGE=${base}`, '-t', IMAGE];
  // Behind a proxy that inspects TLS (this machine's), npm in the build needs its certificate authorities.
  const caFile = process.env.NODE_EXTRA_CA_CERTS;
  if (caFile && fs.existsSync(caFile)) args.push('--secret', `id=ca_certs,src=${caFile}`);
  podman([...args, ROOT], { inherit: process.env.CONTAINER_BUILD_LOG === '1' });
}

/** Starts a detached container; remembered so that the end removes it whatever happens. */
function runDetached(name, args) {
  podman(['run', '-d', '--name', name, '--network', 'host', ...args]);
  containers.push(name);
}

/** Waits until `url` answers 200; fails with the container's log when it stops first or takes too long. */
async function waitForReady(name, url) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    const state = podman(['inspect', '--format', '{{.State.Status}}', name]).stdout;
    if (state !== 'running' || Date.now() > deadline)
      throw new Error(`${name} is ${state}, never ready at ${url}:\n${podman(['logs', name], { allowFailure: true }).stderr}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function postJson(base, url, body, token) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const data = await res.json().catch(() => undefined);
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${JSON.stringify(data)}`);
  return data;
}

async function embeddedDefault() {
  const port = await freePort();
  const name = `pes-test-embedded-${RUN_ID}`;
  const base = `http://127.0.0.1:${port}`;
  const startedAt = performance.now();
  // No settings but the port (host networking shares the machine's ports): everything else is the image's default.
  runDetached(name, ['-e', `PORT=${port}`, '-v', `${VOLUME}:/data`, IMAGE]);
  await waitForReady(name, `${base}/api/health/ready`);
  const readyMs = performance.now() - startedAt;
  const signedIn = await postJson(base, '/api/auth/login', { ...DEMO_CITIZEN, area: 'citizen' });
  const me = await fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${signedIn.token}` } }).then((r) => r.json());
  if (me.user?.username !== DEMO_CITIZEN.username) throw new Error(`signed in, but /api/auth/me says ${JSON.stringify(me)}`);
  const page = await fetch(`${base}/login`).then((r) => r.text());
  if (!page.includes('<div id="root">')) throw new Error('the web app is not served at /login');
  podman(['healthcheck', 'run', name]);
  const user = podman(['exec', name, 'id', '-un']).stdout;
  if (user !== 'pes') throw new Error(`the server runs as ${user}, not the image's unprivileged user`);
  podman(['stop', '-t', '15', name]);
  const exitCode = podman(['inspect', '--format', '{{.State.ExitCode}}', name]).stdout;
  if (exitCode !== '0') throw new Error(`the embedded server exited ${exitCode} on SIGTERM`);
  return readyMs;
}

const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  ADMIN_USERNAME: 'operator',
  ADMIN_PASSWORD: `Container-${randomBytes(9).toString('base64url')}-Test`,
  TOKEN_SECRET: randomBytes(32).toString('base64url'),
  ADDRESS_HASH_SECRET: randomBytes(32).toString('base64url'),
  PAYMENT_GATEWAY: 'sandbox',
};

async function production(pgBase) {
  const dbName = `pes_container_${RUN_ID}`;
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  try {
    const url = new URL(pgBase);
    url.pathname = `/${dbName}`;
    const port = await freePort();
    const envFile = path.join(workDir, 'production.env');
    const settings = { ...PRODUCTION_ENV, DATABASE_URL: url.toString(), PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, MIGRATE_ON_START: 'false' };
    fs.writeFileSync(
      envFile,
      Object.entries(settings)
        .map(([k, v]) => `${k}=${v}\n`)
        .join(''),
      { mode: 0o600 },
    );
    const once = (command) => podman(['run', '--rm', '--network', 'host', '--env-file', envFile, IMAGE, ...(command ? [command] : [])], { allowFailure: true });

    const refused = await step('production: serve before migrate (refused)', () => once());
    if (refused.status !== 1 || !/Run the migrate command/.test(refused.stderr))
      throw new Error(`serve on an unmigrated database: exit ${refused.status}, expected 1 naming the migrate command:\n${refused.stderr}`);
    const migrated = await step('production: migrate', () => once('migrate'));
    if (migrated.status !== 0) throw new Error(`migrate exited ${migrated.status}:\n${migrated.stderr}`);
    const line = JSON.parse(migrated.stdout.split('\n').at(-1));
    if (!line.applied?.length) throw new Error(`migrate applied nothing on an empty database: ${migrated.stdout}`);

    const name = `pes-test-production-${RUN_ID}`;
    const base = `http://127.0.0.1:${port}`;
    const readyMs = await step('production: serve until ready', async () => {
      const startedAt = performance.now();
      runDetached(name, ['--env-file', envFile, IMAGE]);
      await waitForReady(name, `${base}/api/health/ready`);
      return performance.now() - startedAt;
    });
    // The administrator the settings name was ensured: production sends it to set up its second factor.
    const answer = await postJson(base, '/api/auth/login', { username: settings.ADMIN_USERNAME, password: settings.ADMIN_PASSWORD, area: 'admin' });
    if (answer.mfa !== 'setup') throw new Error(`the administrator's sign-in answered ${JSON.stringify(answer)}, expected the second factor's setup`);
    podman(['stop', '-t', '15', name]);
    const exitCode = podman(['inspect', '--format', '{{.State.ExitCode}}', name]).stdout;
    if (exitCode !== '0') throw new Error(`the production server exited ${exitCode} on SIGTERM`);
    return { readyMs, applied: line.applied.length };
  } finally {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

/**
 * The systemd units (deploy/systemd) checked by `systemd-analyze verify`, with the install folder they name
 * (/opt/police-eservices) replaced by this checkout, so that their commands must exist. systemd cannot run
 * services where it is not the init process (containers, these CI machines): this is the check that can run.
 */
function verifySystemdUnits() {
  if (spawnSync('sh', ['-c', 'command -v systemd-analyze']).status !== 0) return 'skipped: no systemd-analyze';
  const unitsDir = path.join(ROOT, 'deploy', 'systemd');
  const rendered = path.join(workDir, 'systemd');
  fs.mkdirSync(rendered);
  const units = fs.readdirSync(unitsDir).filter((f) => f.endsWith('.service'));
  for (const unit of units)
    fs.writeFileSync(path.join(rendered, unit), fs.readFileSync(path.join(unitsDir, unit), 'utf8').replaceAll('/opt/police-eservices', ROOT));
  const run = spawnSync('systemd-analyze', ['verify', '--man=no', ...units.map((u) => `./${u}`)], { cwd: rendered, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`systemd-analyze verify ${units.join(' ')} failed:\n${run.stderr}${run.stdout}`);
  return `${units.length} units verified`;
}

function cleanUp() {
  // -v: the anonymous volume each container without one of its own was given for /data.
  for (const name of containers) podman(['rm', '-f', '-v', name], { allowFailure: true });
  podman(['volume', 'rm', '-f', VOLUME], { allowFailure: true });
  podman(['rmi', '-f', IMAGE], { allowFailure: true });
  fs.rmSync(workDir, { recursive: true, force: true });
}

function postgresBase() {
  const configured = process.env.TEST_DATABASE_URL;
  if (configured === 'none') return undefined;
  return configured || 'postgres://postgres@127.0.0.1:5432/postgres';
}

let failed = false;
try {
  checkNodePin();
  console.log(`systemd units: ${await step('systemd units (systemd-analyze verify)', () => verifySystemdUnits())}`);
  installMissingTools();
  const base = await step('base image', () => baseImage());
  console.log(`base image: ${base}`);
  await step('build the image', () => buildImage(base));
  const size = Number(podman(['image', 'inspect', '--format', '{{.Size}}', IMAGE]).stdout);
  const embeddedReadyMs = await step('embedded default: run, sign in as the demo citizen, stop', () => embeddedDefault());
  const pgBase = postgresBase();
  const prod = pgBase ? await production(pgBase) : undefined;
  if (!pgBase) console.log('TEST_DATABASE_URL=none: the production scenario (PostgreSQL) is skipped');
  printTable('Container image', [
    { measure: 'image size (MB)', value: (size / 1e6).toFixed(0) },
    { measure: 'embedded: container start to ready (s)', value: (embeddedReadyMs / 1000).toFixed(1) },
    ...(prod
      ? [
          { measure: 'production: migrations applied', value: String(prod.applied) },
          { measure: 'production: container start to ready (s)', value: (prod.readyMs / 1000).toFixed(1) },
        ]
      : []),
  ]);
} catch (err) {
  failed = true;
  console.error(err);
} finally {
  cleanUp();
  printTable('Seconds per step', timings);
}
process.exit(failed ? 1 : 0);
