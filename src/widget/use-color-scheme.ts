/**
 * The colour scheme a widget shows: its `theme`, with `auto` resolved from the visitor's system
 * setting (and followed when it changes). Resolving here lets the stylesheet write the dark palette
 * once, for `dark` and for `auto` on a dark system alike.
 */
import { useSyncExternalStore } from 'react';
import type { Theme } from './attributes.ts';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function darkQuery(): MediaQueryList | null {
  return typeof window === 'undefined' || typeof window.matchMedia !== 'function'
    ? null
    : window.matchMedia(DARK_QUERY);
}

function subscribe(onChange: () => void): () => void {
  const query = darkQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const systemPrefersDark = () => darkQuery()?.matches ?? false;

export function useColorScheme(theme: Theme): 'light' | 'dark' {
  const prefersDark = useSyncExternalStore(subscribe, systemPrefersDark, () => false);
  if (theme === 'auto') return prefersDark ? 'dark' : 'light';
  return theme;
}
