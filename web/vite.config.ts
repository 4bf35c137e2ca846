import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const require = createRequire(import.meta.url);
const reactRouterDist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist');

/**
 * Preloads the fonts the first screen draws with (Noto Sans, Latin, regular and semibold): without it they are asked for only
 * once the app has rendered, and the header moves when they arrive (issue 15: layout shift on the home page).
 */
function preloadFirstScreenFonts(): Plugin {
  const firstScreen = [/noto-sans-latin-400-normal-[\w-]+\.woff2$/, /noto-sans-latin-600-normal-[\w-]+\.woff2$/];
  return {
    name: 'pes-preload-first-screen-fonts',
    apply: 'build',
    transformIndexHtml(_html, ctx) {
      const files = Object.keys(ctx.bundle ?? {});
      return firstScreen
        .map((pattern) => files.find((file) => pattern.test(file)))
        .filter((file): file is string => Boolean(file))
        .map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
          injectTo: 'head' as const,
        }));
    },
  };
}

/** `locale-si-errors` for src/locales/si/errors.json and src/locales/si/errors.fines.json; null for any other module. */
function localeChunkName(id: string) {
  const match = /[\\/]locales[\\/](\w+)[\\/](\w+)(?:\.\w+)?\.json$/.exec(id);
  return match ? `locale-${match[1]}-${match[2]}` : null;
}

export default defineConfig(({ mode }) => ({
  plugins: [react(), preloadFirstScreenFonts()],
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
