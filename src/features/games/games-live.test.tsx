import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { gameLabel } from '../../domain/display.ts';
import { americanToDecimal, decimalToAmerican, formatOdds } from '../../domain/odds/odds.ts';
import { SPORTSBOOKS, type Sportsbook } from '../../domain/sportsbooks.ts';
import { useSlip } from '../../state/app-stores-context.tsx';
import { fakeEventSources } from '../../test/api/fake-event-source.ts';
import { bestAmong, freezeDateAtTestNow, sandboxClient } from '../../test/games.tsx';
import { streamRow } from '../../test/live-odds.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { GamesBrowser } from './games-browser.tsx';

const CHOSEN: Sportsbook[] = ['BetRivers', 'Hard Rock'];

/** The price each slip leg was added at, as the store keeps it. */
function AddedPriceProbe() {
  const legs = useSlip((state) => state.legs);
  return (
    <ul aria-label="added prices">
      {legs.map((leg) => (
        <li key={leg.name}>
          {leg.name}: {leg.addedPrice ? `${leg.addedPrice.decimal.toFixed(4)} at ${leg.addedPrice.book}` : 'none'}
        </li>
      ))}
    </ul>
  );
}

async function upcomingGameWithOdds() {
  const client = sandboxClient();
  const game = (await client.listAllActiveFixtures({ leagues: ['nba'] })).find((candidate) => !candidate.isLive);
  if (!game) throw new Error('sandbox has no upcoming NBA game');
  const [answer] = await client.getFixtureOdds({
    fixtureIds: [game.id],
    sportsbooks: SPORTSBOOKS,
    markets: ['moneyline', 'point_spread', 'total_points'],
    mainLinesOnly: true,
  });
  return { game, odds: answer?.odds ?? [] };
}

describe('games on the live stream', () => {
  beforeEach(freezeDateAtTestNow);
  afterEach(() => vi.useRealTimers());

  it('streams the rows on screen; a streamed price changes a row in place; a leg keeps the price it was added at', async () => {
    const user = userEvent.setup();
    const { game, odds } = await upcomingGameWithOdds();
    const best = bestAmong(odds, 'Moneyline', game.homeTeam, CHOSEN);
    if (!best) throw new Error('no chosen book offers the moneyline');
    const sources = fakeEventSources();
    renderWithApp(
      <>
        <GamesBrowser />
        <AddedPriceProbe />
      </>,
      { initialState: { leagues: ['nba'], books: CHOSEN, fairValue: false }, openEventSource: sources.open },
    );
    const opener = await screen.findByRole('button', { name: `All markets for ${gameLabel(game)}` });
    const row = opener.closest('li') as HTMLElement;
    const button = () => within(row).getByRole('button', { name: new RegExp(`^${game.homeTeam}, Moneyline, best `) });
    await waitFor(() => expect(button()).toHaveAccessibleName(new RegExp(`best .* at ${best.sportsbook}$`)));

    const stream = await vi.waitFor(() => sources.latest(), { timeout: 5000 });
    expect(stream.param('fixture_id')).toContain(game.id);
    expect(stream.param('sportsbook')).toEqual(CHOSEN);
    act(() => stream.connect());

    // The best book raises its price: the row shows the new one, no request made.
    const raisedAmerican = Math.round(decimalToAmerican(best.decimalPrice + 0.3));
    const raisedDecimal = americanToDecimal(raisedAmerican) ?? 0;
    act(() => stream.send('odds', [streamRow(best, { price: raisedAmerican })]));
    const raisedText = formatOdds(raisedDecimal, 'american');
    await waitFor(() =>
      expect(button()).toHaveAccessibleName(`${game.homeTeam}, Moneyline, best ${raisedText} at ${best.sportsbook}`),
    );

    await user.click(button());
    expect(within(screen.getByRole('list', { name: 'added prices' })).getByRole('listitem')).toHaveTextContent(
      `${game.homeTeam}: ${raisedDecimal.toFixed(4)} at ${best.sportsbook}`,
    );
  });
});
