import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchesSearch, searchEntry, searchQuery, startsWithinOneEdit, type SearchTeam } from './team-search.ts';

const lakers: SearchTeam = { name: 'Los Angeles Lakers', abbreviation: 'LAL' };
const warriors: SearchTeam = { name: 'Golden State Warriors', abbreviation: 'GSW' };
const knicks: SearchTeam = { name: 'New York Knicks', abbreviation: 'NYK' };
const thunder: SearchTeam = { name: 'Oklahoma City Thunder', abbreviation: 'OKC' };
const clippers: SearchTeam = { name: 'Los Angeles Clippers', abbreviation: 'LAC' };
const atletico: SearchTeam = { name: 'Atlético Madrid', abbreviation: null };

const lakersAtWarriors = searchEntry([lakers, warriors], ['NBA']);
const knicksAtThunder = searchEntry([knicks, thunder], ['NBA']);
const clippersGame = searchEntry([clippers, knicks], ['NBA']);
const madrid = searchEntry([atletico, { name: 'Real Betis', abbreviation: '' }], ['Spain - La Liga']);

function finds(entry: ReturnType<typeof searchEntry>, text: string): boolean {
  return matchesSearch(entry, searchQuery(text));
}

describe('team search', () => {
  it('finds a team by its abbreviation, whatever the case', () => {
    for (const text of ['GSW', 'lal', 'Lal ']) expect(finds(lakersAtWarriors, text)).toBe(true);
    for (const text of ['NYK', 'okc']) expect(finds(knicksAtThunder, text)).toBe(true);
    expect(finds(knicksAtThunder, 'GSW')).toBe(false);
    // An abbreviation is matched whole: a slip in one would name another team.
    expect(finds(lakersAtWarriors, 'LAC')).toBe(false);
    expect(finds(clippersGame, 'LAL')).toBe(false);
  });

  it('finds a team by its nickname or any part of its name, accents folded', () => {
    for (const text of ['Lakers', 'lak', 'los angeles', 'Golden', 'warriors lakers']) {
      expect(finds(lakersAtWarriors, text)).toBe(true);
    }
    expect(finds(madrid, 'atletico')).toBe(true);
    expect(finds(madrid, 'la liga')).toBe(true);
    expect(finds(knicksAtThunder, 'Lakers')).toBe(false);
    // Every word must match: the Lakers do not play the Knicks here.
    expect(finds(lakersAtWarriors, 'lakers knicks')).toBe(false);
  });

  it('still finds a team with one letter wrong, missed, added or swapped', () => {
    for (const text of ['Lakres', 'Lakrs', 'Lakerss', 'Lajers', 'Warriros', 'Thnder', 'Knciks', 'Atletcio']) {
      const entries = [lakersAtWarriors, knicksAtThunder, madrid];
      expect(entries.some((entry) => finds(entry, text))).toBe(true);
    }
    // Two slips is another word.
    expect(finds(lakersAtWarriors, 'Lkaers')).toBe(true); // one swap
    expect(finds(lakersAtWarriors, 'Lkares')).toBe(false);
    // Short words must be right: "bos" with a slip would match half the league.
    expect(finds(lakersAtWarriors, 'lsk')).toBe(false);
  });

  it('finds as the bettor types, a slip included', () => {
    expect(startsWithinOneEdit('lakers', 'lakr')).toBe(true);
    expect(startsWithinOneEdit('lakers', 'lkae')).toBe(true);
    expect(startsWithinOneEdit('lakers', 'laxers')).toBe(true);
    expect(startsWithinOneEdit('lakers', 'lxxers')).toBe(false);
    expect(startsWithinOneEdit('thunder', 'thnd')).toBe(true);
  });

  it('an empty search finds every game', () => {
    expect(finds(lakersAtWarriors, '   ')).toBe(true);
  });
});

describe('team search, for any team name', () => {
  const letters = fc.stringMatching(/^[a-z]{4,12}$/);
  const teamName = fc.array(letters, { minLength: 1, maxLength: 3 }).map((words) => words.join(' '));

  it('finds the team by any one word of its name with any one slip in it', () => {
    fc.assert(
      fc.property(
        teamName,
        fc.nat(),
        fc.nat(),
        fc.constantFrom('change', 'miss', 'add', 'swap'),
        fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'),
        (name, wordPick, positionPick, slip, letter) => {
          const words = name.split(' ');
          const word = words[wordPick % words.length] ?? '';
          const at = positionPick % word.length;
          const typed =
            slip === 'change'
              ? word.slice(0, at) + letter + word.slice(at + 1)
              : slip === 'miss'
                ? word.slice(0, at) + word.slice(at + 1)
                : slip === 'add'
                  ? word.slice(0, at) + letter + word.slice(at)
                  : at + 1 < word.length
                    ? word.slice(0, at) + (word[at + 1] ?? '') + (word[at] ?? '') + word.slice(at + 2)
                    : word;
          fc.pre(typed.length >= 4);
          expect(finds(searchEntry([{ name, abbreviation: null }]), typed)).toBe(true);
        },
      ),
    );
  });

  it('finds the team by any start of its name, and by its abbreviation in any case', () => {
    fc.assert(
      fc.property(teamName, fc.nat(), fc.stringMatching(/^[A-Za-z]{2,4}$/), (name, cut, abbreviation) => {
        const entry = searchEntry([{ name, abbreviation }]);
        const start = name.slice(0, 1 + (cut % name.length));
        expect(finds(entry, start)).toBe(true);
        expect(finds(entry, abbreviation.toLowerCase())).toBe(true);
        expect(finds(entry, abbreviation.toUpperCase())).toBe(true);
      }),
    );
  });

  it('never throws, whatever is typed or named', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.option(fc.string()), (typed, name, abbreviation) => {
        expect(typeof finds(searchEntry([{ name, abbreviation }], [name]), typed)).toBe('boolean');
      }),
    );
  });
});
