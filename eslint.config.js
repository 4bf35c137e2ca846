// One lint configuration for every workspace. The import boundaries below are read from the folders
// that exist when ESLint starts, so a new web feature or server module is covered without editing this file.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

function foldersIn(dir) {
  return readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

// web/src: app composes features; every other entry (components, lib, paths.ts, locales, ...) is shared.
const webFeatures = foldersIn('web/src/features');
const webShared = readdirSync(path.join(root, 'web/src'))
  .filter((entry) => !['app', 'features', 'main.tsx'].includes(entry))
  .map((entry) => `./web/src/${entry}`);

const webZones = [
  ...webFeatures.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move what both need to shared code, or compose them in web/src/app.',
  })),
  {
    target: './web/src/features',
    from: './web/src/app',
    message: 'app composes features, not the other way round.',
  },
  {
    target: webShared,
    from: ['./web/src/features', './web/src/app'],
    message: 'Shared code imports neither features nor app.',
  },
  // web/src/domain holds the views of records that several features show (a complaint's details, its history):
  // it builds on contracts, lib and components, and features build on it, so the generic layers stay below it.
  {
    target: webShared.filter((entry) => entry !== './web/src/domain'),
    from: './web/src/domain',
    message: 'Generic shared code (components, lib) does not import domain views: domain builds on it.',
  },
];

// server/src/modules: another module is reached through its service (passed in by composition.ts), never through its
// repository or routes. Files that write SQL may name other modules' tables: a foreign key names the table it references,
// a repository joins them so that one statement (one plan, one round trip) answers a view, and a test sets up its rows.
// Services and routes see neither tables nor repositories of another module.
const serverModules = foldersIn('server/src/modules');
// One extglob, not a brace list: minimatch would expand `!(*.{a,b}.ts)` into two negations whose union is every file.
const SQL_FILES = '@(*.table.ts|*.repository.ts|*.fixtures.ts|*.test.ts)';
const NOT_SQL_FILES = '!(*.table.ts|*.repository.ts|*.fixtures.ts|*.test.ts)';

const serverZones = serverModules.flatMap((module) => {
  const filesOfOtherModules = (pattern) => serverModules.filter((other) => other !== module).map((other) => `./server/src/modules/${other}/**/${pattern}`);
  return [
    {
      target: `./server/src/modules/${module}/**/${NOT_SQL_FILES}`,
      from: filesOfOtherModules('*.{repository,table,routes}.ts'),
      message: "Use the other module's service, not its tables, repository or routes.",
    },
    {
      target: `./server/src/modules/${module}/**/${SQL_FILES}`,
      from: filesOfOtherModules('*.{repository,routes}.ts'),
      message: "SQL may join another module's tables; its repository and routes are reached through its service.",
    },
  ];
});

// http/ (request handling) and db/ (connections, SQL helpers) are what the modules are built on: they import none.
// What both sides need (a received file's shape) lives in http/; a module's own store lives in the module.
const serverLayerZones = [
  {
    target: ['./server/src/http', './server/src/db'],
    from: './server/src/modules',
    message: 'http/ and db/ are below the modules: move the piece down here, or into the module that owns it.',
  },
];

const workspaceZones = [
  { target: './contracts', from: ['./server', './web'], message: 'contracts is shared by server and web and depends on neither.' },
  { target: './server', from: './web', message: 'server and web meet only in contracts.' },
  { target: './web', from: './server', message: 'server and web meet only in contracts.' },
];

export default defineConfig(
  globalIgnores(['**/node_modules/', '**/dist/', 'data/', 'server/drizzle/', 'bench/results/', 'test-results/', 'playwright-report/', '.tmp/']),
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  // Without type information: type-aware linting took 55-60 s of CPU on this tree against 22 s without, and the
  // tree is about to double. TypeScript itself (npm run typecheck) remains the type check.
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      eqeqeq: ['error', 'smart'],
      '@typescript-eslint/consistent-type-imports': ['error', { disallowTypeAnnotations: false }],
    },
  },
  {
    // Scripts outside every tsconfig (bench, build scripts, this file) run on Node.
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },

  {
    plugins: { import: importPlugin },
    settings: {
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': {
        typescript: {
          project: ['contracts/tsconfig.json', 'server/tsconfig.json', 'web/tsconfig.json', 'e2e/tsconfig.json'],
        },
      },
    },
    // Only what TypeScript cannot check: it already reports unresolved imports and missing exports. Cycles between
    // files are checked by scripts/check-file-cycles.mjs in `npm run lint` (import/no-cycle took two thirds of the
    // lint run for the same answer).
    rules: {
      'import/no-duplicates': 'error',
      'import/no-self-import': 'error',
      'import/no-restricted-paths': ['error', { basePath: root, zones: [...workspaceZones, ...serverLayerZones, ...serverZones, ...webZones] }],
    },
  },

  {
    files: ['web/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: globals.browser },
    rules: {
      'react-hooks/exhaustive-deps': 'error',
      // A region that scrolls (a wide table) takes focus so it can be scrolled from the keyboard (WCAG 2.1.1;
      // axe's scrollable-region-focusable, which the browser tests run). Otherwise the recommended options.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true }],
      // The browser's console is not a log anyone reads; errors reach the user through the UI.
      'no-console': 'error',
    },
  },
);
