// Fails on any cycle between server modules (the folders of server/src/modules). ESLint's import/no-cycle follows
// files, so two modules that import each other through different files (users → auth/password, auth → users.service)
// pass it; this check draws one node per module folder and one edge per import (type-only imports included: they
// couple the modules' designs just the same). Also fails when http/ or db/ imports a module: those are below them.
// Tests and fixtures are left out: they set up rows in whatever tables a scenario needs, which is no dependency of
// the module's code (the lint zones still keep them off other modules' repositories and routes).
//
// Usage: node scripts/check-module-cycles.mjs [server/src]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const sourceRoot = path.resolve(root, process.argv[2] ?? 'server/src');
const modulesRoot = path.join(sourceRoot, 'modules');
const BELOW_MODULES = ['http', 'db'];

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(d|test|fixtures)\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** The module a file belongs to (its folder under modules/), or its top folder under src/ (http, db), or null. */
function ownerOf(file) {
  const relative = path.relative(sourceRoot, file).split(path.sep);
  if (relative[0] === 'modules' && relative.length > 2) return relative[1];
  if (relative.length > 1) return `${relative[0]}/`;
  return null;
}

const edges = new Map(); // owner -> Map(imported owner -> first importing file, for the message)
for (const file of sourceFiles(sourceRoot)) {
  const from = ownerOf(file);
  if (!from) continue;
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, false);
  for (const { fileName } of importedFiles) {
    if (!fileName.startsWith('.')) continue;
    const to = ownerOf(path.resolve(path.dirname(file), fileName));
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    if (!edges.get(from).has(to)) edges.get(from).set(to, path.relative(root, file));
  }
}

const problems = [];
for (const below of BELOW_MODULES) {
  for (const [to, file] of edges.get(`${below}/`) ?? []) {
    if (!to.endsWith('/')) problems.push(`${below}/ imports module ${to} (${file}): ${below}/ is below the modules.`);
  }
}

// Cycles among modules: Tarjan's strongly connected components; every component of more than one module is a cycle.
const moduleNames = new Set(
  readdirSync(modulesRoot, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name),
);
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
let counter = 0;
function connect(node) {
  index.set(node, counter);
  low.set(node, counter);
  counter += 1;
  stack.push(node);
  onStack.add(node);
  for (const next of edges.get(node)?.keys() ?? []) {
    if (!moduleNames.has(next)) continue;
    if (!index.has(next)) {
      connect(next);
      low.set(node, Math.min(low.get(node), low.get(next)));
    } else if (onStack.has(next)) {
      low.set(node, Math.min(low.get(node), index.get(next)));
    }
  }
  if (low.get(node) !== index.get(node)) return;
  const component = [];
  let member;
  do {
    member = stack.pop();
    onStack.delete(member);
    component.push(member);
  } while (member !== node);
  if (component.length > 1) {
    const inside = new Set(component);
    const imports = component.flatMap((a) => [...(edges.get(a) ?? [])].filter(([b]) => inside.has(b)).map(([b, file]) => `  ${a} → ${b} (${file})`));
    problems.push(`Modules import each other: ${component.sort().join(', ')}\n${imports.join('\n')}`);
  }
}
for (const name of [...moduleNames].sort()) if (!index.has(name)) connect(name);

if (problems.length > 0) {
  console.error(`Module boundaries broken in ${path.relative(root, sourceRoot)}:\n${problems.join('\n')}`);
  console.error('A module reaches another through the service composition.ts passes in; shared pieces move down to a module both use.');
  process.exit(1);
}
console.log(`No cycles between the ${moduleNames.size} modules of ${path.relative(root, sourceRoot)}; http/ and db/ import no module.`);
