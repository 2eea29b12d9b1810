import { QueryClient, QueryClientProvider, type QueryObserverResult } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { StrictMode, useCallback, useEffect, useMemo } from 'react';
import { describe, expect, it } from 'vitest';
import { useCombinedQueries } from './use-combined-queries.ts';

/** The scores of some games, one query each, shown as one line; notes the line at each commit. */
function Scores({ games, commits }: { games: readonly string[]; commits: string[] }) {
  const queries = useMemo(
    () =>
      games.map((game) => ({
        queryKey: ['score', game],
        queryFn: () => Promise.resolve(`${game} 3-1`),
        staleTime: Number.POSITIVE_INFINITY,
      })),
    [games],
  );
  const combine = useCallback(
    (results: QueryObserverResult<string>[]) => results.map((result) => result.data ?? 'asking').join(', '),
    [],
  );
  const line = useCombinedQueries(queries, combine);
  useEffect(() => {
    commits.push(line);
  });
  return <p>{line}</p>;
}

function renderScores(queryClient: QueryClient, games: readonly string[], commits: string[]) {
  const ui = (shown: readonly string[]) => (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Scores games={shown} commits={commits} />
      </QueryClientProvider>
    </StrictMode>
  );
  const view = render(ui(games));
  return { rerender: (shown: readonly string[]) => view.rerender(ui(shown)) };
}

/** Lets queued notifications (the query client's batches) and fetches settle. */
async function settle(): Promise<void> {
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, 100)));
}

describe('useCombinedQueries', () => {
  it('renders a change of queries once when their answers are already held (useQueries renders twice)', async () => {
    const queryClient = new QueryClient();
    for (const game of ['Lakers', 'Celtics', 'Knicks']) queryClient.setQueryData(['score', game], `${game} 2-0`);
    const commits: string[] = [];
    const { rerender } = renderScores(queryClient, ['Lakers', 'Celtics'], commits);
    await settle();
    expect(screen.getByText('Lakers 2-0, Celtics 2-0')).toBeInTheDocument();

    commits.length = 0;
    rerender(['Lakers', 'Celtics', 'Knicks']);
    await settle();
    expect(screen.getByText('Lakers 2-0, Celtics 2-0, Knicks 2-0')).toBeInTheDocument();
    expect(commits).toEqual(['Lakers 2-0, Celtics 2-0, Knicks 2-0']);
  });

  it('shows a new query as asked, then its answer when it comes', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['score', 'Lakers'], 'Lakers 2-0');
    const commits: string[] = [];
    const { rerender } = renderScores(queryClient, ['Lakers'], commits);
    await settle();

    commits.length = 0;
    rerender(['Lakers', 'Nets']);
    expect(screen.getByText('Lakers 2-0, asking')).toBeInTheDocument();
    expect(await screen.findByText('Lakers 2-0, Nets 3-1')).toBeInTheDocument();
    await settle();
    expect(commits).toEqual(['Lakers 2-0, asking', 'Lakers 2-0, Nets 3-1']);
  });
});
