import { describe, expect, it } from 'vitest';
import { decodeSlip, encodeSlip, findSlipConflicts, legKey, MAX_SLIP_LEGS, type SlipLeg } from './slip.ts';

const leg = (fixtureId: string, market: string, name: string): SlipLeg => ({ fixtureId, market, name, game: null });

describe('findSlipConflicts', () => {
  it('flags both sides of one market in one game', () => {
    const over = leg('20261122AAAAAAAA', 'Total Points', 'Over 221.5');
    const under = leg('20261122AAAAAAAA', 'Total Points', 'Under 221.5');
    const conflicts = findSlipConflicts([over, under]);
    expect(conflicts.get(legKey(over))?.withKeys).toEqual([legKey(under)]);
    expect(conflicts.get(legKey(under))?.reason).toContain('Over 221.5');
  });

  it('flags two lines of one market in one game', () => {
    const main = leg('F1', 'Point Spread', 'Boston Celtics -4.5');
    const alt = leg('F1', 'Point Spread', 'Boston Celtics -6.5');
    expect(findSlipConflicts([main, alt]).size).toBe(2);
  });

  it('allows the same market in different games, and different players in one prop market', () => {
    expect(
      findSlipConflicts([leg('F1', 'Moneyline', 'Boston Celtics'), leg('F2', 'Moneyline', 'Denver Nuggets')]).size,
    ).toBe(0);
    expect(
      findSlipConflicts([
        leg('F1', 'Player Points', 'Jayson Tatum Over 27.5'),
        leg('F1', 'Player Points', 'Jaylen Brown Over 22.5'),
      ]).size,
    ).toBe(0);
  });

  it('flags over and under of one player in one prop market', () => {
    const conflicts = findSlipConflicts([
      leg('F1', 'Player Points', "D'Angelo Russell Over 14.5"),
      leg('F1', 'Player Points', "D'Angelo Russell Under 14.5"),
    ]);
    expect(conflicts.size).toBe(2);
    expect([...conflicts.values()][0]?.reason).toContain('per player');
  });

  it('leaves moneyline plus spread of one game to the books (some allow it)', () => {
    expect(
      findSlipConflicts([leg('F1', 'Moneyline', 'Boston Celtics'), leg('F1', 'Point Spread', 'Boston Celtics -4.5')])
        .size,
    ).toBe(0);
  });
});

describe('share encoding', () => {
  it('round-trips legs whose names hold separators, accents and punctuation', () => {
    const legs = [
      leg('20261122FF9AD242', 'Point Spread', 'Houston Astros -1.5'),
      leg('20261122FF9AD243', 'Player Points + Rebounds + Assists', 'Nikola Jokić Over 49.5'),
      leg('20261122FF9AD244', 'Correct Score', 'Toronto Blue Jays 3:2, ~odd~ 100%'),
      leg('20261122FF9AD245', 'Player Points', "D'Angelo Russell Over 14.5"),
    ];
    expect(decodeSlip(encodeSlip(legs))).toEqual({ legs, rejectedCount: 0, overLimitCount: 0 });
  });

  it('skips and counts malformed parts, duplicates and legs past the limit', () => {
    const good = encodeSlip([leg('F1', 'Moneyline', 'Boston Celtics')]);
    const decoded = decodeSlip(`${good},garbage,F2~~Name,${good},F3~Moneyline~%E0%A4%A`);
    expect(decoded.legs).toHaveLength(1);
    expect(decoded.rejectedCount).toBe(4);

    const many = Array.from({ length: MAX_SLIP_LEGS + 3 }, (_, index) => leg(`F${index}`, 'Moneyline', 'Team'));
    const limited = decodeSlip(encodeSlip(many));
    expect(limited.legs).toHaveLength(MAX_SLIP_LEGS);
    expect(limited.rejectedCount).toBe(0);
    expect(limited.overLimitCount).toBe(3);
  });

  it('reads an empty text as an empty slip', () => {
    expect(decodeSlip('')).toEqual({ legs: [], rejectedCount: 0, overLimitCount: 0 });
  });

  it('takes fixture ids as opaque text, colon-prefixed ones included, but not spaces or control characters', () => {
    const legs = [
      { fixtureId: 'mlb:3D5E0C0B1E12', market: 'Run Line', name: 'Houston Astros -1.5' },
      { fixtureId: '20261122DB4BA9B0', market: 'Moneyline', name: 'Boston Celtics' },
    ];
    expect(decodeSlip(encodeSlip(legs)).legs.map((leg) => leg.fixtureId)).toEqual([
      'mlb:3D5E0C0B1E12',
      '20261122DB4BA9B0',
    ]);
    expect(decodeSlip('mlb 3D5E~Moneyline~X,a%00b~Moneyline~Y').rejectedCount).toBe(2);
  });
});
