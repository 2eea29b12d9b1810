// npm run build: the app page (React), then /embed into the same dist/app, then the widget (both on
// Preact). The one list of builds: npm start's rebuild, the e2e run and the bench build through it.
export const BUILD_CONFIGS = ['vite.config.ts', 'vite.embed.config.ts', 'vite.widget.config.ts'];
/** Where those builds write: what the server sends, compressed once here (scripts/precompress.mjs). */
const BUILD_ROOTS = ['dist/app', 'dist/widget'];

/** Builds everything users download; `logLevel` as Vite's (the default prints every file). */
export async function buildAll({ logLevel = 'info' } = {}) {
  // Loaded here, not at the top: npm start imports the list above on every start.
  const { build } = await import('vite');
  for (const configFile of BUILD_CONFIGS) await build({ configFile, logLevel });
  const { precompress } = await import('./precompress.mjs');
  const compressed = await precompress(BUILD_ROOTS);
  if (logLevel === 'info') console.log(`Compressed ahead (brotli, gzip): ${compressed} files.`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll({ logLevel: process.argv.includes('--quiet') ? 'warn' : 'info' });
}
