/**
 * The render-cost harness (bench/render.mjs): the real price grid in a page of its own, built on
 * preact/compat with the app's own aliases (scripts/preact-aliases.ts), so the bench measures the
 * renderer users run. Benchmark only: it is built into bench/tmp/, never into dist/.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import tailwindcss from '@tailwindcss/vite';
import { PREACT_ALIASES, PREACT_JSX } from '../../scripts/preact-aliases.ts';

const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: here,
  plugins: [tailwindcss()],
  resolve: { alias: PREACT_ALIASES },
  oxc: { jsx: PREACT_JSX },
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../tmp/harness-dist', import.meta.url)),
    emptyOutDir: true,
    // Readable component names in the counts; the code runs the same either way.
    minify: false,
    sourcemap: false,
  },
});
