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
});
