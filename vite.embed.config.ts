/**
 * /embed (embed.html -> src/embed.tsx): the widget as a page, for affiliates who frame it. It ships
 * on Preact like the <parlay-builder> script (scripts/preact-aliases.ts): it is the reader's
 * download inside someone else's article, and it renders the widget's components only. Built after
 * the app (scripts/build.mjs) into the same dist/app, whose server serves both pages; its chunks
 * share nothing with the app's, as the two pages run on different runtimes.
 */
import { defineConfig, mergeConfig } from 'vite';
import tailwindcss from '@tailwindcss/vite';
import { devServer } from './scripts/dev-server.ts';
import { widgetRuntime } from './scripts/preact-aliases.ts';

export default mergeConfig(
  widgetRuntime(),
  defineConfig({
    plugins: [tailwindcss()],
    // The app's build copies public/ and empties dist/app first.
    publicDir: false,
    // `npm run dev -- --widget` (scripts/dev.mjs): /embed.html on Preact, as it ships.
    server: devServer(),
    build: {
      outDir: 'dist/app',
      emptyOutDir: false,
      sourcemap: false,
      rolldownOptions: {
        input: { embed: 'embed.html' },
        output: { codeSplitting: { groups: [{ name: 'embed-vendor', test: /node_modules/ }] } },
        onLog(level, log, handler) {
          // TanStack Query's "use client" directives mean nothing in a browser bundle.
          if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
          handler(level, log);
        },
      },
    },
  }),
);
