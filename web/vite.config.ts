import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const require = createRequire(import.meta.url);
const reactRouterDist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist');

/** Noto Sans's Latin subset (@fontsource/noto-sans's own unicode-range for its latin files). */
const LATIN_RANGE =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';

/**
 * Preloads the fonts the first screen draws with (Noto Sans, Latin, regular and semibold): without it they are asked for only
 * once the app has rendered, and the header moves when they arrive (issue 15: layout shift on the home page).
 * The same two files are also 'Noto Sans Boot', which the boot shell's page header uses (index.html): that face waits
 * for them (font-display: block; they are preloaded, 13 KB each) rather than drawing the header in a fallback font first,
 * so its text does not reflow when they arrive, and the app's header that replaces it is the same size.
 */
function preloadFirstScreenFonts(): Plugin {
  const firstScreen = [
    { pattern: /noto-sans-latin-400-normal-[\w-]+\.woff2$/, weight: 400 },
    { pattern: /noto-sans-latin-600-normal-[\w-]+\.woff2$/, weight: 600 },
  ];
  return {
    name: 'pes-preload-first-screen-fonts',
    apply: 'build',
    transformIndexHtml(_html, ctx) {
      const files = Object.keys(ctx.bundle ?? {});
      const fonts = firstScreen.flatMap(({ pattern, weight }) => {
        const file = files.find((f) => pattern.test(f));
        return file ? [{ href: `/${file}`, weight }] : [];
      });
      const bootFaces = fonts
        .map(
          ({ href, weight }) =>
            `@font-face{font-family:'Noto Sans Boot';font-style:normal;font-weight:${weight};font-display:block;src:url(${href}) format('woff2');unicode-range:${LATIN_RANGE}}`,
        )
        .join('');
      return [
        ...fonts.map(({ href }) => ({
          tag: 'link',
          attrs: { rel: 'preload', href, as: 'font', type: 'font/woff2', crossorigin: '' },
          injectTo: 'head' as const,
        })),
        ...(bootFaces ? [{ tag: 'style', children: bootFaces, injectTo: 'head' as const }] : []),
      ];
    },
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, which the server sends as they
 * are (@fastify/static's preCompressed). Compressing at the best levels takes seconds of CPU: done here once, not by
 * the server at the first request after each start, where it held back the first visitor's page (the stylesheet
 * waited behind the scripts' compression) and took CPU from the requests around it.
 */
function precompressBuild(): Plugin {
  const compressible = /\.(js|mjs|css|html|svg|json|txt)$/;
  return {
    name: 'pes-precompress-build',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => compressible.test(file))
          .map(async (file) => {
            const target = path.join(outDir, file);
            const raw = await fs.readFile(target);
            const [br, gz] = await Promise.all([
              brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
              gzip(raw, { level: 9 }),
            ]);
            // A copy no smaller than the file itself would only cost the reader decompression.
            if (br.length < raw.length) await fs.writeFile(`${target}.br`, br);
            if (gz.length < raw.length) await fs.writeFile(`${target}.gz`, gz);
          }),
      );
    },
  };
}

/** `locale-si-errors` for src/locales/si/errors.json and src/locales/si/errors.fines.json; null for any other module. */
function localeChunkName(id: string) {
  const match = /[\\/]locales[\\/](\w+)[\\/](\w+)(?:\.\w+)?\.json$/.exec(id);
  return match ? `locale-${match[1]}-${match[2]}` : null;
}

export default defineConfig(({ mode }) => ({
  plugins: [react(), preloadFirstScreenFonts(), precompressBuild()],
  resolve: {
    // react-router's package exports only point at its development build; builds use its production one.
    alias:
      mode === 'production'
        ? [
            { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'production/dom-export.mjs') },
            { find: /^react-router$/, replacement: path.join(reactRouterDist, 'production/index.mjs') },
          ]
        : [],
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // Fonts stay files: the page's CSP allows fonts from the site only (font-src 'self'), not data: URLs.
    assetsInlineLimit: (file: string) => (file.endsWith('.woff2') ? false : undefined),
    rolldownOptions: {
      output: {
        // Fewer, fuller requests on a slow phone: a namespace's texts in one language are one file however many
        // features contribute to it (errors.fines.json, errors.files.json…).
        codeSplitting: {
          groups: [{ name: localeChunkName, debugName: 'locales' }],
        },
      },
    },
  },
}));
