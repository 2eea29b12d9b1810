import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SlipLeg } from '../../../domain/slip.ts';
import { useSlip } from '../../../state/app-stores-context.tsx';
import type { Sportsbook } from '../../../domain/sportsbooks.ts';
import { createSandboxFetch, renderWithApp } from '../../../test/render-with-app.tsx';
import { PriceGrid } from '../price-grid.tsx';
import {
  gridCell,
  loadSandboxGames,
  moneylineLeg,
  recordParlayRequests,
  SlipProbe,
  type SandboxGame,
} from '../../../test/price-grid.tsx';

const BOOKS: Sportsbook[] = ['BetMGM', 'DraftKings', 'Novig'];
let slip: SlipLeg[];

beforeAll(async () => {
  const [first, second] = (await loadSandboxGames(2)) as [SandboxGame, SandboxGame];
  slip = [moneylineLeg(first), moneylineLeg(second)];
});

afterEach(() => onlineManager.setOnline(true));

function jsonError(status: number, error: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ error }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function isParlayRequest(input: RequestInfo | URL): boolean {
  return String(input instanceof Request ? input.url : input).includes('/parlay/odds');
}

/** The sandbox, except that every pricing request (recorded as sent) is refused with a 401. */
function refusingPricing(onRequest: (request: Request) => void): typeof fetch {
  const sandboxFetch = createSandboxFetch({ onRequest });
  return (input, init) =>
    isParlayRequest(input)
      ? sandboxFetch(input, init).then(() => jsonError(401, 'Invalid or inactive API key'))
      : sandboxFetch(input, init);
}

/** Fills in the slip's legs' games, as the slip does once a share link's legs' odds arrive. */
function LearnGamesButton({ games }: { games: readonly SlipLeg[] }) {
  const gameLearned = useSlip((state) => state.gameLearned);
  const learn = () => {
    for (const leg of games) if (leg.game) gameLearned(leg.fixtureId, leg.game);
  };
  return (
    <button type="button" onClick={learn}>
      Learn games
    </button>
  );
}

