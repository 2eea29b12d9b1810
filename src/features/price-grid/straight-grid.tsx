/** One leg: no parlay to price, so each book's single-bet price from the game's odds. */
import { useMemo } from 'react';
import type { SlipLeg } from '../../domain/slip.ts';
import type { Sportsbook } from '../../domain/sportsbooks.ts';
import { StatusMessage } from '../../ui/status-message.tsx';
import { buildStraightColumn } from './model/grid-model.ts';
import { GridView } from './grid-view.tsx';
import { useStraightPrices } from './data/use-straight-prices.ts';
import { useSlipLive } from './data/use-slip-live.ts';

export function StraightGrid({ legs, books }: { legs: readonly SlipLeg[]; books: readonly Sportsbook[] }) {
  const straight = useStraightPrices(legs);
  const live = useSlipLive(legs);
  const [leg] = legs;
  const columns = useMemo(
    () => (leg ? books.map((book) => buildStraightColumn(book, leg, straight)) : []),
    [books, leg, straight],
  );
  const failed = leg !== undefined && straight.failedFixtures[leg.fixtureId] === true;

  return (
    <>
      <p className="mb-2 text-sm text-muted">
        One leg: these are single-bet prices. Add a leg from any game to compare parlay prices.
      </p>
      {failed ? (
        <div className="mb-3">
          <StatusMessage tone="error" title="Prices for this game couldn’t be loaded">
            The odds service did not answer for this game. Prices refresh by themselves; your slip is kept.
          </StatusMessage>
        </div>
      ) : null}
      <GridView
        legs={legs}
        columns={columns}
        mode="straight"
        updatedAt={straight.updatedAt}
        live={live}
        statusByFixture={straight.statusByFixture}
      />
    </>
  );
}
