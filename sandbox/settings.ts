/**
 * The sandbox's settings, read from the environment in this one place with one rule each, for the
 * sandbox on its own (`npm run sandbox`) and inside our server (no ODDS_API_KEY).
 *
 * SANDBOX_CLOCK pins the sandbox's world: its clock reads that instant when the process starts (or
 * at SANDBOX_CLOCK_ANCHOR_MS, the real moment the instant corresponds to, so several processes of
 * one test run share one world) and advances normally from there. Unset: the real clock.
 */
import { CATALOG_KINDS, type CatalogKind } from './catalog/catalog.ts';
import { LATENCY_MODES, type LatencyMode } from './faults/latency.ts';
import type { SandboxOptions } from './state.ts';

const DEFAULT_SANDBOX_API_KEY = 'sandbox-key';

export class SandboxSettingError extends Error {}

/** The sandbox's world clock: `startMs` of its own time at the real moment `anchorMs`. */
export interface WorldClock {
  startMs: number;
  anchorMs: number;
}

export interface SandboxSettings {
  /** The key the standalone sandbox accepts (our server makes one of its own for the sandbox it runs). */
  apiKey: string;
  seed: number;
  latency: LatencyMode;
  catalog: CatalogKind;
  /** Occasional per-book failures, as the live service has. */
  randomFailures: boolean;
  /** Null: the sandbox runs on the real clock. */
  clock: WorldClock | null;
}

type Environment = Readonly<Record<string, string | undefined>>;

function oneOf<Value extends string>(
  name: string,
  raw: string | undefined,
  allowed: readonly Value[],
  fallback: Value,
): Value {
  if (raw === undefined || raw === '') return fallback;
  const lower = raw.trim().toLowerCase();
  const found = allowed.find((value) => value === lower);
  if (found === undefined) throw new SandboxSettingError(`${name} must be ${allowed.join(' or ')}, got "${raw}".`);
  return found;
}

function wholeNumber(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value)) {
    throw new SandboxSettingError(`${name} must be a whole number, got "${raw}".`);
  }
  return value;
}

/** An ISO 8601 instant with its zone said (`Z` or `+hh:mm`): a bare local time would mean a different world on each machine. */
function parseInstant(name: string, raw: string): number {
  const trimmed = raw.trim();
  const parts = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.exec(trimmed);
  const ms = Date.parse(trimmed);
  // Date.parse rolls 2026-02-30 over to March: a real calendar date survives the round trip.
  const calendarDate = parts ? new Date(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]))) : null;
  if (!parts || Number.isNaN(ms) || calendarDate?.getUTCDate() !== Number(parts[3])) {
    throw new SandboxSettingError(
      `${name} must be an ISO instant with its zone, like 2026-11-24T18:00:00Z, got "${raw}".`,
    );
  }
  return ms;
}

function readClock(env: Environment, processStartMs: number): WorldClock | null {
  const raw = env.SANDBOX_CLOCK;
  if (raw === undefined || raw.trim() === '') return null;
  const startMs = parseInstant('SANDBOX_CLOCK', raw);
  const anchorMs = wholeNumber('SANDBOX_CLOCK_ANCHOR_MS', env.SANDBOX_CLOCK_ANCHOR_MS, processStartMs);
  return { startMs, anchorMs };
}

export function readSandboxSettings(env: Environment, processStartMs = Date.now()): SandboxSettings {
  return {
    apiKey: env.SANDBOX_API_KEY && env.SANDBOX_API_KEY !== '' ? env.SANDBOX_API_KEY : DEFAULT_SANDBOX_API_KEY,
    seed: wholeNumber('SANDBOX_SEED', env.SANDBOX_SEED, 1),
    latency: oneOf('SANDBOX_LATENCY', env.SANDBOX_LATENCY, LATENCY_MODES, 'realistic'),
    catalog: oneOf('SANDBOX_CATALOG', env.SANDBOX_CATALOG, CATALOG_KINDS, 'realistic'),
    randomFailures: oneOf('SANDBOX_FAILURES', env.SANDBOX_FAILURES, ['0', '1'], '1') === '1',
    clock: readClock(env, processStartMs),
  };
}

/** The sandbox's clock: the real one, or the pinned world advancing at the real rate. */
export function worldNow(clock: WorldClock | null, realNow: () => number = Date.now): () => number {
  if (clock === null) return realNow;
  const offsetMs = clock.startMs - clock.anchorMs;
  return () => realNow() + offsetMs;
}

/** The options createSandboxApp takes, from the settings. */
export function sandboxOptionsFrom(settings: SandboxSettings): SandboxOptions {
  return {
    apiKey: settings.apiKey,
    seed: settings.seed,
    latency: settings.latency,
    catalog: settings.catalog,
    randomFailures: settings.randomFailures,
    now: worldNow(settings.clock),
  };
}

/** One line for start-up logs: what world the sandbox runs in. */
export function describeSandbox(settings: SandboxSettings): string {
  const clock = settings.clock
    ? `world clock from ${new Date(worldNow(settings.clock)()).toISOString()}`
    : 'real clock';
  return `catalog ${settings.catalog}, latency ${settings.latency}, random failures ${settings.randomFailures ? 'on' : 'off'}, seed ${settings.seed}, ${clock}`;
}
