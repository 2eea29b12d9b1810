import { describe, expect, it } from 'vitest';
import { playerMatchNote, playersMatching, toSearchablePlayers, type GameSide } from './player-search.ts';
import { searchQuery } from './team-search.ts';

const roster = toSearchablePlayers([
  { name: 'LeBron James', teamId: 'LAL1', teamName: 'Los Angeles Lakers' },
  { name: 'Stephen Curry', teamId: 'GSW1', teamName: 'Golden State Warriors' },
  { name: 'Nikola Jokić', teamId: 'DEN1', teamName: 'Denver Nuggets' },
  { name: 'Jalen Brunson', teamId: 'NYK1', teamName: 'New York Knicks' },
  { name: 'Jalen Williams', teamId: null, teamName: 'Oklahoma City Thunder' },
]);

const lakersAtWarriors: GameSide[] = [
  { id: 'LAL1', name: 'Los Angeles Lakers' },
  { id: 'GSW1', name: 'Golden State Warriors' },
];
const knicksAtThunder: GameSide[] = [
  { id: 'NYK1', name: 'New York Knicks' },
  { id: 'OKC1', name: 'Oklahoma City Thunder' },
];

function found(text: string): string[] {
  return playersMatching(roster, searchQuery(text)).map(({ player }) => player.name);
}

describe('player search', () => {
  it('finds a player by first name, last name or both, in any case, accents folded', () => {
    expect(found('LeBron')).toEqual(['LeBron James']);
    expect(found('lebron james')).toEqual(['LeBron James']);
    expect(found('curry')).toEqual(['Stephen Curry']);
    expect(found('jokic')).toEqual(['Nikola Jokić']);
    expect(found('jalen')).toEqual(['Jalen Brunson', 'Jalen Williams']);
    expect(found('jalen will')).toEqual(['Jalen Williams']);
    expect(found('Gronkowski')).toEqual([]);
  });

  it('forgives one slip of the finger in a word of four letters or more', () => {
    for (const typo of ['Lebrn', 'LeBorn', 'Lebrom', 'LeeBron', 'lebron jmaes'])
      expect(found(typo)).toEqual(['LeBron James']);
    expect(found('Lebrxx')).toEqual([]);
  });

  it('finds no one for a query shorter than three letters (it would be half the league)', () => {
    expect(found('le')).toEqual([]);
    expect(found('')).toEqual([]);
  });

  it("says why a game is found: the player and his team, by the team's id or, without ids, its name", () => {
    const lebron = playersMatching(roster, searchQuery('lebron'));
    expect(playerMatchNote(lebron, lakersAtWarriors)).toBe('LeBron James — Los Angeles Lakers');
    expect(playerMatchNote(lebron, knicksAtThunder)).toBeNull();
    // Jalen Williams's team came without an id: his team's name links him to the Thunder's game.
    const jalens = playersMatching(roster, searchQuery('jalen'));
    expect(playerMatchNote(jalens, knicksAtThunder)).toBe(
      'Jalen Brunson — New York Knicks, Jalen Williams — Oklahoma City Thunder',
    );
    // A side without an id is matched by name too.
    expect(playerMatchNote(lebron, [{ id: null, name: 'los angeles lakers ' }])).toBe(
      'LeBron James — Los Angeles Lakers',
    );
  });

  it('never links a player to a game by a team id he does not have', () => {
    const lebron = playersMatching(roster, searchQuery('lebron'));
    expect(playerMatchNote(lebron, [{ id: 'LAC1', name: 'Los Angeles Lakers' }])).toBeNull();
  });
});
