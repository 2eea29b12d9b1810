/**
 * Which legs a book refuses to put in one parlay. All rules are about legs from the same game;
 * each book sends its own message whatever the rule (see COMBINATION_MESSAGES).
 */
import type { BookProfile } from '../odds/books.ts';
import type { FairSelection } from '../odds/fair-selection.ts';

export type CombinationRule =
  /** Two sides (or the same side twice) of one line in one game, or two winners of one part of a game. */
  | 'same_market_line'
  /** A team's moneyline with the same team's spread in one game. */
  | 'moneyline_with_own_spread'
  /** More legs from one game than the book allows (BetMGM: 3). */
  | 'too_many_legs_in_game'
  /** A same-game parlay containing a player prop, at books without same-game props. */
  | 'same_game_player_prop';

/** A leg the catalog recognised, with its fixture. */
export interface KnownLeg {
  fixtureId: string;
  selection: FairSelection;
}

const WINNER_KINDS = new Set(['moneyline', 'moneyline_3way', 'draw_no_bet']);

function legsByFixture(legs: readonly KnownLeg[]): Map<string, KnownLeg[]> {
  const byFixture = new Map<string, KnownLeg[]>();
  for (const leg of legs) byFixture.set(leg.fixtureId, [...(byFixture.get(leg.fixtureId) ?? []), leg]);
  return byFixture;
}

function sameGameRule(profile: BookProfile, legs: readonly KnownLeg[]): CombinationRule | null {
  for (let first = 0; first < legs.length; first++) {
    for (let second = first + 1; second < legs.length; second++) {
      const a = (legs[first] as KnownLeg).selection;
      const b = (legs[second] as KnownLeg).selection;
      if (a.groupId === b.groupId) return 'same_market_line';
      // Lines of different parts of the game (1st half, full game) combine like any two markets.
      if (a.market.period !== b.market.period) continue;
      if (WINNER_KINDS.has(a.market.kind) && WINNER_KINDS.has(b.market.kind)) return 'same_market_line';
      const [winner, spread] = a.market.kind === 'spread' ? [b, a] : [a, b];
      if (
        !profile.allowsMoneylineWithOwnSpread &&
        WINNER_KINDS.has(winner.market.kind) &&
        spread.market.kind === 'spread' &&
        winner.teamId !== null &&
        winner.teamId === spread.teamId
      ) {
        return 'moneyline_with_own_spread';
      }
    }
  }
  if (profile.maxLegsPerGame !== null && legs.length > profile.maxLegsPerGame) return 'too_many_legs_in_game';
  if (profile.refusesSameGamePlayerProps && legs.some((leg) => leg.selection.isPlayerProp))
    return 'same_game_player_prop';
  return null;
}

/** The first rule the legs break at this book, or null when the book combines them. */
export function combinationRuleBroken(profile: BookProfile, legs: readonly KnownLeg[]): CombinationRule | null {
  for (const gameLegs of legsByFixture(legs).values()) {
    if (gameLegs.length < 2) continue;
    const rule = sameGameRule(profile, gameLegs);
    if (rule) return rule;
  }
  return null;
}

/** Fixture ids with two or more legs: those parts are priced as same-game parlays. */
export function sameGameFixtureIds(legs: readonly { fixtureId: string | null }[]): Set<string> {
  const counts = new Map<string, number>();
  for (const leg of legs) if (leg.fixtureId) counts.set(leg.fixtureId, (counts.get(leg.fixtureId) ?? 0) + 1);
  return new Set([...counts].filter(([, count]) => count > 1).map(([fixtureId]) => fixtureId));
}
