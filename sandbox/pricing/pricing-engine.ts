/**
 * `OpticOdds AI`, the service's bring-your-own-price engine: it prices a parlay from the prices the
 * caller sends. Legs echo the sent prices; legs from different games multiply; legs from one game
 * are combined with the fair correlation model the books use (correlation.ts), and nothing else -
 * no margin, no rounding toward a book. Two legs that exclude each other (both sides of a line)
 * cannot be combined. Forcing headers apply through `*` (e.g. `*=failed`).
 */
import { decimalToAmerican } from '../../src/domain/odds/odds.ts';
import { COMBINATION_MESSAGES } from '../odds/books.ts';
import { fairJointProbability } from './correlation.ts';
import { signedUnitHash } from '../shared/hash.ts';
import type { BookQuoteResult, PricedLeg, ResolvedEntry } from './parlay-pricer.ts';
import type { PricedEntryInput } from './parlay-request.ts';
import type { ScenarioOutcome } from '../faults/scenario.ts';

/** The engine answers in a few hundred milliseconds (realistic latency mode). */
export function plannedEngineLatencyMs(seed: number, bucket: number, requestKey: string): number {
  return Math.round(450 * (1 + 0.4 * signedUnitHash(seed, 'engine-latency', bucket, requestKey)));
}

/** The price as sent when it was American, else the decimal price in American form to 2 decimals. */
function americanOf(entry: PricedEntryInput): number {
  return entry.sentAmerican ?? Math.round(decimalToAmerican(entry.decimal) * 100) / 100;
}

/** Combined decimal odds: games multiply, each game's legs priced at their fair joint probability. */
function combinedDecimal(entries: readonly PricedEntryInput[], resolved: readonly ResolvedEntry[]): number | null {
  const byGame = new Map<string, number[]>();
  entries.forEach((entry, index) => {
    const gameId = resolved[index]?.board?.fixture.id ?? entry.fixture_id.trim();
    byGame.set(gameId, [...(byGame.get(gameId) ?? []), index]);
  });
  let combined = 1;
  for (const indexes of byGame.values()) {
    const joint = fairJointProbability(
      indexes.map((index) => {
        const selection = resolved[index]?.selection ?? null;
        return { probability: 1 / (entries[index]?.decimal ?? 2), factor: selection?.factor ?? null, selection };
      }),
    );
    if (joint <= 0) return null;
    combined /= joint;
  }
  return combined;
}

function pricedQuote(entries: readonly PricedEntryInput[], resolved: readonly ResolvedEntry[]): BookQuoteResult {
  const combined = combinedDecimal(entries, resolved);
  if (combined === null)
    return { kind: 'uncombinable', message: COMBINATION_MESSAGES.sportsbook, rule: 'same_market_line' };
  const legs: PricedLeg[] = entries.map((entry) => ({ entry, american: americanOf(entry) }));
  return { kind: 'priced', legs, american: Math.round(decimalToAmerican(combined) * 100) / 100, missing: [] };
}

/** The engine's result, or null when a forcing header leaves it out of the answer. */
export function quoteEngine(
  entries: readonly PricedEntryInput[],
  resolved: readonly ResolvedEntry[],
  outcome: ScenarioOutcome | null,
): BookQuoteResult | null {
  switch (outcome?.kind) {
    case undefined:
    case 'priced':
      return pricedQuote(entries, resolved);
    case 'absent':
      return null;
    case 'failed':
      return { kind: 'failed' };
    case 'uncombinable':
      return {
        kind: 'uncombinable',
        message: COMBINATION_MESSAGES[outcome.variant === 'own' ? 'sportsbook' : outcome.variant],
        rule: 'forced',
      };
    case 'missing': {
      const indexes = new Set(outcome.entryIndexes === 'last' ? [entries.length - 1] : outcome.entryIndexes);
      return { kind: 'missing', missing: entries.filter((_, index) => indexes.has(index)) };
    }
    case 'price-string': {
      const quote = pricedQuote(entries, resolved);
      return quote.kind === 'priced' ? { kind: 'price-string', legs: quote.legs, american: quote.american } : quote;
    }
  }
}
