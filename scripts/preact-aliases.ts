/**
 * React aliased to Preact: what the widget and /embed ship on (vite.widget.config.ts,
 * vite.embed.config.ts), and what the `preact` Vitest project tests on (vitest.config.ts), so the
 * three cannot drift. The app page ships on React itself (vite.config.ts).
 */
import { fileURLToPath } from 'node:url';
import type { Alias, Plugin, UserConfig } from 'vite';

export const PREACT_ALIASES: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
];

/** JSX compiled to `react/jsx-runtime` calls, which the aliases above turn into Preact's. */
export const PREACT_JSX = { runtime: 'automatic', importSource: 'react' } as const;

/**
 * TanStack Query's MutationCache, replaced by src/widget/no-mutation-cache.ts (the widget makes no
 * mutations): in the widget's builds and in the `preact` Vitest project, which inlines query-core so
 * that this plugin sees its imports.
 */
export function withoutMutationCache(): Plugin {
  const standIn = fileURLToPath(new URL('../src/widget/no-mutation-cache.ts', import.meta.url));
  return {
    name: 'parlay-builder:no-mutation-cache',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromQueryCore = importer !== undefined && /[\\/]@tanstack[\\/]query-core[\\/]/.test(importer);
      return fromQueryCore && source === './mutationCache.js' ? standIn : null;
    },
  };
}

/**
 * Leaves out what only the app offers (price alerts: a reader in an article has no use for a
 * notification while the page stays open): src/build-flags.d.ts.
 */
export const WIDGET_FLAG = { 'import.meta.env.PB_WIDGET': JSON.stringify(true) };

/**
 * What the widget's two builds share (the <parlay-builder> script and the /embed page): Preact in
 * React's place, the MutationCache stand-in and the widget flag. Library mode leaves process.env
 * alone, so the libraries' development checks are dropped by naming the mode here.
 */
export function widgetRuntime(): UserConfig {
  return {
    plugins: [withoutMutationCache()],
    resolve: { alias: PREACT_ALIASES },
    oxc: { jsx: PREACT_JSX },
    define: { 'process.env.NODE_ENV': JSON.stringify('production'), ...WIDGET_FLAG },
  };
}
