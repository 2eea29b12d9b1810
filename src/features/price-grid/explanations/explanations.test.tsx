import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SlipLeg } from '../../../domain/slip.ts';
import type { Sportsbook } from '../../../domain/sportsbooks.ts';
import { renderWithApp } from '../../../test/render-with-app.tsx';
import { PriceGrid } from '../price-grid.tsx';
import {
  gridCell,
  loadSandboxGames,
  openBookDetails,
  recordParlayRequests,
  SlipProbe,
  startingWith,
  threeGameSlip,
} from '../../../test/price-grid.tsx';

const BOOKS: Sportsbook[] = ['BetMGM', 'DraftKings', 'Fanatics', 'Novig'];
let slip: SlipLeg[];

beforeAll(async () => {
  slip = threeGameSlip(await loadSandboxGames());
});

function legName(index: number): string {
  const leg = slip[index];
  if (!leg) throw new Error(`no leg ${index}`);
  return leg.name;
}

describe('PriceGrid explanations, one per book', () => {
  it('missing: marks the legs not offered, names them, and removes them from the slip on request', async () => {
    const user = userEvent.setup();
    renderWithApp(
      <>
        <PriceGrid />
        <SlipProbe />
      </>,
      { initialState: { legs: slip, books: BOOKS }, scenario: 'BetMGM=missing:1' },
    );
    const notesCell = await openBookDetails(user, 'BetMGM', /^Not offered at BetMGM/);
    expect(notesCell).toHaveTextContent("BetMGM doesn't offer 1 of your legs");
    expect(notesCell).toHaveTextContent(`Not offered: ‘${legName(1)}’.`);
    expect(gridCell(startingWith(legName(1)), 'BetMGM')).toHaveTextContent('Not offered');
    expect(gridCell(startingWith(legName(0)), 'BetMGM')).not.toHaveTextContent('Not offered');
    // Other books are unaffected.
    await waitFor(() =>
      expect(gridCell(startingWith(legName(1)), 'Fanatics')).not.toHaveTextContent(/Not offered|Asking/),
    );

    await user.click(within(notesCell).getByRole('button', { name: 'Remove missing legs (BetMGM)' }));
    const probe = screen.getByRole('list', { name: 'Slip probe' });
    expect(within(probe).queryByText(legName(1))).not.toBeInTheDocument();
    expect(within(probe).getByText(legName(0))).toBeInTheDocument();
    expect(within(probe).getByText(legName(2))).toBeInTheDocument();
  });

  it('uncombinable: says the book won’t combine the legs, quotes its message and says why books refuse', async () => {
    const user = userEvent.setup();
    renderWithApp(<PriceGrid />, { initialState: { legs: slip, books: BOOKS }, scenario: 'DraftKings=uncombinable' });
    const cell = await openBookDetails(user, 'DraftKings', /^Won't combine at DraftKings/);
    expect(gridCell('Parlay', 'DraftKings')).toHaveTextContent("Won't combine");
    expect(cell).toHaveTextContent("DraftKings won't combine these legs in one parlay");
    expect(cell).toHaveTextContent('DraftKings said: “SelectionsCannotBeCombined”');
    expect(cell).toHaveTextContent(/same-game parlays/);
    expect(within(cell).getByRole('button', { name: 'Find the conflict at DraftKings' })).toBeInTheDocument();
  });

  it('failed: says the book didn’t answer, and Retry asks that book only', async () => {
    const user = userEvent.setup();
    const requests = recordParlayRequests();
    renderWithApp(<PriceGrid />, {
      initialState: { legs: slip, books: BOOKS },
      scenario: 'DraftKings=failed',
      onRequest: requests.onRequest,
    });
    await waitFor(() => expect(screen.queryByText(/Asking/)).not.toBeInTheDocument());
    const before = requests.count;
    // The status says what it does: Retry asks that book again and opens its explanation.
    const cell = await openBookDetails(user, 'DraftKings', /^Retry at DraftKings/);
    expect(cell).toHaveTextContent("DraftKings didn't answer");
    expect(cell).toHaveTextContent('Error with response. Try again later.');
    await waitFor(() => expect(requests.count).toBe(before + 1));
    expect((await requests.booksAsked()).at(-1)).toEqual(['DraftKings']);

    await user.click(within(cell).getByRole('button', { name: 'Retry DraftKings' }));
    await waitFor(() => expect(requests.count).toBe(before + 2));
    expect((await requests.booksAsked()).at(-1)).toEqual(['DraftKings']);
    expect(await within(cell).findByRole('button', { name: 'Retry DraftKings' })).toBeEnabled();
  });

  it('absent: says there was no answer from the book', async () => {
    const user = userEvent.setup();
    renderWithApp(<PriceGrid />, { initialState: { legs: slip, books: BOOKS }, scenario: 'Novig=absent' });
    const details = await openBookDetails(user, 'Novig', /^No answer at Novig/);
    expect(gridCell('Parlay', 'Novig')).toHaveTextContent('No answer');
    expect(details).toHaveTextContent('No answer from Novig');
    expect(details).toHaveTextContent(/nothing for Novig/);
  });

  it('gives each book its own short status, and opens one explanation at a time', async () => {
    const user = userEvent.setup();
    renderWithApp(<PriceGrid />, {
      initialState: { legs: slip, books: BOOKS },
      scenario: 'BetMGM=missing:0;DraftKings=failed;Novig=absent;Fanatics=uncombinable',
    });
    await waitFor(() => expect(screen.queryByText(/Asking/)).not.toBeInTheDocument());
    expect(gridCell('Parlay', 'BetMGM')).toHaveTextContent('Not offered');
    expect(gridCell('Parlay', 'DraftKings')).toHaveTextContent('Retry');
    expect(gridCell('Parlay', 'Fanatics')).toHaveTextContent("Won't combine");
    expect(gridCell('Parlay', 'Novig')).toHaveTextContent('No answer');
    expect(await openBookDetails(user, 'BetMGM')).toHaveTextContent("BetMGM doesn't offer 1 of your legs");
    expect(await openBookDetails(user, 'Fanatics')).toHaveTextContent(
      "Fanatics won't combine these legs in one parlay",
    );
    expect(screen.queryByRole('dialog', { name: 'BetMGM: why no price' })).not.toBeInTheDocument();
    const statusButton = within(gridCell('Parlay', 'Fanatics')).getByRole('button');
    expect(statusButton).toHaveAttribute('aria-expanded', 'true');
    await user.click(statusButton);
    expect(screen.queryByRole('dialog', { name: 'Fanatics: why no price' })).not.toBeInTheDocument();
    expect(statusButton).toHaveAttribute('aria-expanded', 'false');
  });
});
