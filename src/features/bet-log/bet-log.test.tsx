import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { newBetRecord, type BetRecord } from '../../domain/bet-log/bet-record.ts';
import { BetLogProvider, type BookPriceOffer } from '../../state/bet-log/bet-log-context.tsx';
import type { BetLogDb } from '../../state/bet-log/bet-log-db.ts';
import { createBetLogStore } from '../../state/bet-log/bet-log-store.ts';
import { createSandboxFetch, renderWithApp } from '../../test/render-with-app.tsx';
import BetLogPage from './bet-log-page.tsx';
import PlaceBetButton from './place-bet-button.tsx';

/** The browser's database, in memory: what was saved, by id. */
function memoryDb(saved = new Map<string, BetRecord>()): BetLogDb {
  return {
    readAll: async () => ({ bets: [...saved.values()], damaged: [] }),
    put: async (records) => void records.forEach((record) => saved.set(record.id, record)),
    remove: async (id) => void saved.delete(id),
  };
}

const offer: BookPriceOffer = {
  book: 'DraftKings',
  combinedDecimal: 3.8,
  legDecimals: [2, 1.9],
  legs: [
    { fixtureId: 'F1', market: 'Moneyline', name: 'Boston Celtics', game: null },
    { fixtureId: 'F2', market: 'Total Points', name: 'Over 220.5', game: null },
  ],
};

function renderLog(saved = new Map<string, BetRecord>()) {
  const store = createBetLogStore({
    openDb: async () => memoryDb(saved),
    now: () => Date.parse('2026-11-22T15:00:00Z'),
  });
  const value = {
    store,
    renderBookAction: (priced: BookPriceOffer) => <PlaceBetButton offer={priced} />,
    clientOptions: { baseUrl: 'http://sandbox.test', fetch: createSandboxFetch() },
  };
  renderWithApp(
    <BetLogProvider value={value}>
      <PlaceBetButton offer={offer} />
      <BetLogPage />
    </BetLogProvider>,
  );
  return saved;
}

describe('the bet log', () => {
  it('logs a parlay at a book with the stake typed, and undo takes it back out', async () => {
    const user = userEvent.setup();
    const saved = renderLog();
    expect(await screen.findByText(/No bets yet/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'I placed this at DraftKings' }));
    const form = screen.getByRole('dialog', { name: 'Log this bet at DraftKings' });
    const stake = within(form).getByRole('textbox', { name: /^Stake/ });
    await user.clear(stake);
    expect(within(form).getByRole('button', { name: 'Log bet' })).toBeDisabled();
    await user.type(stake, '25');
    await user.click(within(form).getByRole('button', { name: 'Log bet' }));

    // A live region is in the page before its words (that is how it is announced): wait for the words.
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Logged: $25.00 on a 2-leg parlay at DraftKings, +280.'),
    );
    const logged = screen.getByRole('article', { name: '2-leg parlay at DraftKings' });
    expect(logged).toHaveTextContent('Open');
    expect(
      within(logged)
        .getAllByRole('listitem')
        .map((leg) => leg.textContent),
    ).toEqual([expect.stringContaining('Boston Celtics'), expect.stringContaining('Over 220.5')]);
    await waitFor(() => expect(saved.size).toBe(1));

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    await waitFor(() => expect(saved.size).toBe(0));
  });

  it('shows a settled parlay: each leg graded with its CLV, the parlay recomputed without a push, and the summary', async () => {
    const placed = newBetRecord(
      {
        ...offer,
        stake: 10,
        currency: 'USD',
        decimal: 3.8,
        legs: offer.legs.map((leg, index) => ({ ...leg, decimal: offer.legDecimals[index] ?? 2 })),
      },
      'b1',
      1_000,
    );
    const graded: BetRecord = {
      ...placed,
      legs: placed.legs.map((leg, index) => ({
        ...leg,
        result: index === 0 ? 'Won' : 'Refunded',
        gradedAt: 2_000,
        closingDecimal: index === 0 ? 1.8 : 1.9,
        closingFairDecimal: 1.85,
        closingChecked: true,
      })),
    };
    renderLog(new Map([[graded.id, graded]]));
    const bet = await screen.findByRole('article', { name: '2-leg parlay at DraftKings' });
    // The push drops out: paid at the Celtics' +100, $10 profit.
    expect(bet).toHaveTextContent('Won: $10.00 (settled at +100)');
    expect(bet).toHaveTextContent('Parlay CLV +11.1% vs DraftKings, +11.0% vs fair');
    const [won, pushed] = within(bet).getAllByRole('listitem');
    expect(won).toHaveTextContent('Won · taken +100Close -125: CLV +11.1%; fair -118: CLV +8.1%');
    expect(pushed).toHaveTextContent('Push or void (drops out)');
    const summary = screen.getByRole('region', { name: 'Your bets: summary' });
    expect(
      within(summary)
        .getAllByRole('definition')
        .map((figure) => figure.textContent),
    ).toEqual(['1-0-0', '$10.00', '+100.0%', '+11.1%', '+11.0%']);
  });
});
