/**
 * The embeddable widget: an ES module (dist/widget/parlay-builder.mjs: code, CSS and the UI runtime
 * of the first paint) whose later parts (the price grids, a game's full market list) load from
 * chunks/ when first needed, and the classic script host pages include (parlay-builder.js, a few
 * hundred bytes that import the module from beside it).
 *
 * It runs inside other people's pages, where every kilobyte is theirs: React is aliased to
 * preact/compat (scripts/preact-aliases.ts, shared with /embed's build and the `preact` Vitest
 * project), the same components on a ~4 KB runtime instead of React DOM's ~60 KB, which keeps the
 * first paint inside its 45 KB gzip budget (scripts/check-size.mjs).
 */
import { defineConfig, mergeConfig } from 'vite';
import tailwindcss from '@tailwindcss/vite';
import { widgetRuntime } from './scripts/preact-aliases.ts';

/** The classic scripts a host page includes, by entry: each stays one file of its own. */
const HOST_SCRIPTS: Readonly<Record<string, string>> = { loader: 'parlay-builder.js', frame: 'parlay-frame.js' };
/** Their sources, kept out of the widget's first-paint chunk (the frame script's messages too). */
const HOST_SCRIPT_SOURCES = /src[\\/]widget[\\/](loader|frame-host|embed-messages)\.ts$/;

export default mergeConfig(
  widgetRuntime(),
  defineConfig({
    plugins: [tailwindcss()],
    publicDir: false,
    build: {
      outDir: 'dist/widget',
      emptyOutDir: true,
      sourcemap: false,
      minify: true,
      target: 'es2022',
      lib: {
        entry: { loader: 'src/widget/loader.ts', module: 'src/widget/index.ts', frame: 'src/widget/frame-host.ts' },
        formats: ['es'],
        // The loader and the frame script have no imports or exports, so their ES output is a classic script.
        fileName: (_format, entryName) => HOST_SCRIPTS[entryName] ?? 'parlay-builder.mjs',
      },
      rolldownOptions: {
        output: {
          chunkFileNames: 'chunks/[name]-[hash].mjs',
          // A classic script's top-level names are the host page's: each runs in a function of its own
          // (a host's own `let e` beside a minified `const e` of ours would stop ours from running).
          banner: (chunk) => (chunk.isEntry && chunk.name in HOST_SCRIPTS ? '(()=>{' : ''),
          footer: (chunk) => (chunk.isEntry && chunk.name in HOST_SCRIPTS ? '})();' : ''),
          minify: true,
          // Library mode keeps `@__PURE__` marks for a bundler downstream; the widget is served as
          // built, so they were only bytes (~200 in the first paint). Licence comments stay.
          comments: { legal: true, annotation: false, jsdoc: false },
          codeSplitting: {
            groups: [
              // What the first paint imports, in one file beside the module rather than a dozen small
              // ones (each compressed alone, and each a request): smaller in all, and one round trip.
              // The loader (the other entry) stays a classic script of its own.
              {
                debugName: 'first-paint',
                name: (id) => (HOST_SCRIPT_SOURCES.test(id) ? null : 'first-paint'),
                tags: ['$initial'],
              },
              // The schema library beside our schemas: loaded together with the first answer.
              { name: 'schemas', test: /node_modules[\\/]valibot[\\/]|src[\\/]api[\\/]parse[\\/]schemas\.ts/ },
            ],
          },
        },
        onLog(level, log, handler) {
          // TanStack Query's "use client" directives mean nothing in a browser bundle.
          if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
          handler(level, log);
        },
      },
    },
  }),
);
