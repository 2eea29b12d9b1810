import { defineConfig } from 'vite';
import tailwindcss from '@tailwindcss/vite';
import { PREACT_ALIASES, PREACT_JSX } from './scripts/preact-aliases.ts';

// The dev server proxies /api to our server (npm run dev starts both).
const apiTarget = process.env.API_DEV_TARGET ?? 'http://127.0.0.1:5174';

export default defineConfig({
  plugins: [tailwindcss()],
  // The app ships on preact/compat, as the widget does (scripts/preact-aliases.ts; the `preact` Vitest
  // project runs every component test on it): React DOM alone was 67 of the 100 KB gzip the page
  // loaded before first paint, Preact's runtime is ~5 KB, and the components are the same.
  resolve: { alias: PREACT_ALIASES },
  oxc: { jsx: PREACT_JSX },
  server: {
    proxy: { '/api': apiTarget, '/health': apiTarget },
  },
  build: {
    outDir: 'dist/app',
    sourcemap: false,
    // Two pages: the app, and /embed (the builder for iframes; see src/embed.tsx).
    rolldownOptions: {
      input: { main: 'index.html', embed: 'embed.html' },
      output: { codeSplitting: { groups: [{ name: 'vendor', test: /node_modules/ }] } },
      onLog(level, log, handler) {
        // TanStack Query's "use client" directives mean nothing in a browser bundle.
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        handler(level, log);
      },
    },
  },
});
