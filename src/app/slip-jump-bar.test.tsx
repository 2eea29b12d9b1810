import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SlipLeg } from '../domain/slip.ts';
import { PriceGrid } from '../features/price-grid/price-grid.tsx';
import { AddLegButton, loadSandboxGames, moneylineLeg, type SandboxGame } from '../test/price-grid.tsx';
import { renderWithApp } from '../test/render-with-app.tsx';
import { SlipJumpBar } from './slip-jump-bar.tsx';

let slip: SlipLeg[];
let thirdLeg: SlipLeg;

beforeAll(async () => {
  const [first, second, third] = (await loadSandboxGames(3)) as [SandboxGame, SandboxGame, SandboxGame];
  slip = [moneylineLeg(first), moneylineLeg(second)];
  thirdLeg = moneylineLeg(third);
});

/** The grid's verdict, "Best at DraftKings: +488 pays $58.80 on $10, …", as the bar words it: "Best +488 at DraftKings · pays $58.80". */
async function gridsBestInBarWords(): Promise<RegExp> {
  const [verdict] = await screen.findAllByText(/^Best at /);
  const [, book = '', price = '', payout = ''] =
    /^Best at (.+?): ([+-]\d+) pays (\$[\d,.]+) on/.exec(verdict?.textContent ?? '') ?? [];
  const escape = (text: string) => text.replace(/[$+.()]/g, '\\$&');
  return new RegExp(`Best ${escape(price)} at ${escape(book)} · pays ${escape(payout)}`);
}

describe('the slip shortcut bar', () => {
  it('shows the best price the grid shows, and none for a new slip until a book has priced it', async () => {
    const user = userEvent.setup();
    renderWithApp(
      <>
        <AddLegButton leg={thirdLeg} label="Add the third leg" />
        <PriceGrid />
        <SlipJumpBar />
      </>,
      { initialState: { legs: slip, books: ['DraftKings', 'Fanatics', 'BetMGM'] } },
    );
    const bar = screen.getByRole('navigation', { name: 'Slip shortcut' });
    expect(bar).toHaveTextContent('Slip: 2 legs');
    const twoLegBest = await gridsBestInBarWords();
    await waitFor(() => expect(bar).toHaveTextContent(twoLegBest));

    await user.click(screen.getByRole('button', { name: 'Add the third leg' }));
    expect(bar).toHaveTextContent('Slip: 3 legs');
    expect(bar).not.toHaveTextContent(twoLegBest);
    const threeLegBest = await gridsBestInBarWords();
    expect(threeLegBest.source).not.toBe(twoLegBest.source);
    await waitFor(() => expect(bar).toHaveTextContent(threeLegBest));
  });
});
