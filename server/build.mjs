// Bundles the server (with the contracts package) into dist/main.js; node_modules stay external. Beside it,
// dist/bench-floor.js: the bare server the benchmark compares the hot routes with (src/bench-floor.ts).
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/main.ts', 'bench-floor': 'src/bench-floor.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  alias: { '@pes/contracts': '../contracts/src/index.ts' },
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
