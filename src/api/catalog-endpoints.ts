/** The catalog's endpoints: sports, leagues, a game's markets, and the games of some leagues. */
import { requestJson, unique, type HttpTransport } from './http.ts';
import { loadSchemas } from './parse/load-schemas.ts';
import type { Fixture, FixturePage, League, Market, RequestOptions, Sport } from './types.ts';

/** listAllActiveFixtures stops here even if the service says there is more. */
export const MAX_FIXTURE_PAGES = 20;

export interface CatalogEndpoints {
  listSports(options?: RequestOptions): Promise<Sport[]>;
  listLeagues(params?: { sport?: string }, options?: RequestOptions): Promise<League[]>;
  /** Leagues with upcoming games, of these sports, in one request. */
  listActiveLeagues(params: { sports: readonly string[] }, options?: RequestOptions): Promise<League[]>;
  /** The markets a game has odds in (names as /parlay/odds takes them). */
  listActiveMarkets(params: { fixtureId: string }, options?: RequestOptions): Promise<Market[]>;
  listActiveFixtures(
    params: { leagues: readonly string[]; page?: number },
    options?: RequestOptions,
  ): Promise<FixturePage>;
  listAllActiveFixtures(params: { leagues: readonly string[] }, options?: RequestOptions): Promise<Fixture[]>;
}

export function createCatalogEndpoints(transport: HttpTransport): CatalogEndpoints {
  const listActiveFixtures: CatalogEndpoints['listActiveFixtures'] = async ({ leagues, page = 1 }, { signal } = {}) => {
    // The service rejects an unfiltered listing; no leagues simply means no fixtures.
    if (leagues.length === 0) return { fixtures: [], page, hasMore: false };
    const schemas = loadSchemas();
    const body = await requestJson(transport, {
      method: 'GET',
      path: '/fixtures/active',
      query: { league: unique(leagues), page },
      signal,
    });
    const parsed = (await schemas).parseFixturePageBody(body, page);
    return { fixtures: parsed.items, page: parsed.page, hasMore: parsed.hasMore };
  };

  return {
    async listSports({ signal } = {}) {
      const schemas = loadSchemas();
      const body = await requestJson(transport, { method: 'GET', path: '/sports', signal });
      return (await schemas).parseSportsBody(body).items;
    },

    async listLeagues({ sport } = {}, { signal } = {}) {
      const schemas = loadSchemas();
      const body = await requestJson(transport, { method: 'GET', path: '/leagues', query: { sport }, signal });
      return (await schemas).parseLeaguesBody(body).items;
    },

    async listActiveLeagues({ sports }, { signal } = {}) {
      if (sports.length === 0) return [];
      const schemas = loadSchemas();
      const body = await requestJson(transport, {
        method: 'GET',
        path: '/leagues/active',
        query: { sport: unique(sports) },
        signal,
      });
      return (await schemas).parseLeaguesBody(body).items;
    },

    async listActiveMarkets({ fixtureId }, { signal } = {}) {
      const schemas = loadSchemas();
      const body = await requestJson(transport, {
        method: 'GET',
        path: '/markets/active',
        query: { fixture_id: fixtureId },
        signal,
      });
      return (await schemas).parseMarketsBody(body).items;
    },

    listActiveFixtures,

    async listAllActiveFixtures({ leagues }, { signal } = {}) {
      const fixtures = new Map<string, Fixture>();
      for (let page = 1; page <= MAX_FIXTURE_PAGES; page += 1) {
        const answer = await listActiveFixtures({ leagues, page }, { signal });
        // A fixture can move between pages while we page; keep its first sighting.
        for (const fixture of answer.fixtures) if (!fixtures.has(fixture.id)) fixtures.set(fixture.id, fixture);
        if (!answer.hasMore) break;
      }
      return [...fixtures.values()];
    },
  };
}
