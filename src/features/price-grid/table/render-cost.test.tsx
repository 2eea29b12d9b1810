import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memo, type ComponentProps, type ReactNode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { SlipLeg } from '../../../domain/slip.ts';
import { createSandboxFetch, renderWithApp } from '../../../test/render-with-app.tsx';
import { PriceGrid } from '../price-grid.tsx';
import { gridCell, loadSandboxGames, moneylineLeg, type SandboxGame } from '../../../test/price-grid.tsx';

/** Leg-cell renders per book, counted by wrapping the real cell. */
const legCellRenders = vi.hoisted(() => new Map<string, number>());

vi.mock('./price-cells.tsx', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./price-cells.tsx')>();
  // The memo's inner component, called as this wrapper's body so its hooks stay in one component.
  const renderCell = (
    actual.LegPriceCell as unknown as { type: (props: ComponentProps<typeof actual.LegPriceCell>) => ReactNode }
  ).type;
  return {
    ...actual,
    LegPriceCell: memo(function CountedLegPriceCell(props: ComponentProps<typeof actual.LegPriceCell>) {
      legCellRenders.set(props.book, (legCellRenders.get(props.book) ?? 0) + 1);
      return renderCell(props);
    }),
  };
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

    draftKingsFails = false;
    await user.click(
      within(gridCell('Parlay', 'DraftKings')).getByRole('button', { name: 'Retry at DraftKings: why' }),
    );
    await waitFor(() => expect(gridCell('Parlay', 'DraftKings')).toHaveTextContent(/^[+-]\d+/));
    expect(legCellRenders.get('DraftKings') ?? 0).toBeGreaterThan(draftKingsBefore);
    expect(legCellRenders.get('Fanatics')).toBe(fanaticsBefore);
  });
});
