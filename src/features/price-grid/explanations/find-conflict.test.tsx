import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SlipLeg } from '../../../domain/slip.ts';
import { createSandboxFetch, renderWithApp } from '../../../test/render-with-app.tsx';
import { PriceGrid } from '../price-grid.tsx';
import {
  loadSandboxGames,
  moneylineLeg,
  openBookDetails,
  ownSpreadLeg,
  recordParlayRequests,
  SlipProbe,
  totalLeg,
  type SandboxGame,
} from '../../../test/price-grid.tsx';

let games: [SandboxGame, SandboxGame];

beforeAll(async () => {
  games = (await loadSandboxGames(2)) as [SandboxGame, SandboxGame];
});

async function openNotes(user: ReturnType<typeof userEvent.setup>, book: string) {
  return openBookDetails(user, book, new RegExp(`^Won't combine at ${book}`));
}

describe('Find the conflict', () => {
  it('names the legs whose removal lets the book price the rest, asking it once per left-out leg', async () => {
    const user = userEvent.setup();
    const [first, second] = games;
    // A team's moneyline with its own spread: DraftKings refuses that pair; the other game's leg is innocent.
    const moneyline = moneylineLeg(first);
    const spread = ownSpreadLeg(first);
    const otherGame = moneylineLeg(second);
    const requests = recordParlayRequests();
    renderWithApp(
      <>
        <PriceGrid />
        <SlipProbe />
      </>,
      { initialState: { legs: [moneyline, spread, otherGame], books: ['DraftKings'] }, onRequest: requests.onRequest },
    );
    const notes = await openNotes(user, 'DraftKings');
    const askedBefore = requests.count;

    await user.click(within(notes).getByRole('button', { name: 'Find the conflict at DraftKings' }));
    const status = within(notes).getByRole('status');
    await waitFor(() =>
      expect(status).toHaveTextContent(
        `Removing any one of ‘${moneyline.name}’ or ‘${spread.name}’ lets DraftKings price the rest.`,
      ),
    );
    expect(status).not.toHaveTextContent(otherGame.name);

    const asked = (await requests.booksAsked()).slice(askedBefore);
    expect(asked).toEqual([['DraftKings'], ['DraftKings'], ['DraftKings']]);

    await user.click(within(notes).getByRole('button', { name: `Remove ‘${spread.name}’` }));
    const probe = screen.getByRole('list', { name: 'Slip probe' });
    expect(within(probe).queryByText(spread.name)).not.toBeInTheDocument();
    expect(within(probe).getAllByRole('listitem')).toHaveLength(2);
  });

  it('names a single culprit when only one leg clashes with the rest', async () => {
    const user = userEvent.setup();
    const [first, second] = games;
    const legs: SlipLeg[] = [moneylineLeg(first), moneylineLeg(second), totalLeg(second)];
    const culprit = legs[2] as SlipLeg;
    // Novig refuses any parlay holding the culprit (forced per request, since the sandbox would price it).
    const sandboxFetch = createSandboxFetch({
      scenario: (request) => (request.headers.get('x-test-holds-culprit') ? 'Novig=uncombinable' : undefined),
    });
    const fetchMarkingCulprit: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      if (typeof init?.body === 'string' && init.body.includes(culprit.name)) headers.set('x-test-holds-culprit', '1');
      return sandboxFetch(input, { ...init, headers });
    };
    renderWithApp(<PriceGrid />, { initialState: { legs, books: ['Novig'] }, fetch: fetchMarkingCulprit });
    const notes = await openNotes(user, 'Novig');
    await user.click(within(notes).getByRole('button', { name: 'Find the conflict at Novig' }));
    await waitFor(() =>
      expect(within(notes).getByRole('status')).toHaveTextContent(
        `Remove ‘${culprit.name}’ and Novig will price the rest.`,
      ),
    );
  });

  it('says both legs clash without asking again when the slip has two legs', async () => {
    const user = userEvent.setup();
    const [first] = games;
    const requests = recordParlayRequests();
    renderWithApp(<PriceGrid />, {
      initialState: { legs: [moneylineLeg(first), ownSpreadLeg(first)], books: ['BetRivers'] },
      onRequest: requests.onRequest,
    });
    const notes = await openNotes(user, 'BetRivers');
    const askedBefore = requests.count;
    await user.click(within(notes).getByRole('button', { name: 'Find the conflict at BetRivers' }));
    expect(within(notes).getByRole('status')).toHaveTextContent('These two legs clash with each other at BetRivers');
    expect(requests.count).toBe(askedBefore);
  });

  it('says when no single leg causes it', async () => {
    const user = userEvent.setup();
    const [first, second] = games;
    renderWithApp(<PriceGrid />, {
      initialState: { legs: [moneylineLeg(first), moneylineLeg(second), ownSpreadLeg(second)], books: ['Unibet'] },
      scenario: 'Unibet=uncombinable',
    });
    const notes = await openNotes(user, 'Unibet');
    await user.click(within(notes).getByRole('button', { name: 'Find the conflict at Unibet' }));
    await waitFor(() =>
      expect(within(notes).getByRole('status')).toHaveTextContent('No single leg causes it; several legs clash.'),
    );
  });
});
