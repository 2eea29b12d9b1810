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
 * Lighthouse's phone). Rendered in a process of its own (scripts/prerender-shell.mjs).
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
        return html.replace(ROOT_ELEMENT, `<div id="root">${shell}</div>`);
      },
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), prerenderAppShell()],
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
