import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const require = createRequire(import.meta.url);
const reactRouterDist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist');

export default defineConfig(({ mode }) => ({
  plugins: [react()],
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
  },
}));
