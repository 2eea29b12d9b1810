import { execFileSync } from 'node:child_process';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { devServer } from './scripts/dev-server.ts';

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * Writes the app's first screen (src/prerender-shell.tsx, React DOM's static renderer) into the
 * built index.html, so its text is painted with the HTML instead of after the script (painted by
 * script, it was the page's largest paint at ~1.9 s on Lighthouse's phone). Rendered in a process
 * of its own (scripts/prerender-shell.mjs). The empty #first-screen-end after it is what the
 * `<link rel="expect" blocking="render">` added to the head waits for: with the stylesheet inline
 * nothing else holds the first paint, and a busy parser that yields halfway would paint half the
 * screen, whose later parts then shift the first (CLS 0.03 seen in Lighthouse). The dev server
 * renders the page in the browser, so it gets neither.
 */
function prerenderAppShell(): Plugin {
  return {
    name: 'prerender-app-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.filename.endsWith('index.html') || !html.includes(ROOT_ELEMENT)) return html;
        const shell = execFileSync(process.execPath, ['scripts/prerender-shell.mjs'], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'inherit'],
          timeout: 60_000,
        });
        return {
          html: html.replace(ROOT_ELEMENT, `<div id="root">${shell}</div><div id="first-screen-end" hidden></div>`),
          tags: [
            {
              tag: 'link',
              attrs: { rel: 'expect', href: '#first-screen-end', blocking: 'render' },
              injectTo: 'head',
            },
          ],
        };
      },
    },
  };
}

/**
 * The app page's stylesheet goes into its HTML as a <style> (the CSP's style-src already allows inline
 * styles; scripts stay external). With the first screen prerendered, the browser can paint as soon
 * as the HTML is parsed, before the scripts have arrived, instead of after a second round trip for
 * the stylesheet: Lighthouse counts every script that has finished loading by the first paint in
 * its estimate of that paint (docs/performance.md). 5.8 KB gzip more per page view, and the file is
 * dropped when nothing else refers to it.
 */
function inlineAppStylesheet(): Plugin {
  return {
    name: 'inline-app-stylesheet',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (page?.type !== 'asset' || typeof page.source !== 'string') return;
      const html = page.source;
      page.source = html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, fileName: string) => {
        const sheet = bundle[fileName];
        if (sheet?.type !== 'asset') return tag;
        const css = String(sheet.source);
        const usedElsewhere = Object.values(bundle).some(
          (output) =>
            output !== sheet &&
            output !== page &&
            (output.type === 'chunk' ? output.code : String(output.source)).includes(fileName.replace(/^assets\//, '')),
        );
        if (!usedElsewhere) Reflect.deleteProperty(bundle, fileName);
        return `<style>${css}</style>`;
      });
    },
  };
}

/**
 * React, React DOM and the scheduler are CommonJS, which Rolldown wraps in `__commonJSMin(((exports) =>
 * {…}))`: a parenthesized arrow, meant as a hint that V8 should compile it ahead, off the main thread.
 * Measured in Chromium 156 on this build, the task that first runs React DOM took ~65 ms of CPU with
 * the arrow and ~30 ms with a `function` expression in the same parentheses (page loads alternated,
 * CPU x1): Lighthouse counts that task four times over on its phone. The wrapper is called plainly,
 * so `this` and `arguments` mean the same in both forms. Rewritten before minification.
 */
function commonJsFunctionWrappers(): Plugin {
  const arrowWrapper = /__commonJSMin\(\(\(([\w$, ]*)\) => \{/g;
  return {
    name: 'commonjs-function-wrappers',
    apply: 'build',
    renderChunk(code) {
      const rewritten = code.replace(arrowWrapper, '__commonJSMin((function($1) {');
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}

/**
 * The app page (index.html -> src/main.tsx) on React 19, with Fast Refresh in `npm run dev`. /embed
 * is built on Preact by vite.embed.config.ts, the widget by vite.widget.config.ts.
 */
export default defineConfig({
  plugins: [react(), tailwindcss(), prerenderAppShell(), inlineAppStylesheet(), commonJsFunctionWrappers()],
  server: devServer(),
  build: {
    outDir: 'dist/app',
    // The page preloads none of its entry's imports: its first screen is in the HTML and needs no
    // script, and Lighthouse's estimate of the first paint counts every script that has loaded by
    // then. The imports load once the entry has, one round trip later.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? [] : deps) },
    sourcemap: false,
    rolldownOptions: {
      input: { main: 'index.html' },
      output: {
        codeSplitting: {
          groups: [
            // Vite's loader of lazy chunks, a file of its own: left in the entry, every lazy chunk would
            // import the entry, and load its stylesheet (inlined into the page) beside it.
            { name: 'preload-helper', test: /vite\/preload-helper/, priority: 3 },
            // Only the answers' parsers use it, and they load with the first answer.
            { name: 'valibot', test: /node_modules[\\/]valibot[\\/]/, priority: 2 },
            // The bet log's database wrapper loads with the log, never with the first screen.
            { name: 'idb', test: /node_modules[\\/]idb[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules/, priority: 1 },
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
});
