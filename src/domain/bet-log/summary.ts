/**
 * The log's summary: record (won-lost-push), money staked and won, ROI, average CLV, and the
 * cumulative profit over time (each bet counted when its last leg was graded).
 */
import type { BetRecord } from './bet-record.ts';
import { parlayClosingLineValue } from './clv.ts';
import { settleBet } from './settlement.ts';

export interface TimelinePoint {
  /** Epoch ms. */
  at: number;
  /** Profit of every bet settled up to here. */
  cumulativeProfit: number;
  /** Mean CLV against the books' closes of the bets settled up to here that have one; null before the first. */
  averageClv: number | null;
}

export interface BetLogSummary {
  won: number;
  lost: number;
  pushed: number;
  open: number;
  /** Stake of the settled bets. */
  staked: number;
  profit: number;
  /** profit / staked; null with nothing settled. */
  roi: number | null;
  /** Mean parlay CLV over bets whose closes are known; null when none. */
  averageClv: number | null;
  averageFairClv: number | null;
  timeline: TimelinePoint[];
}

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((total, value) => total + value, 0) / values.length;
}

/** When a settled bet settled: its last leg's grading (or when it was logged, if never graded). */
function settledAt(bet: BetRecord): number {
  return Math.max(bet.placedAt, ...bet.legs.map((leg) => leg.gradedAt ?? 0));
}

export function summariseBets(bets: readonly BetRecord[]): BetLogSummary {
  const counts = { won: 0, lost: 0, push: 0, open: 0 };
  let staked = 0;
  let profit = 0;
  const clvs: number[] = [];
  const fairClvs: number[] = [];
  const settled: { at: number; profit: number; clv: number | null }[] = [];
  for (const bet of bets) {
    const settlement = settleBet(bet);
    counts[settlement.outcome] += 1;
    const clv = parlayClosingLineValue(bet);
    if (clv.book !== null) clvs.push(clv.book);
    if (clv.fair !== null) fairClvs.push(clv.fair);
    if (settlement.profit === null) continue;
    staked += bet.stake;
    profit += settlement.profit;
    settled.push({ at: settledAt(bet), profit: settlement.profit, clv: clv.book });
  }
  settled.sort((a, b) => a.at - b.at);
  let running = 0;
  let clvTotal = 0;
  let clvCount = 0;
  const timeline = settled.map((point) => {
    running += point.profit;
    if (point.clv !== null) {
      clvTotal += point.clv;
      clvCount += 1;
    }
    return { at: point.at, cumulativeProfit: running, averageClv: clvCount === 0 ? null : clvTotal / clvCount };
  });
  return {
    won: counts.won,
    lost: counts.lost,
    pushed: counts.push,
    open: counts.open,
    staked,
    profit,
    roi: staked > 0 ? profit / staked : null,
    averageClv: mean(clvs),
    averageFairClv: mean(fairClvs),
    timeline,
  };
}
