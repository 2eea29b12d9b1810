/**
 * Vite's dev server as `npm run dev` runs it (scripts/dev.mjs), for the app page's config and the
 * widget's (/embed): /api and /health go to our server, and the folders the pages never import from
 * are not watched. Our server and the sandbox are tsx watch's: an edit there restarts the API
 * server, and the page has nothing to reload.
 */
import { fileURLToPath } from 'node:url';
import type { ServerOptions } from 'vite';

const NOT_THE_PAGES = ['server', 'sandbox', 'e2e', 'bench', 'docs', 'dist', 'test-results', 'playwright-report'];

export function devServer(): ServerOptions {
  const apiTarget = process.env.API_DEV_TARGET ?? 'http://127.0.0.1:5174';
  return {
    proxy: { '/api': apiTarget, '/health': apiTarget },
    watch: { ignored: NOT_THE_PAGES.map((folder) => `${fileURLToPath(new URL(`../${folder}`, import.meta.url))}/**`) },
  };
}
