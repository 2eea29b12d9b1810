/**
 * Legs on the small sandbox's NBA injury report at TEST_NOW: James Harden (Clippers) Out, shoulder
 * (the books have pulled his props); Payton Pritchard (Celtics) Probable, illness. Beside each, a
 * team's moneyline in the same game.
 */
import type { SlipLeg } from '../domain/slip.ts';

const clippersAtHawks = {
  homeTeam: 'Atlanta Hawks',
  awayTeam: 'Los Angeles Clippers',
  startDate: '2026-11-22T23:00:00Z',
  leagueId: 'nba',
};
const bullsAtCeltics = {
  homeTeam: 'Boston Celtics',
  awayTeam: 'Chicago Bulls',
  startDate: '2026-11-22T20:30:00Z',
  leagueId: 'nba',
};

export const harden: SlipLeg = {
  fixtureId: '202611220C11AD77',
  market: 'Player Points',
  name: 'James Harden Over 20.5',
  game: clippersAtHawks,
};
export const pritchard: SlipLeg = {
  fixtureId: '20261122DC2CBAAF',
  market: 'Player Points',
  name: 'Payton Pritchard Over 10.5',
  game: bullsAtCeltics,
};
export const hawks: SlipLeg = {
  fixtureId: '202611220C11AD77',
  market: 'Moneyline',
  name: 'Atlanta Hawks',
  game: clippersAtHawks,
};
export const celtics: SlipLeg = {
  fixtureId: '20261122DC2CBAAF',
  market: 'Moneyline',
  name: 'Boston Celtics',
  game: bullsAtCeltics,
};
