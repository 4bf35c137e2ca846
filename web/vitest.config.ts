import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    // Plain Node by default (the locale checks need no DOM); a DOM test opts in with
    // `// @vitest-environment jsdom` at its top.
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
