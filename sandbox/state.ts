/** What every handler needs: options resolved to defaults, the catalog, the schedule and the market boards. */
import type { Context } from 'hono';
import { catalogOf, type Catalog, type CatalogKind } from './catalog/catalog.ts';
import type { LatencyMode } from './faults/latency.ts';
import { parseLatencyMode } from './faults/latency.ts';
import { createBoardCache, type MarketBoard } from './odds/market-board.ts';
import type { OddsModel } from './odds/book-odds.ts';
import { createForcedLocks } from './faults/forced-locks.ts';
import { createForcedPrices } from './faults/forced-prices.ts';
import { createFixtureSchedule, type FixtureSchedule, type ScheduledFixture } from './schedule/schedule.ts';

export interface SandboxOptions {
  /** The one key accepted. */
  apiKey: string;
  /** Default 1. */
  seed?: number;
  /** Epoch ms clock, default Date.now. */
  now?: () => number;
  /** Default 'realistic'. */
  latency?: LatencyMode;
  /** Default true: occasional upstream failures for some books. */
  randomFailures?: boolean;
  /** Default 'realistic' (the live service's size and habits); 'small' for fast unit and component tests. */
  catalog?: CatalogKind;
}

export interface SandboxState {
  apiKey: string;
  seed: number;
  now: () => number;
  latency: LatencyMode;
  randomFailures: boolean;
  catalog: Catalog;
  schedule: FixtureSchedule;
  boardFor: (fixture: ScheduledFixture) => MarketBoard;
  /** The seed and the test hooks' forced prices and locks: what every price reader needs. */
  odds: OddsModel;
}

export function createSandboxState(options: SandboxOptions): SandboxState {
  const seed = options.seed ?? 1;
  const catalog = catalogOf(options.catalog ?? 'realistic');
  return {
    apiKey: options.apiKey,
    seed,
    now: options.now ?? Date.now,
    latency: options.latency ?? 'realistic',
    randomFailures: options.randomFailures ?? true,
    catalog,
    schedule: createFixtureSchedule(seed, catalog),
    boardFor: createBoardCache(seed, catalog),
    odds: { seed, forcedPrices: createForcedPrices(), forcedLocks: createForcedLocks() },
  };
}

export const LATENCY_HEADER_ERROR = 'X-Sandbox-Latency: expected zero or realistic';

/** The latency mode for this request: `X-Sandbox-Latency` overrides the option; null if invalid. */
export function latencyModeFor(context: Context, state: SandboxState): LatencyMode | null {
  const override = parseLatencyMode(context.req.header('x-sandbox-latency'));
  return override === undefined ? state.latency : override;
}
