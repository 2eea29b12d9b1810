import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FunctionComponent } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { SlipLeg } from '../../../domain/slip.ts';
import { createSandboxFetch, renderWithApp } from '../../../test/render-with-app.tsx';
import { PriceGrid } from '../price-grid.tsx';
import { AddLegButton, gridCell, loadSandboxGames, moneylineLeg, type SandboxGame } from '../../../test/price-grid.tsx';

/** Leg-cell renders per book. */
const legCellRenders = vi.hoisted(() => new Map<string, number>());
/** Leg-row renders per leg name. */
const legRowRenders = vi.hoisted(() => new Map<string, number>());

// The leg cell's own function, counted as it is handed to memo(): every render of it counts, the
// ones its hooks start as well as the ones new props start. It reads no runtime's internals, so the
// count means the same on React (the dom project) and Preact (the preact project).
vi.mock('react', async (importOriginal) => {
  const react = await importOriginal<typeof import('react')>();
  function counted<P>(
    component: FunctionComponent<P>,
    counts: Map<string, number>,
    keyOf: (props: P) => string,
  ): FunctionComponent<P> {
    return function Counted(props) {
      counts.set(keyOf(props), (counts.get(keyOf(props)) ?? 0) + 1);
      return component(props);
    };
  }
  type Counted = FunctionComponent<{ book: string; leg: { name: string } }>;
  const memo = ((component: Counted, compare?: () => boolean) => {
    if (component.name === 'LegPriceCell')
      return react.memo(
        counted(component, legCellRenders, (props) => props.book),
        compare,
      );
    if (component.name === 'LegRow')
      return react.memo(
        counted(component, legRowRenders, (props) => props.leg.name),
        compare,
      );
    return react.memo(component, compare);
  }) as typeof react.memo;
  return { ...react, memo };
});

let slip: SlipLeg[];
let thirdLeg: SlipLeg;

beforeAll(async () => {
  const [first, second, third] = (await loadSandboxGames(3)) as [SandboxGame, SandboxGame, SandboxGame];
  slip = [moneylineLeg(first), moneylineLeg(second)];
  thirdLeg = moneylineLeg(third);
});

/** Waits until every leg's price at `book` is shown with its link there (the legs' own odds are in). */
async function legOddsShown(legs: readonly SlipLeg[], book: string) {
  for (const leg of legs)
    await waitFor(() =>
      expect(
        within(gridCell(new RegExp(`^${leg.name}`), book)).getByRole('link', {
          name: new RegExp(`opens the bet at ${book}`),
        }),
      ).toBeVisible(),
    );
}

