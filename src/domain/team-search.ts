/**
 * Finding a game by what a bettor types: the start of words of a team's or league's name ("lakers", "los ang"),
 * a team's abbreviation ("GSW"), or a word with one slip of the finger ("Lakres", "Celtcs").
 * Kept out of search-text.ts, which the first paint loads: this is the games list's alone.
 */
import { searchable } from './search-text.ts';

/** What a game can be found by, folded once per games list (not per keystroke). */
export interface SearchEntry {
  /** Each word of its names (teams, league), folded. */
  words: readonly string[];
  /** Team abbreviations, folded: matched whole, never with a typo ("LAL" is not "LAC"). */
  abbreviations: readonly string[];
}

export interface SearchTeam {
  name: string;
  /** As the service sends it; null or empty when it does not. */
  abbreviation: string | null;
}

/** Typos are forgiven only in words this long: a slip in "bos" would match half the league. */
const MIN_FUZZY_LENGTH = 4;

const wordsOf = (folded: string): string[] => folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

export function searchEntry(teams: readonly SearchTeam[], otherNames: readonly string[] = []): SearchEntry {
  const words = [...teams.map((team) => team.name), ...otherNames].flatMap((name) => wordsOf(searchable(name)));
  const abbreviations = teams.map((team) => searchable(team.abbreviation?.trim() ?? '')).filter(Boolean);
  return { words, abbreviations };
}

/**
 * Whether `typed` is, within one edit (a letter changed, missed, added, or two swapped), the start
 * of `word`: "lakr" and "lakres" both find "lakers". From the first difference on, each edit
 * leaves the rest to match; linear in the word's length.
 */
export function startsWithinOneEdit(word: string, typed: string): boolean {
  let at = 0;
  while (at < typed.length && typed[at] === word[at]) at++;
  if (at === typed.length) return true;
  const afterSlip = typed.slice(at + 1);
  return (
    word.startsWith(afterSlip, at + 1) ||
    word.startsWith(typed.slice(at), at + 1) ||
    word.startsWith(afterSlip, at) ||
    (typed[at] === word[at + 1] && typed[at + 1] === word[at] && word.startsWith(typed.slice(at + 2), at + 2))
  );
}

/** The words typed, folded and split once per keystroke. */
export function searchQuery(text: string): readonly string[] {
  return wordsOf(searchable(text));
}

/**
 * Whether a game is found: every typed word an abbreviation of it or the start of one of its words
 * (within one edit, for words of four letters or more): "los ang" finds Los Angeles, "lakers
 * celtics" the game between them, "okc" the Thunder's; nothing typed, every game.
 */
export function matchesSearch(entry: SearchEntry, tokens: readonly string[]): boolean {
  return tokens.every(
    (token) =>
      entry.abbreviations.includes(token) ||
      entry.words.some((word) =>
        token.length < MIN_FUZZY_LENGTH ? word.startsWith(token) : startsWithinOneEdit(word, token),
      ),
  );
}