describe('Whole-request failures', () => {
  it('shows one banner for an unauthorised server, keeps the slip, and can try again', async () => {
    const user = userEvent.setup();
    const requests = recordParlayRequests();
    const refusingFetch = refusingPricing(requests.onRequest);
    renderWithApp(
      <>
        <PriceGrid />
        <SlipProbe />
      </>,
      { initialState: { legs: slip, books: BOOKS }, fetch: refusingFetch },
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Odds service refused access');
    expect(alert).toHaveTextContent('Your slip is kept.');
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(1));
    for (const book of BOOKS) expect(gridCell('Parlay', book)).toHaveTextContent('Request failed');
    expect(within(screen.getByRole('list', { name: 'Slip probe' })).getAllByRole('listitem')).toHaveLength(2);

    const before = requests.count;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(requests.count).toBe(before + BOOKS.length));
  });

  it('keeps the message and asks no book again when a share link’s legs learn their games', async () => {
    const requests = recordParlayRequests();
    const refusingFetch = refusingPricing(requests.onRequest);
    // A share link's legs come without their games; the slip fills them in once their odds arrive.
    const sharedLegs = slip.map((leg) => ({ ...leg, game: null }));
    renderWithApp(
      <>
        <PriceGrid />
        <LearnGamesButton games={slip} />
      </>,
      { initialState: { legs: sharedLegs, books: BOOKS }, fetch: refusingFetch },
    );
    const alert = await screen.findByRole('alert');
    for (const book of BOOKS) await waitFor(() => expect(gridCell('Parlay', book)).toHaveTextContent('Request failed'));
    expect(requests.count).toBe(BOOKS.length);

    await userEvent.click(screen.getByRole('button', { name: 'Learn games' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    // The same slip: the refused books are not asked again, and the message never goes away meanwhile.
    expect(requests.count).toBe(BOOKS.length);
    expect(alert).toBeInTheDocument();
    expect(alert).toHaveTextContent('Odds service refused access');
  });

  it('Try again also asks afresh a book whose retry hangs, instead of waiting on it', async () => {
    const user = userEvent.setup();
    const sandboxFetch = createSandboxFetch();
    let failing = true;
    let draftKingsFailedOnce = false;
    let draftKingsRetryHanging = false;
    const bodyOf = (init?: RequestInit) => (typeof init?.body === 'string' ? init.body : '');
    const abortedWhenSignalled = (signal: AbortSignal | null | undefined) =>
      new Promise<Response>((_, reject) =>
        signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    const appFetch: typeof fetch = async (input, init) => {
      if (!failing || !isParlayRequest(input)) return sandboxFetch(input, init);
      // BetMGM refuses at once (no retry); DraftKings fails once (retried after 2 s), then its retry hangs.
      if (bodyOf(init).includes('"BetMGM"')) return jsonError(403, 'Not licensed');
      if (draftKingsFailedOnce) {
        draftKingsRetryHanging = true;
        return abortedWhenSignalled(init?.signal);
      }
      // A request StrictMode's remount cancels does not count as the failed one.
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
      draftKingsFailedOnce = true;
      return jsonError(503, 'Service unavailable');
    };
    renderWithApp(<PriceGrid />, {
      initialState: { legs: slip, books: ['BetMGM', 'DraftKings'] },
      fetch: appFetch,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('No prices from BetMGM; the other books keep theirs.');
    await waitFor(() => expect(draftKingsRetryHanging).toBe(true), { timeout: 5000 });

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    // Both priced: DraftKings's hanging retry was dropped and the book asked again.
    await waitFor(
      () => {
        for (const book of ['BetMGM', 'DraftKings']) expect(gridCell('Parlay', book)).toHaveTextContent(/^[+-]\d+/);
      },
      { timeout: 3000 },
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('names the books a failure hit while the others keep their prices', async () => {
    const sandboxFetch = createSandboxFetch();
    const fetchFailingNovig: typeof fetch = (input, init) =>
      isParlayRequest(input) && typeof init?.body === 'string' && init.body.includes('"Novig"')
        ? Promise.resolve(jsonError(403, 'Not licensed'))
        : sandboxFetch(input, init);
    renderWithApp(<PriceGrid />, { initialState: { legs: slip, books: BOOKS }, fetch: fetchFailingNovig });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Odds not available here');
    expect(alert).toHaveTextContent('No prices from Novig; the other books keep theirs.');
    await waitFor(() => expect(gridCell('Parlay', 'BetMGM')).toHaveTextContent(/^[+-]\d+/));
    expect(gridCell('Parlay', 'Novig')).toHaveTextContent('Request failed');
  });

  it('counts down a rate limit and then asks again by itself', async () => {
    // Every book is limited for the first half second (the books' first asks); the retry a second later is not.
    let limitedUntil: number | null = null;
    const sandboxFetch = createSandboxFetch();
    const limitingFetch: typeof fetch = (input, init) => {
      limitedUntil ??= Date.now() + 500;
      if (isParlayRequest(input) && Date.now() < limitedUntil) {
        return Promise.resolve(jsonError(429, 'Rate limit exceeded', { 'Retry-After': '1' }));
      }
      return sandboxFetch(input, init);
    };
    renderWithApp(<PriceGrid />, { initialState: { legs: slip, books: BOOKS }, fetch: limitingFetch });
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests');
    expect(screen.getByText('Retrying automatically in 1 s.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument(), { timeout: 4000 });
    for (const book of BOOKS) expect(gridCell('Parlay', book)).toHaveTextContent(/^[+-]\d+/);
  });

  it('says the page is offline and that prices will come back with the connection', async () => {
    renderWithApp(<PriceGrid />, { initialState: { legs: slip, books: BOOKS } });
    act(() => onlineManager.setOnline(false));
    expect(await screen.findByText('You’re offline')).toBeInTheDocument();
    expect(screen.getByText(/refresh by themselves when your connection is back/)).toBeInTheDocument();
    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(screen.queryByText('You’re offline')).not.toBeInTheDocument());
  });
});
