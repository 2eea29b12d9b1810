/**
 * The preact project really renders with Preact: `react` and `react-dom` are preact/compat, and
 * components (the libraries' hooks included) go through Preact's render, whose option hooks see them.
 */
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { options, type VNode } from 'preact';
import * as PreactCompat from 'preact/compat';
import * as PreactCompatClient from 'preact/compat/client';
import * as React from 'react';
import * as ReactDom from 'react-dom';
import * as ReactDomClient from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { create } from 'zustand';

/** The names of the function components Preact renders while `run` runs. */
function componentsRenderedBy(run: () => void): string[] {
  const seen: string[] = [];
  const previous = options.diffed;
  options.diffed = (vnode: VNode) => {
    if (typeof vnode.type === 'function') seen.push(vnode.type.name);
    previous?.(vnode);
  };
  try {
    run();
  } finally {
    options.diffed = previous;
  }
  return seen;
}

const useCounter = create<{ count: number }>(() => ({ count: 3 }));

function Greeting() {
  const [name] = React.useState('Preact');
  return <p>Hello {name}</p>;
}

function FromLibraries() {
  const count = useCounter((state) => state.count);
  const { data } = useQuery({ queryKey: ['answer'], queryFn: () => 42, initialData: 42 });
  return (
    <p>
      {count} and {data}
    </p>
  );
}

describe('the preact project', () => {
  afterEach(() => {
    useCounter.setState({ count: 3 });
  });

  it('resolves react and react-dom to preact/compat', () => {
    expect(React).toBe(PreactCompat);
    expect(ReactDom).toBe(PreactCompat);
    expect(ReactDomClient).toBe(PreactCompatClient);
    expect(React.StrictMode).toBe(React.Fragment);
  });

  it('renders components with Preact', () => {
    const rendered = componentsRenderedBy(() => render(<Greeting />));
    expect(screen.getByText('Hello Preact')).toBeInTheDocument();
    expect(rendered).toContain('Greeting');
  });

  it('runs the hooks of TanStack Query and Zustand on Preact', () => {
    const rendered = componentsRenderedBy(() =>
      render(
        <QueryClientProvider client={new QueryClient()}>
          <FromLibraries />
        </QueryClientProvider>,
      ),
    );
    expect(screen.getByText('3 and 42')).toBeInTheDocument();
    expect(rendered).toEqual(expect.arrayContaining(['QueryClientProvider', 'FromLibraries']));
  });
});

describe('TanStack Query as the widget ships it', () => {
  it('runs on the widget’s MutationCache stand-in, which a query client lives with and a mutation cannot use', async () => {
    const { MutationCache } = await import('../widget/no-mutation-cache.ts');
    const client = new QueryClient();
    expect(client.getMutationCache()).toBeInstanceOf(MutationCache);
    client.mount();
    expect(client.isMutating()).toBe(0);
    await expect(client.resumePausedMutations()).resolves.toBeUndefined();
    await expect(client.fetchQuery({ queryKey: ['answer'], queryFn: () => 42 })).resolves.toBe(42);
    expect(() => client.getMutationCache().build(client, {})).toThrow(/makes no mutations/);
    client.clear();
    client.unmount();
  });

  it('asks plain queries and refuses an infinite one, whose page logic it leaves out', async () => {
    const client = new QueryClient();
    await expect(client.fetchQuery({ queryKey: ['plain'], queryFn: () => 'one page' })).resolves.toBe('one page');
    await expect(
      client.fetchInfiniteQuery({
        queryKey: ['paged'],
        queryFn: () => 'a page',
        initialPageParam: 0,
        getNextPageParam: () => 1,
      }),
    ).rejects.toThrow(/asks no infinite queries/);
    client.clear();
  });
});
