/**
 * Render-cost harness: the app's real PriceGrid (with its real providers, stores, query client and
 * odds client, talking to our server over the sandbox) inside a React <Profiler>, on React as the app
 * ships it. The benchmark (bench/render.mjs) drives it through `window.__renderBench`: add a leg
 * through the slip store, or change one book's answer in the query cache, and read what React did.
 */
import { Profiler, StrictMode, useEffect, type ProfilerOnRenderCallback } from 'react';
import { createRoot } from 'react-dom/client';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import '../../src/index.css';
import { ParlayApp } from '../../src/app/parlay-app.tsx';
import type { BookQuote } from '../../src/api/types.ts';
import { readShareParams } from '../../src/state/share-url.ts';
import { decodeSlip, toParlayEntries, type SlipLeg } from '../../src/domain/slip.ts';
import { SPORTSBOOKS, type Sportsbook } from '../../src/domain/sportsbooks.ts';
import { PriceGrid } from '../../src/features/price-grid/price-grid.tsx';
import { parlayQuoteKeys } from '../../src/features/price-grid/data/queries.ts';
import { useSlip } from '../../src/state/app-stores-context.tsx';

interface ProfilerCommit {
  phase: string;
  actualDuration: number;
  baseDuration: number;
  commitTime: number;
}

export interface RenderBench {
  ready: boolean;
  profilerCommits: ProfilerCommit[];
  addLeg: () => void;
  /** Moves one book's parlay and leg prices a little, as a refresh from that book would. */
  /** Moves one book's answer (see changeBookPrices); the book moved, null when none could be. */
  changeBookPrices: () => Sportsbook | null;
}

declare global {
  interface Window {
    __renderBench?: RenderBench;
  }
}

const params = new URLSearchParams(window.location.search);
const { overrides } = readShareParams(window.location.search);
const extraLeg: SlipLeg | undefined = decodeSlip(params.get('add') ?? '').legs[0];

const bench: RenderBench = {
  ready: false,
  profilerCommits: [],
  addLeg: () => {
    throw new Error('not mounted yet');
  },
  changeBookPrices: () => null,
};
window.__renderBench = bench;

const onRender: ProfilerOnRenderCallback = (_id, phase, actualDuration, baseDuration, _startTime, commitTime) => {
  bench.profilerCommits.push({ phase, actualDuration, baseDuration, commitTime });
};

/**
 * Every leg 1% shorter and the parlay by the same product, so its same-game adjustment does not
 * change. Shorter, a book that was best nowhere stays best nowhere: no other column has anything
 * new to show, so any component rendered there is waste.
 */
function moved(quote: BookQuote): BookQuote {
  if (quote.status !== 'priced') return quote;
  const legFactor = 1 / 1.01;
  return {
    ...quote,
    decimalPrice: quote.decimalPrice * legFactor ** quote.legs.length,
    legs: quote.legs.map((leg) => ({ ...leg, decimalPrice: leg.decimalPrice * legFactor })),
  };
}

type PricedQuote = Extract<BookQuote, { status: 'priced' }>;

/** A priced book whose parlay and every leg are below the best of the others, or null. */
function bookBestNowhere(quotes: ReadonlyMap<Sportsbook, PricedQuote>): Sportsbook | null {
  const others = (book: Sportsbook) => [...quotes].filter(([other]) => other !== book).map(([, quote]) => quote);
  for (const [book, quote] of quotes) {
    const rivals = others(book);
    const belowBest = (mine: number, theirs: (rival: PricedQuote) => number | undefined) =>
      rivals.some((rival) => (theirs(rival) ?? 0) > mine);
    const parlayBelow = belowBest(quote.decimalPrice, (rival) => rival.decimalPrice);
    const legsBelow = quote.legs.every((leg, index) =>
      belowBest(leg.decimalPrice, (rival) => rival.legs[index]?.decimalPrice),
    );
    if (parlayBelow && legsBelow) return book;
  }
  return null;
}

function changeBookPrices(queryClient: QueryClient, legs: readonly SlipLeg[]): Sportsbook | null {
  const entries = toParlayEntries(legs);
  const priced = new Map<Sportsbook, PricedQuote>();
  for (const book of SPORTSBOOKS) {
    const quote = queryClient.getQueryData<BookQuote>(parlayQuoteKeys.quote(book, entries));
    if (quote?.status === 'priced' && quote.legs.length === legs.length) priced.set(book, quote);
  }
  const book = bookBestNowhere(priced);
  const quote = book === null ? undefined : priced.get(book);
  if (book === null || quote === undefined) return null;
  queryClient.setQueryData(parlayQuoteKeys.quote(book, entries), moved(quote));
  return book;
}

/** Hands the benchmark the instance's query client and slip actions. */
function BenchControls() {
  const queryClient = useQueryClient();
  const legs = useSlip((state) => state.legs);
  const legToggled = useSlip((state) => state.legToggled);
  useEffect(() => {
    bench.addLeg = () => {
      if (extraLeg) legToggled(extraLeg);
    };
    bench.changeBookPrices = () => changeBookPrices(queryClient, legs);
    bench.ready = true;
  }, [queryClient, legs, legToggled]);
  return null;
}

const rootElement = document.getElementById('root');
if (rootElement) {
  createRoot(rootElement).render(
    <StrictMode>
      <ParlayApp apiBase="" stores={{ storage: null, storageKey: 'render-harness', overrides }}>
        <BenchControls />
        <main className="p-4">
          <Profiler id="price-grid" onRender={onRender}>
            <PriceGrid />
          </Profiler>
        </main>
      </ParlayApp>
    </StrictMode>,
  );
}
