import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FunctionComponent } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { SlipLeg } from '../../../domain/slip.ts';
import { createSandboxFetch, renderWithApp } from '../../../test/render-with-app.tsx';
import { PriceGrid } from '../price-grid.tsx';
import { gridCell, loadSandboxGames, moneylineLeg, type SandboxGame } from '../../../test/price-grid.tsx';

/** Leg-cell renders per book. */
const legCellRenders = vi.hoisted(() => new Map<string, number>());

// The leg cell's own function, counted as it is handed to memo(): every render of it counts, the
// ones its hooks start as well as the ones new props start. It reads no runtime's internals, so the
// count means the same on React (the dom project) and Preact (the preact project).
vi.mock('react', async (importOriginal) => {
  const react = await importOriginal<typeof import('react')>();
  function counted<P extends { book: string }>(cell: FunctionComponent<P>): FunctionComponent<P> {
    return function CountedLegPriceCell(props) {
      legCellRenders.set(props.book, (legCellRenders.get(props.book) ?? 0) + 1);
      return cell(props);
    };
  }
  const memo = ((component: FunctionComponent<{ book: string }>, compare?: () => boolean) =>
    react.memo(component.name === 'LegPriceCell' ? counted(component) : component, compare)) as typeof react.memo;
  return { ...react, memo };
});

let slip: SlipLeg[];

beforeAll(async () => {
  const [first, second] = (await loadSandboxGames(2)) as [SandboxGame, SandboxGame];
  slip = [moneylineLeg(first), moneylineLeg(second)];
});

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
    for (const leg of slip)
      await waitFor(() =>
        expect(
          within(gridCell(new RegExp(`^${leg.name}`), 'Fanatics')).getByRole('link', {
            name: /opens the bet at Fanatics/,
          }),
        ).toBeVisible(),
      );
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
