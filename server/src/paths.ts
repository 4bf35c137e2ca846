import fs from 'node:fs';
import path from 'node:path';

/** The server package folder, whether running from src/ (tsx, tests) or from the dist/ bundle. */
function findServerRoot(from: string) {
  let dir = from;
  for (let i = 0; i < 5; i++) {
    if (fs.existsSync(path.join(dir, 'drizzle.config.ts'))) return dir;
    dir = path.dirname(dir);
  }
  throw new Error(`server package root not found above ${from}`);
}

export const SERVER_ROOT = findServerRoot(import.meta.dirname);
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');
export const DEFAULT_WEB_DIST_DIR = path.resolve(SERVER_ROOT, '../web/dist');
