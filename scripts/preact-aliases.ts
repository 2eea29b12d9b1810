/**
 * React aliased to Preact: the widget build ships on these (vite.widget.config.ts), and the `preact`
 * Vitest project tests on the very same list (vitest.config.ts), so the two cannot drift.
 */
import type { Alias } from 'vite';

export const PREACT_ALIASES: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
];

/** JSX compiled to `react/jsx-runtime` calls, which the aliases above turn into Preact's. */
export const PREACT_JSX = { runtime: 'automatic', importSource: 'react' } as const;
