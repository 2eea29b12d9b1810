/** What every handler needs: options resolved to defaults, the catalog, the schedule and the market boards. */
import type { Context } from 'hono';
import type { SandboxOptions } from './app.ts';
import { catalogOf, type Catalog } from './catalog.ts';
import type { LatencyMode } from './latency.ts';
import { parseLatencyMode } from './latency.ts';
import { createBoardCache, type MarketBoard } from './market-board.ts';
import { createFixtureSchedule, type FixtureSchedule, type ScheduledFixture } from './schedule.ts';

export interface SandboxState {
  apiKey: string;
  seed: number;
  now: () => number;
  latency: LatencyMode;
  randomFailures: boolean;
  catalog: Catalog;
  schedule: FixtureSchedule;
  boardFor: (fixture: ScheduledFixture) => MarketBoard;
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
  };
}

export const LATENCY_HEADER_ERROR = 'X-Sandbox-Latency: expected zero or realistic';

/** The latency mode for this request: `X-Sandbox-Latency` overrides the option; null if invalid. */
export function latencyModeFor(context: Context, state: SandboxState): LatencyMode | null {
  const override = parseLatencyMode(context.req.header('x-sandbox-latency'));
  return override === undefined ? state.latency : override;
}