describe('render cost', () => {
  it('re-renders only the cells of the book whose answer changed', async () => {
    const user = userEvent.setup();
    // DraftKings fails until Retry is pressed, so Retry brings it a new answer.
    let draftKingsFails = true;
    const sandboxFetch = createSandboxFetch({
      scenario: (request) => (request.headers.get('x-test-fail') ? 'DraftKings=failed' : undefined),
    });
    const fetchFailingDraftKingsOnce: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      if (typeof init?.body === 'string' && init.body.includes('"DraftKings"') && draftKingsFails)
        headers.set('x-test-fail', '1');
      return sandboxFetch(input, { ...init, headers });
    };
    renderWithApp(<PriceGrid />, {
      initialState: { legs: slip, books: ['DraftKings', 'Fanatics'] },
      fetch: fetchFailingDraftKingsOnce,
    });
    await waitFor(() => expect(gridCell('Parlay', 'DraftKings')).toHaveTextContent('Retry'));
    await waitFor(() => expect(gridCell('Parlay', 'Fanatics')).toHaveTextContent(/^[+-]\d+/));
    // The legs' own odds too (each Fanatics price links to its bet there): they answer on their own
    // time, and a count taken before them would blame their arrival on the retry.
    await legOddsShown(slip, 'Fanatics');
    const fanaticsBefore = legCellRenders.get('Fanatics') ?? 0;
    const draftKingsBefore = legCellRenders.get('DraftKings') ?? 0;
    expect(fanaticsBefore).toBeGreaterThan(0);

    draftKingsFails = false;
    await user.click(
      within(gridCell('Parlay', 'DraftKings')).getByRole('button', { name: 'Retry at DraftKings: why' }),
    );
    await waitFor(() => expect(gridCell('Parlay', 'DraftKings')).toHaveTextContent(/^[+-]\d+/));
    expect(legCellRenders.get('DraftKings') ?? 0).toBeGreaterThan(draftKingsBefore);
    expect(legCellRenders.get('Fanatics')).toBe(fanaticsBefore);
  });

  it('renders a leg added in its own row, not again the rows already there', async () => {
    const user = userEvent.setup();
    const books = ['DraftKings', 'Fanatics'] as const;
    renderWithApp(
      <>
        <AddLegButton leg={thirdLeg} label="Add the third leg" />
        <PriceGrid />
      </>,
      { initialState: { legs: slip, books: [...books] } },
    );
    for (const book of books) {
      await waitFor(() => expect(gridCell('Parlay', book)).toHaveTextContent(/^[+-]\d+/));
      await legOddsShown(slip, book);
    }
    const rowsBefore = slip.map((leg) => legRowRenders.get(leg.name) ?? 0);
    expect(Math.min(...rowsBefore)).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Add the third leg' }));
    for (const book of books) {
      await waitFor(() => expect(gridCell('Parlay', book)).toHaveTextContent(/^[+-]\d+/));
      await legOddsShown([thirdLeg], book);
    }
    expect(legRowRenders.get(thirdLeg.name) ?? 0).toBeGreaterThan(0);
    // The legs already there keep their prices at both books, so their rows are not rendered again.
    expect(slip.map((leg) => legRowRenders.get(leg.name) ?? 0)).toEqual(rowsBefore);
  });

  it('shows the books that answer together together, never some of them still asking', async () => {
    const books = ['DraftKings', 'Fanatics', 'BetMGM'] as const;
    // The three answers are held until all three are asked, then let go in the same moment.
    const sandboxFetch = createSandboxFetch();
    // (A book asked twice, as React's StrictMode remounts do, is let go with the others.)
    const held = new Map<string, (() => void)[]>();
    let released = false;
    const fetchAnsweringTogether: typeof fetch = async (input, init) => {
      const response = await sandboxFetch(input, init);
      if (released || !String(input).includes('/parlay/odds') || typeof init?.body !== 'string') return response;
      const { sportsbooks } = JSON.parse(init.body) as { sportsbooks: string[] };
      await new Promise<void>((resolve) => {
        const book = sportsbooks.join();
        held.set(book, [...(held.get(book) ?? []), resolve]);
        if (held.size < books.length) return;
        released = true;
        // Each in a task of its own, one after the other, as the network hands answers over.
        for (const release of [...held.values()].flat()) setTimeout(release, 0);
      });
      return response;
    };
    // What the parlay row shows after each change of the page: how many of the books are priced.
    const pricedCounts: number[] = [];
    const observer = new MutationObserver(() => {
      if (document.querySelector('tfoot') === null) return;
      const cells = books.map((book) => gridCell('Parlay', book).textContent ?? '');
      const priced = cells.filter((text) => /^[+-]\d+/.test(text)).length;
      if (pricedCounts.at(-1) !== priced) pricedCounts.push(priced);
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    try {
      renderWithApp(<PriceGrid />, {
        initialState: { legs: slip, books: [...books] },
        fetch: fetchAnsweringTogether,
      });
      for (const book of books) await waitFor(() => expect(gridCell('Parlay', book)).toHaveTextContent(/^[+-]\d+/));
    } finally {
      observer.disconnect();
    }
    expect(pricedCounts.filter((count) => count > 0)).toEqual([books.length]);
  });
});
