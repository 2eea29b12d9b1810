/**
 * The embeddable widget: one self-contained script (dist/widget/parlay-builder.js, classic script,
 * everything included: code, CSS, and the UI runtime) plus an ES module build (parlay-builder.mjs).
 *
 * React is aliased to preact/compat here, and only here: the same components, a 4 KB runtime
 * instead of React DOM's ~60 KB, which is what keeps the script inside its 60 KB gzip budget
 * (scripts/check-size.mjs). The app itself keeps React.
 */
import { defineConfig } from 'vite';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [tailwindcss()],
  resolve: {
    alias: [
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
    ],
  },
  // Library mode leaves process.env alone; the libraries read it to drop their development checks.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  publicDir: false,
  build: {
    outDir: 'dist/widget',
    emptyOutDir: true,
    sourcemap: false,
    minify: true,
    target: 'es2022',
    lib: {
      entry: 'src/widget/index.ts',
      name: 'ParlayBuilder',
      formats: ['iife', 'es'],
      fileName: (format) => (format === 'es' ? 'parlay-builder.mjs' : 'parlay-builder.js'),
    },
    rolldownOptions: {
      // One file per format: the lazily loaded parts of the app are inlined.
      output: { codeSplitting: false, minify: true },
      onLog(level, log, handler) {
        // TanStack Query's "use client" directives mean nothing in a browser bundle, and the classic
        // script's empty import.meta is expected (it finds its origin from document.currentScript).
        if (log.code === 'MODULE_LEVEL_DIRECTIVE' || log.code === 'EMPTY_IMPORT_META') return;
        handler(level, log);
      },
    },
  },
});
