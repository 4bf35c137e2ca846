import { createRequire } from 'node:module';
import path from 'node:path';
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

/** The areas whose page header the boot shell draws (index.html), by their module under src/, and the shared query cache. */
const SHELL_AREAS = {
  auth: 'features/auth/pages.tsx',
  clearance: 'features/clearance/pages.tsx',
  anonymous: 'features/anonymous/pages.tsx',
  query: 'lib/query.tsx',
};

/**
 * Fills the boot shell's `preloads` table (index.html): for each area the shell knows, the JavaScript files its page
 * needs beyond the entry's own (which the page's head already preloads), and for each language and namespace its
 * texts' files. The shell's script starts fetching the opened page's files with the page itself, rather than once
 * the entry has arrived and run (on a slow phone, a whole round of downloads sooner).
 */
function preloadShellAreas(): Plugin {
  const PLACEHOLDER = 'var preloads = {};';
  return {
    name: 'pes-preload-shell-areas',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!html.includes(PLACEHOLDER)) throw new Error(`index.html: the boot shell's "${PLACEHOLDER}" is missing`);
        const chunks = Object.values(ctx.bundle ?? {}).filter((file) => file.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        /** A chunk's file and those it imports, statically, all the way down. */
        const withImports = (fileName: string, into = new Set<string>()): Set<string> => {
          if (into.has(fileName)) return into;
          into.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) withImports(imported, into);
          return into;
        };
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) throw new Error('no entry chunk');
        const inEntry = withImports(entry.fileName);
        const beyondEntry = (fileName: string) => [...withImports(fileName)].filter((file) => !inEntry.has(file));
        const preloads: Record<string, string[]> = {};
        for (const [area, module] of Object.entries(SHELL_AREAS)) {
          const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(`/src/${module}`));
          if (!chunk) throw new Error(`no chunk for src/${module}`);
          preloads[area] = beyondEntry(chunk.fileName);
        }
        for (const chunk of chunks) {
          const locale = /^locale-(\w+)-(\w+)$/.exec(chunk.name);
          if (locale) preloads[`${locale[1]}:${locale[2]}`] = beyondEntry(chunk.fileName);
        }
        return html.replace(PLACEHOLDER, `var preloads = ${JSON.stringify(preloads)};`);
      },
    },
  };
}

/** `locale-si-errors` for src/locales/si/errors.json and src/locales/si/errors.fines.json; null for any other module. */
function localeChunkName(id: string) {
  const match = /[\\/]locales[\\/](\w+)[\\/](\w+)(?:\.\w+)?\.json$/.exec(id);
  return match ? `locale-${match[1]}-${match[2]}` : null;
}

export default defineConfig(({ mode }) => ({
  plugins: [react(), preloadFirstScreenFonts(), preloadShellAreas()],
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
