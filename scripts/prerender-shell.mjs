// Prints the app's first screen as HTML (src/prerender-shell.tsx), rendered on Preact through Vite's
// SSR loader with the app's aliases; vite.config.ts writes it into the built index.html. Its own
// process, ended explicitly: the rendered app leaves timers behind (query cache, batcher) that would
// keep a build alive. Run as `node --import tsx scripts/prerender-shell.mjs`.
import { createServer } from 'vite';
import { PREACT_ALIASES, PREACT_JSX } from './preact-aliases.ts';

const server = await createServer({
  configFile: false,
  appType: 'custom',
  logLevel: 'error',
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  // Nothing to pre-bundle for a browser here.
  optimizeDeps: { noDiscovery: true, include: [] },
  resolve: {
    alias: [{ find: /^react-dom\/server$/, replacement: 'preact/compat/server' }, ...PREACT_ALIASES],
  },
  oxc: { jsx: PREACT_JSX },
  // Bundled in, or Node would load the real React beside Preact for them.
  ssr: { noExternal: ['@tanstack/react-query', 'zustand'] },
});
let exitCode = 0;
try {
  const { renderAppShell } = await server.ssrLoadModule('/src/prerender-shell.tsx');
  process.stdout.write(await renderAppShell());
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await server.close();
}
process.exit(exitCode);
