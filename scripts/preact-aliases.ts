/**
 * React aliased to Preact: the widget build ships on these (vite.widget.config.ts), and the `preact`
 * Vitest project tests on the very same list (vitest.config.ts), so the two cannot drift.
 */
import { fileURLToPath } from 'node:url';
import type { Alias, Plugin } from 'vite';

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
 * mutations): in the widget build and in the `preact` Vitest project, which inlines query-core so
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
