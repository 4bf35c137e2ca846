// First-load JavaScript of the home page, gzip-compressed: index.html's module script and everything it
// imports statically (its modulepreloads), plus the English i18n chunks it loads: 'common' and 'errors'
// (loaded at start) and 'home' (the home page's own texts), one chunk each; English validation texts are in the main
// bundle. Target ≤ 120 KB. Also checks that the
// police and admin areas are chunks of their own that the home page does not load.
// Builds the web app with a manifest into a temporary folder (the manifest maps sources to chunks);
// BUNDLE_DIST=<dir> measures an existing build made with `vite build --manifest` instead.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROOT, printTable } from './server-process.mjs';

const TARGET_KB = 120;
const START_NAMESPACES = ['common', 'errors', 'home'];
const SEPARATE_AREAS = ['src/features/police/pages.tsx', 'src/features/admin/pages.tsx'];

let dist = process.env.BUNDLE_DIST;
let cleanup = () => {};
if (!dist) {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'pes-bench-web-'));
  cleanup = () => fs.rmSync(dist, { recursive: true, force: true });
  console.log('building the web app with a manifest…');
  execFileSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', dist, '--emptyOutDir', '--manifest', '--logLevel', 'error'],
    {
      cwd: path.join(ROOT, 'web'),
      stdio: 'inherit',
    },
  );
}

try {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('no entry in the manifest');

  // The entry and its static imports, recursively: what index.html loads and modulepreloads.
  const firstLoad = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || firstLoad.has(chunk.file)) return;
    firstLoad.add(chunk.file);
    (chunk.imports ?? []).forEach(visit);
  };
  visit(entryKey);
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const htmlScripts = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g)].map((m) => m[1]);
  for (const file of htmlScripts) if (!firstLoad.has(file)) throw new Error(`index.html loads ${file}, which the manifest does not list`);

  // The build puts each language's namespace in one chunk, named locale-<language>-<namespace> (web/vite.config.ts).
  const i18nFiles = Object.values(manifest)
    .filter((chunk) => START_NAMESPACES.some((ns) => chunk.name === `locale-en-${ns}`))
    .map((chunk) => chunk.file);
  if (i18nFiles.length !== START_NAMESPACES.length) throw new Error(`expected ${START_NAMESPACES.length} English start chunks, found ${i18nFiles.length}`);

  const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  const br = (file) => zlib.brotliCompressSync(fs.readFileSync(path.join(dist, file))).length;
  const raw = (file) => fs.statSync(path.join(dist, file)).size;
  const sum = (files, f) => [...files].reduce((n, file) => n + f(file), 0);
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

  const jsGz = sum(firstLoad, gz);
  const i18nGz = sum(i18nFiles, gz);
  const total = jsGz + i18nGz;
  const all = [...firstLoad, ...i18nFiles];

  const rows = [
    { measure: `entry + static imports (${firstLoad.size} files), gzip`, value: kb(jsGz) },
    { measure: `English ${START_NAMESPACES.join(' + ')} i18n chunks (${i18nFiles.length}), gzip`, value: kb(i18nGz) },
    { measure: 'first-load JavaScript, gzip', value: kb(total), target: `≤ ${TARGET_KB} KB`, ok: total <= TARGET_KB * 1024 },
    { measure: 'first-load JavaScript, brotli (as served)', value: kb(sum(all, br)) },
    { measure: 'first-load JavaScript, uncompressed', value: kb(sum(all, raw)) },
  ];
  for (const area of SEPARATE_AREAS) {
    const chunk = manifest[area];
    const separate = Boolean(chunk?.isDynamicEntry) && !firstLoad.has(chunk.file);
    rows.push({
      measure: `${area.split('/')[2]} area: own chunk, not on first load`,
      value: chunk ? `${chunk.file} (${kb(gz(chunk.file))} gzip)` : 'no chunk',
      target: 'separate',
      ok: separate,
    });
  }
  const ok = printTable('Home page first load (web build)', rows);
  process.exitCode = ok ? 0 : 1;
} finally {
  cleanup();
}
