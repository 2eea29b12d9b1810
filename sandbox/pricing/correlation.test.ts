import { describe, expect, it } from 'vitest';
import { correlationLift, fairJointProbability, legCorrelation } from './correlation.ts';
import { legFactor, type LegFactor } from '../odds/fair-selection.ts';
import { bivariateNormalCdf, inverseNormalCdf, normalCdf } from '../shared/math.ts';

const homeWins = legFactor({ latent: 'margin', side: 'home', period: 'game' });
const awayWins = legFactor({ latent: 'margin', side: 'away', period: 'game' });
const over = legFactor({ latent: 'total', direction: 1, period: 'game' });
const under = legFactor({ latent: 'total', direction: -1, period: 'game' });
const homeScoresOver = legFactor({ latent: 'team_score', side: 'home', direction: 1, period: 'game' });
const quarterback = legFactor({
  latent: 'player_stat',
  side: 'home',
  period: 'game',
  playerId: 'qb',
  statFamily: 'passing',
});
const receiver = legFactor({
  latent: 'player_stat',
  side: 'home',
  period: 'game',
  playerId: 'wr',
  statFamily: 'receiving',
});
const opposingReceiver = legFactor({
  latent: 'player_stat',
  side: 'away',
  period: 'game',
  playerId: 'wr2',
  statFamily: 'receiving',
});

function leg(probability: number, factor: LegFactor | null, groupId?: string, sideIndex = 0) {
  return { probability, factor, selection: groupId === undefined ? null : { groupId, sideIndex } };
}

describe('normal helpers', () => {
  it('inverts the normal CDF', () => {
    for (const z of [-3, -1.2, 0, 0.4, 2.5]) expect(inverseNormalCdf(normalCdf(z))).toBeCloseTo(z, 4);
  });

  it('matches the closed form of the bivariate normal at the origin: 1/4 + asin(rho) / (2 pi)', () => {
    for (const rho of [-0.8, -0.5, 0, 0.3, 0.9]) {
      expect(bivariateNormalCdf(0, 0, rho)).toBeCloseTo(0.25 + Math.asin(rho) / (2 * Math.PI), 5);
    }
    // Independent: the product of the margins.
    expect(bivariateNormalCdf(0.7, -0.4, 0)).toBeCloseTo(normalCdf(0.7) * normalCdf(-0.4), 5);
  });
});

describe('leg correlations', () => {
  it('links a team’s win with its own spread and score positively, with the other side negatively', () => {
    expect(legCorrelation(homeWins, homeWins)).toBeGreaterThan(0.8);
    expect(legCorrelation(homeWins, awayWins)).toBeLessThan(-0.8);
    expect(legCorrelation(homeWins, homeScoresOver)).toBeGreaterThan(0.5);
    expect(legCorrelation(awayWins, homeScoresOver)).toBeLessThan(-0.5);
  });

  it('links totals with each other and with scoring, and not with who wins', () => {
    expect(legCorrelation(over, under)).toBeLessThan(-0.8);
    expect(legCorrelation(over, homeScoresOver)).toBeCloseTo(0.7, 5);
    expect(legCorrelation(homeWins, over)).toBe(0);
  });

  it('stacks a quarterback with his own receiver, barely with the other team’s', () => {
    expect(legCorrelation(quarterback, receiver)).toBeCloseTo(0.5, 5);
    expect(legCorrelation(quarterback, opposingReceiver)).toBeCloseTo(0.05, 5);
  });

  it('damps links between different parts of the game', () => {
    const firstHalfWin = legFactor({ latent: 'margin', side: 'home', period: 'h1' });
    const secondHalfWin = legFactor({ latent: 'margin', side: 'home', period: 'h2' });
    expect(legCorrelation(homeWins, firstHalfWin)).toBeCloseTo(0.85 * 0.6, 5);
    expect(legCorrelation(firstHalfWin, secondHalfWin)).toBeCloseTo(0.85 * 0.15, 5);
  });
});

describe('fair joint probability', () => {
  it('is above the product for positively correlated legs and below it for negatively correlated ones', () => {
    const product = 0.6 * 0.5;
    expect(fairJointProbability([leg(0.6, homeWins, 'ml'), leg(0.5, homeWins, 'spread')])).toBeGreaterThan(
      product * 1.3,
    );
    expect(fairJointProbability([leg(0.6, homeWins, 'ml'), leg(0.5, awayWins, 'spread', 1)])).toBeLessThan(
      product * 0.7,
    );
    expect(correlationLift([leg(0.55, homeWins, 'ml'), leg(0.5, over, 'total')])).toBe(1);
  });

  it('treats the same bet twice as one bet, two sides of one line as impossible, unknown legs as independent', () => {
    expect(fairJointProbability([leg(0.4, over, 'total'), leg(0.4, over, 'total')])).toBeCloseTo(0.4, 10);
    expect(fairJointProbability([leg(0.4, over, 'total', 0), leg(0.6, under, 'total', 1)])).toBe(0);
    expect(fairJointProbability([leg(0.4, null), leg(0.5, homeWins, 'ml')])).toBeCloseTo(0.2, 10);
  });

  it('stays within the bounds of any joint probability', () => {
    const joint = fairJointProbability([
      leg(0.9, homeWins, 'a'),
      leg(0.85, homeWins, 'b'),
      leg(0.8, homeScoresOver, 'c'),
      leg(0.95, over, 'd'),
    ]);
    expect(joint).toBeLessThanOrEqual(0.8);
    expect(joint).toBeGreaterThanOrEqual(0.9 + 0.85 + 0.8 + 0.95 - 3);
  });
});
