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
import type { Sportsbook } from '../../src/domain/sportsbooks.ts';
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
  changeBookPrices: (book: Sportsbook) => boolean;
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
  changeBookPrices: () => false,
};
window.__renderBench = bench;

const onRender: ProfilerOnRenderCallback = (_id, phase, actualDuration, baseDuration, _startTime, commitTime) => {
  bench.profilerCommits.push({ phase, actualDuration, baseDuration, commitTime });
};

/** Every leg 1% longer and the parlay by the same product, so its same-game adjustment does not change. */
function moved(quote: BookQuote): BookQuote {
  if (quote.status !== 'priced') return quote;
  const legFactor = 1.01;
  return {
    ...quote,
    decimalPrice: quote.decimalPrice * legFactor ** quote.legs.length,
    legs: quote.legs.map((leg) => ({ ...leg, decimalPrice: leg.decimalPrice * legFactor })),
  };
}

function changeBookPrices(queryClient: QueryClient, legs: readonly SlipLeg[], book: Sportsbook): boolean {
  const key = parlayQuoteKeys.quote(book, toParlayEntries(legs));
  const quote = queryClient.getQueryData<BookQuote>(key);
  if (quote === undefined || quote.status !== 'priced') return false;
  queryClient.setQueryData(key, moved(quote));
  return true;
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
    bench.changeBookPrices = (book) => changeBookPrices(queryClient, legs, book);
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
