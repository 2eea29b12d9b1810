// Prints the app's first screen as HTML (src/prerender-shell.tsx), rendered with React DOM through
// Vite's SSR loader (the app's own module graph: its CSS imports, import.meta.env); vite.config.ts
// writes it into the built index.html. Its own process, ended explicitly: the rendered app leaves
// timers behind (query cache, batcher) that would keep a build alive. Run as `node scripts/prerender-shell.mjs`.
import { createServer } from 'vite';

const server = await createServer({
  configFile: false,
  appType: 'custom',
  logLevel: 'error',
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  // Nothing to pre-bundle for a browser here.
  optimizeDeps: { noDiscovery: true, include: [] },
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
