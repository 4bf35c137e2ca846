// Fails on any cycle of imports between source files, as ESLint's import/no-cycle did (which took two thirds of
// the lint run: it resolved every import through the TypeScript resolver once per linted file). Same rule: imports
// of values count (static, re-exports, dynamic import()), type-only imports do not, packages do not (a workspace
// package such as @pes/contracts imports nothing of its users, so no cycle passes through it). Every tracked
// .ts/.tsx/.js/.mjs file under the workspaces is read, tests included.
//
// Usage: node scripts/check-file-cycles.mjs
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const ROOTS = ['contracts/src', 'server/src', 'server/test', 'web/src', 'e2e/tests', 'bench', 'scripts'];
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs'];
const SKIP = new Set(['node_modules', 'dist', 'test-results', 'migrations']);

function sourceFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : sourceFiles(full);
    return EXTENSIONS.includes(path.extname(entry.name)) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The file a relative specifier names: as written, with an extension added, a .js written for a .ts, or an index. */
function resolve(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  const candidates = [base, ...EXTENSIONS.map((e) => stem + e), ...EXTENSIONS.map((e) => path.join(base, `index${e}`))];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

const onlyTypes = (clause) =>
  clause.isTypeOnly ||
  (clause.namedBindings &&
    ts.isNamedImports(clause.namedBindings) &&
    !clause.name &&
    clause.namedBindings.elements.length > 0 &&
    clause.namedBindings.elements.every((e) => e.isTypeOnly));

/** The relative modules a file imports for their values. */
function valueImports(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const specifiers = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.importClause || !onlyTypes(node.importClause)) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typesOnly = node.isTypeOnly || (node.exportClause && ts.isNamedExports(node.exportClause) && node.exportClause.elements.every((e) => e.isTypeOnly));
      if (!typesOnly) specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers
    .filter((s) => s.startsWith('.'))
    .map((s) => resolve(file, s))
    .filter(Boolean);
}

const files = ROOTS.flatMap((dir) => sourceFiles(path.join(root, dir)));
const edges = new Map(files.map((file) => [file, valueImports(file)]));

// Tarjan's strongly connected components, iteratively (import chains can be deep); a component of more than one
// file, or a file importing itself, is a cycle.
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
let counter = 0;
for (const start of files) {
  if (index.has(start)) continue;
  const work = [[start, 0]];
  while (work.length > 0) {
    const frame = work[work.length - 1];
    const [node, next] = frame;
    if (next === 0) {
      index.set(node, counter);
      low.set(node, counter);
      counter += 1;
      stack.push(node);
      onStack.add(node);
    }
    const targets = edges.get(node) ?? [];
    if (next < targets.length) {
      frame[1] += 1;
      const target = targets[next];
      if (!edges.has(target)) continue;
      if (!index.has(target)) work.push([target, 0]);
      else if (onStack.has(target)) low.set(node, Math.min(low.get(node), index.get(target)));
      continue;
    }
    work.pop();
    if (work.length > 0) {
      const parent = work[work.length - 1][0];
      low.set(parent, Math.min(low.get(parent), low.get(node)));
    }
    if (low.get(node) !== index.get(node)) continue;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (edges.get(node) ?? []).includes(node)) cycles.push(component.map((f) => path.relative(root, f)).sort());
  }
}

if (cycles.length > 0) {
  console.error(`Files that import each other (a cycle of value imports):\n${cycles.map((c) => `  ${c.join(' ⇄ ')}`).join('\n')}`);
  console.error('Move what both need into a file both import, or import only its types.');
  process.exit(1);
}
console.log(`No import cycles among ${files.length} files.`);
