/**
 * While the slip's games are streamed, the books' parlay prices are not polled: a book is asked
 * again only when one of its legs' prices there moves (or a line there reopens, or a leg's game
 * changes status). Moves are held like quick slip changes (state/slip-quiet.ts): a move after
 * a quiet spell re-asks at once; moves in quick succession are gathered for QUICK_CHANGE_MS and
 * re-ask each moved book once (at most that often: in play, prices may never be still). Also says
 * when each leg's price last moved on the stream, so the grid shows the new leg price at once,
 * before the book answers.
 */
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isRefusedApiError } from '../../../api/errors.ts';
import { useOddsClient } from '../../../api/odds-client-context.tsx';
import type { ParlayEntry } from '../../../api/types.ts';
import type { SlipLeg } from '../../../domain/slip.ts';
import type { Sportsbook } from '../../../domain/sportsbooks.ts';
import type { StreamedMoves } from '../model/grid-model.ts';
import { parlayQuoteQuery } from './queries.ts';
import { QUICK_CHANGE_MS } from '../../../domain/slip.ts';
import { straightPriceKey, type StraightPrices } from './use-straight-prices.ts';

interface LiveRepricingInput {
  books: readonly Sportsbook[];
  legs: readonly SlipLeg[];
  entries: readonly ParlayEntry[];
  straight: StraightPrices;
  /** Every leg's game is streamed now; otherwise the books' prices are polled and nothing is done here. */
  streamed: boolean;
}

/** The (book, leg) keys whose price or lock moved between two readings of the same legs. */
function movedKeys(
  before: StraightPrices,
  after: StraightPrices,
  books: readonly Sportsbook[],
  legs: readonly SlipLeg[],
) {
  const moved: string[] = [];
  for (const leg of legs) {
    // A game row's lines standing in for the leg's market (not answered yet) are older than the
    // answer that replaces them: that is no move.
    if (!before.answeredFixtures[leg.fixtureId] || !after.answeredFixtures[leg.fixtureId]) continue;
    const statusMoved = before.statusByFixture[leg.fixtureId] !== after.statusByFixture[leg.fixtureId];
    for (const book of books) {
      const key = straightPriceKey(book, leg);
      const was = before.decimalByKey[key];
      const is = after.decimalByKey[key];
      const priceMoved = was !== undefined && is !== undefined && was !== is;
      // A line locking needs no answer (the book shows as suspended at once); reopening does.
      const reopened = before.lockedByKey[key] === true && after.lockedByKey[key] !== true;
      if (priceMoved || statusMoved || reopened) moved.push(key);
    }
  }
  return moved;
}

export function useLiveRepricing({ books, legs, entries, straight, streamed }: LiveRepricingInput): StreamedMoves {
  const queryClient = useQueryClient();
  const client = useOddsClient();
  const [moves, setMoves] = useState<StreamedMoves>({});
  const seen = useRef<{ straight: StraightPrices; legs: readonly SlipLeg[] } | null>(null);
  const waitingBooks = useRef(new Set<Sportsbook>());
  const lastMoveAt = useRef(Number.NEGATIVE_INFINITY);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const before = seen.current;
    seen.current = { straight, legs };
    // Another slip is priced anew anyway; polled prices bring the books' answers on their own beat.
    if (!streamed || before === null || before.legs !== legs || before.straight === straight) return;
    const moved = movedKeys(before.straight, straight, books, legs);
    if (moved.length === 0) return;
    const now = Date.now();
    setMoves((previous) => ({ ...previous, ...Object.fromEntries(moved.map((key) => [key, now])) }));
    for (const book of books)
      if (legs.some((leg) => moved.includes(straightPriceKey(book, leg)))) waitingBooks.current.add(book);
    const askAgain = () => {
      for (const book of waitingBooks.current) {
        const { queryKey } = parlayQuoteQuery(client, book, entries);
        if (!isRefusedApiError(queryClient.getQueryState(queryKey)?.error))
          void queryClient.invalidateQueries({ queryKey, exact: true });
      }
      waitingBooks.current.clear();
    };
    const quiet = now - lastMoveAt.current >= QUICK_CHANGE_MS;
    lastMoveAt.current = now;
    if (quiet) askAgain();
    // Not pushed back by each further move: in play, prices may never be still for long.
    else
      timer.current ??= setTimeout(() => {
        timer.current = undefined;
        askAgain();
      }, QUICK_CHANGE_MS);
  }, [straight, legs, books, entries, streamed, client, queryClient]);

  useEffect(() => () => clearTimeout(timer.current), []);
  return moves;
}
