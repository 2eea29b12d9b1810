import { execFileSync } from 'node:child_process';
import { defineConfig, type Plugin } from 'vite';
import tailwindcss from '@tailwindcss/vite';
import { PREACT_ALIASES, PREACT_JSX } from './scripts/preact-aliases.ts';

// The dev server proxies /api to our server (npm run dev starts both).
const apiTarget = process.env.API_DEV_TARGET ?? 'http://127.0.0.1:5174';

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * Writes the app's first screen (src/prerender-shell.tsx) into the built index.html, so its text is
 * painted with the HTML instead of after the script (it was the page's largest paint, at ~1.9 s on
 * Lighthouse's phone). Rendered in a process of its own (scripts/prerender-shell.mjs). The empty
 * #first-screen-end after it is what index.html's `<link rel="expect" blocking="render">` waits for:
 * with the stylesheet inline nothing else holds the first paint, and a busy parser that yields halfway
 * would paint half the screen, whose later parts then shift the first (CLS 0.03 seen in Lighthouse).
 */
function prerenderAppShell(): Plugin {
  return {
    name: 'prerender-app-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.filename.endsWith('index.html') || !html.includes(ROOT_ELEMENT)) return html;
        const shell = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/prerender-shell.mjs'], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'inherit'],
          timeout: 60_000,
        });
        return html.replace(ROOT_ELEMENT, `<div id="root">${shell}</div><div id="first-screen-end" hidden></div>`);
      },
    },
  };
}

/**
 * The app page's stylesheet goes into its HTML as a <style> (the CSP's style-src already allows inline
 * styles; scripts stay external). With the first screen prerendered, the browser can paint as soon
 * as the HTML is parsed, before the scripts have arrived, instead of after a second round trip for
 * the stylesheet: Lighthouse counted every script that had finished loading by the first paint in
 * its estimate of that paint (issue 22; docs/performance.md). 5.8 KB gzip more per page view, and the
 * file is dropped when nothing else refers to it.
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

export default defineConfig({
  plugins: [tailwindcss(), prerenderAppShell(), inlineAppStylesheet()],
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
    // The app page preloads none of its entry's imports: its first screen is in the HTML and needs no
    // script, and Lighthouse's estimate of the first paint counted every script that had loaded by
    // then (issue 22). The imports load once the entry has, one round trip later. /embed keeps them.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostId, hostType }) =>
        hostType === 'html' && hostId === 'index.html' ? [] : deps,
    },
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
