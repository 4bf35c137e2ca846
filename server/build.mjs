// Bundles the server with its dependencies into dist/: dist/main.js starts it, dist/bench-floor.js is the bare
// server the benchmark compares the hot routes with (src/bench-floor.ts), dist/audit-chain-tools.js the audit chain for
// scripts (src/audit-chain-tools.ts: a valid chain computed for a bulk load, the verification timed), shared code in dist/chunks/. One bundle
// instead of ~1,500 files from node_modules cuts start-up by a third (bench/README, "Fifth round"); a package
// imported lazily (the payment SDK, the password dictionary) stays in a chunk of its own until first used.
import fs from 'node:fs';
import { build } from 'esbuild';

// What cannot be bundled stays in node_modules, each for a reason of its own:
const EXTERNAL = [
  '@electric-sql/pglite', // loads its WASM and data files from beside its own code
  'sharp', // native addon
  '@node-rs/argon2', // native addon
  'pdfkit', // reads its standard fonts' metrics from its own folder
  'fontkit', // pdfkit's: the certificate's fonts must come from the same copy
  '@fastify/swagger-ui', // serves the documentation page's files from its own folder
  'pino', // runs log transports in worker threads by file path
  '@aws-sdk/client-s3', // only for object storage, loaded when configured
  'pg-native', // pg's optional native binding, not installed
];

// Chunks are named by their content: a new build starts from an empty folder, so none of an earlier build's stays.
fs.rmSync('dist', { recursive: true, force: true });

await build({
  entryPoints: { main: 'src/main.ts', 'bench-floor': 'src/bench-floor.ts', 'audit-chain-tools': 'src/audit-chain-tools.ts' },
  outdir: 'dist',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: EXTERNAL,
  alias: { '@pes/contracts': '../contracts/src/index.ts' },
  // CommonJS packages in an ES module bundle: `require` for Node's built-ins, `__dirname` for those that read
  // beside themselves (none of the bundled ones needs it for a feature the server uses).
  banner: {
    js: [
      "import { createRequire as __createRequire } from 'node:module';",
      "import { fileURLToPath as __fileURLToPath } from 'node:url';",
      'const require = __createRequire(import.meta.url);',
      "const __dirname = __fileURLToPath(new URL('.', import.meta.url));",
    ].join(' '),
  },
  logLevel: 'warning',
});
