/** /fixtures/odds: the books' prices for some games, asked in as many calls as the service's limits need. */
import { requestJson, unique, type HttpTransport } from './http.ts';
import { loadSchemas } from './parse/load-schemas.ts';
import type { Sportsbook } from '../domain/sportsbooks.ts';
import type { DroppedReport, FixtureWithOdds, RequestOptions } from './types.ts';

/** The service's per-call limits on /fixtures/odds. */
const MAX_SPORTSBOOKS_PER_ODDS_CALL = 5;
export const MAX_FIXTURES_PER_ODDS_CALL = 5;

export interface OddsEndpoints {
  getFixtureOdds(
    params: {
      fixtureIds: readonly string[];
      sportsbooks: readonly Sportsbook[];
      markets?: readonly string[];
      mainLinesOnly?: boolean;
    },
    options?: RequestOptions,
  ): Promise<FixtureWithOdds[]>;
}

/** `items` in runs of at most `size` (the service's per-call limits). */
export function chunk<Item>(items: readonly Item[], size: number): Item[][] {
  const chunks: Item[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/**
 * Runs requests in parallel under one signal: when one fails the others are aborted (their
 * answers would be thrown away), and the caller's abort still reaches every one of them.
 */
async function allOrNothing<Result>(
  callerSignal: AbortSignal | undefined,
  run: (signal: AbortSignal) => Promise<Result>[],
): Promise<Result[]> {
  const group = new AbortController();
  const onCallerAbort = () => group.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  try {
    return await Promise.all(run(group.signal));
  } catch (error) {
    group.abort(error);
    throw error;
  } finally {
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }
}

/** Merges per-chunk answers: one entry per fixture, requested order first, odds in chunk order. */
function mergeFixtureOdds(fixtureIds: readonly string[], answers: readonly FixtureWithOdds[][]): FixtureWithOdds[] {
  const byId = new Map<string, FixtureWithOdds>();
  for (const answer of answers) {
    for (const { fixture, odds } of answer) {
      const known = byId.get(fixture.id);
      if (known) known.odds.push(...odds);
      else byId.set(fixture.id, { fixture, odds: [...odds] });
    }
  }
  const ordered: FixtureWithOdds[] = [];
  for (const id of fixtureIds) {
    const found = byId.get(id);
    if (found) ordered.push(found);
    byId.delete(id);
  }
  // Anything the service sent that was not asked for (it should not) goes last rather than lost.
  return [...ordered, ...byId.values()];
}

export function createOddsEndpoints(
  transport: HttpTransport,
  onDropped: (report: DroppedReport) => void,
): OddsEndpoints {
  return {
    async getFixtureOdds({ fixtureIds, sportsbooks, markets, mainLinesOnly = false }, { signal } = {}) {
      const fixtureChunks = chunk(unique(fixtureIds), MAX_FIXTURES_PER_ODDS_CALL);
      const bookChunks = chunk(unique(sportsbooks), MAX_SPORTSBOOKS_PER_ODDS_CALL);
      if (fixtureChunks.length === 0 || bookChunks.length === 0) return [];
      const schemas = loadSchemas();
      const answers = await allOrNothing(signal, (groupSignal) =>
        fixtureChunks.flatMap((fixtureChunk) =>
          bookChunks.map(async (bookChunk) => {
            const body = await requestJson(transport, {
              method: 'GET',
              path: '/fixtures/odds',
              query: {
                fixture_id: fixtureChunk,
                sportsbook: bookChunk,
                market: markets && markets.length > 0 ? unique(markets) : undefined,
                is_main: mainLinesOnly ? 'true' : undefined,
              },
              signal: groupSignal,
            });
            const parsed = (await schemas).parseFixtureOddsBody(body);
            if (parsed.dropped > 0)
              onDropped({ path: '/fixtures/odds', count: parsed.dropped, detail: parsed.droppedDetail });
            return parsed.items;
          }),
        ),
      );
      return mergeFixtureOdds(fixtureIds, answers);
    },
  };
}
