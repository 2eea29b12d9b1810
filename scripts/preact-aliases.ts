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
 * TanStack Query's parts the widget never uses, each replaced by a stand-in that refuses its use:
 * the MutationCache (src/widget/no-mutation-cache.ts: the widget makes no mutations) and the paged
 * queries' behaviour (src/widget/no-infinite-queries.ts: it asks none). In the widget's builds and
 * in the `preact` Vitest project, which inlines query-core so that this plugin sees its imports.
 */
const QUERY_CORE_STAND_INS: Readonly<Record<string, string>> = {
  './mutationCache.js': fileURLToPath(new URL('../src/widget/no-mutation-cache.ts', import.meta.url)),
  './infiniteQueryBehavior.js': fileURLToPath(new URL('../src/widget/no-infinite-queries.ts', import.meta.url)),
};

export function withoutUnusedQueryParts(): Plugin {
  return {
    name: 'parlay-builder:without-unused-query-parts',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromQueryCore = importer !== undefined && /[\\/]@tanstack[\\/]query-core[\\/]/.test(importer);
      return fromQueryCore && Object.hasOwn(QUERY_CORE_STAND_INS, source) ? QUERY_CORE_STAND_INS[source] : null;
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
 * React's place, the stand-ins for query parts it never uses and the widget flag. Library mode leaves process.env
 * alone, so the libraries' development checks are dropped by naming the mode here.
 */
export function widgetRuntime(): UserConfig {
  return {
    plugins: [withoutUnusedQueryParts()],
    resolve: { alias: PREACT_ALIASES },
    oxc: { jsx: PREACT_JSX },
    define: { 'process.env.NODE_ENV': JSON.stringify('production'), ...WIDGET_FLAG },
  };
}
