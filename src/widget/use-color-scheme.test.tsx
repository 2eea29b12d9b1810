import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Theme } from './attributes.ts';
import { useColorScheme } from './use-color-scheme.ts';

function Scheme({ theme }: { theme: Theme }) {
  return <p>{useColorScheme(theme)}</p>;
}

/** A system colour-scheme setting the test can flip, as the visitor's operating system would. */
function stubSystemScheme(initiallyDark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: initiallyDark,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (text: string) => {
    expect(text).toBe('(prefers-color-scheme: dark)');
    return query;
  });
  return (dark: boolean) => {
    query.matches = dark;
    listeners.forEach((listener) => listener());
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('useColorScheme', () => {
  it('shows the theme as given when it is light or dark, whatever the system says', () => {
    stubSystemScheme(true);
    render(<Scheme theme="light" />);
    expect(screen.getByText('light')).toBeInTheDocument();
  });

  it('follows the system for auto, also when the system setting changes', () => {
    const setSystemDark = stubSystemScheme(true);
    render(<Scheme theme="auto" />);
    expect(screen.getByText('dark')).toBeInTheDocument();
    act(() => setSystemDark(false));
    expect(screen.getByText('light')).toBeInTheDocument();
  });
});
