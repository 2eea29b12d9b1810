/**
 * The render-cost harness (bench/render.mjs): the real price grid in a page of its own, on React as
 * the app ships it, with React DOM's profiling build so <Profiler> reports timings in production
 * mode. Benchmark only: it is built into bench/tmp/, never into dist/.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: here,
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [{ find: /^react-dom\/client$/, replacement: 'react-dom/profiling' }],
  },
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../tmp/harness-dist', import.meta.url)),
    emptyOutDir: true,
    // Readable component names in the counts; the code runs the same either way.
    minify: false,
    sourcemap: false,
  },
});
