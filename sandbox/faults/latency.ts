/**
 * Planned response times. Each book has its own typical latency with jitter (80-900 ms), same-game
 * quotes are slower at some books (up to ~2 s); a parlay response waits for the slowest book.
 */
import type { Sportsbook } from '../../src/domain/sportsbooks.ts';
import { profileOf } from '../odds/books.ts';
import { signedUnitHash, unitHash } from '../shared/hash.ts';
import { clamp } from '../shared/math.ts';

export const LATENCY_MODES = ['realistic', 'zero'] as const;
export type LatencyMode = (typeof LATENCY_MODES)[number];

export interface LatencyInputs {
  seed: number;
  bucket: number;
  requestKey: string;
  sameGame: boolean;
}

/** The milliseconds a book takes to quote, in realistic mode. */
export function plannedBookLatencyMs(book: Sportsbook, inputs: LatencyInputs): number {
  const profile = profileOf(book);
  const jitter = 1 + 0.35 * signedUnitHash(inputs.seed, 'latency', book, inputs.bucket, inputs.requestKey);
  if (inputs.sameGame) return Math.round(Math.max(profile.latencyMs, profile.sameGameLatencyMs) * jitter);
  return Math.round(clamp(profile.latencyMs * jitter, 80, 900));
}

/** Catalog endpoints answer quickly: 30-250 ms. */
export function plannedCatalogLatencyMs(seed: number, path: string, bucket: number, requestKey: string): number {
  return Math.round(30 + 220 * unitHash(seed, 'catalog-latency', path, bucket, requestKey));
}

/** undefined when no mode was asked for, null when the value is not a mode. */
export function parseLatencyMode(value: string | undefined): LatencyMode | null | undefined {
  if (value === undefined || value === '') return undefined;
  const lower = value.toLowerCase();
  return LATENCY_MODES.find((mode) => mode === lower) ?? null;
}

export function sleep(milliseconds: number): Promise<void> {
  return milliseconds > 0 ? new Promise((resolve) => setTimeout(resolve, milliseconds)) : Promise.resolve();
}
