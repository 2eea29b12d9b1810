/**
 * Finding a game by what a bettor types: part of a team's or league's name ("lakers", "los ang"),
 * a team's abbreviation ("GSW"), or a word with one slip of the finger ("Lakres", "Celtcs").
 * Kept out of search-text.ts, which the first paint loads: this is the games list's alone.
 */
import { searchable } from './search-text.ts';

/** What a game can be found by, folded once per games list (not per keystroke). */
export interface SearchEntry {
  /** Whole names (teams, league), folded, for plain "part of the name" matches. */
  phrases: readonly string[];
  /** Each word of those names, for word-by-word and typo-tolerant matches. */
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

function wordsOf(folded: string): string[] {
  return folded.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
}

/**
 * A team's initials stand in when the service sends no abbreviation: "Golden State Warriors" is
 * GSW, "Los Angeles Lakers" LAL, as the usual abbreviations are made.
 */
function initialsOf(words: readonly string[]): string | null {
  return words.length >= 2 ? words.map((word) => word[0]).join('') : null;
}

export function searchEntry(teams: readonly SearchTeam[], otherNames: readonly string[] = []): SearchEntry {
  const phrases = [...teams.map((team) => team.name), ...otherNames].map(searchable);
  const words = [...new Set(phrases.flatMap(wordsOf))];
  const abbreviations = new Set<string>();
  for (const team of teams) {
    const given = team.abbreviation?.trim();
    if (given) abbreviations.add(searchable(given));
    const initials = initialsOf(wordsOf(searchable(team.name)));
    if (initials !== null) abbreviations.add(initials);
  }
  return { phrases, words, abbreviations: [...abbreviations] };
}

/** Same length, one letter different or two neighbours swapped. */
function oneChangeApart(a: string, b: string): boolean {
  let first = -1;
  for (let index = 0; index < a.length; index++) {
    if (a[index] === b[index]) continue;
    if (first !== -1) {
      // A second difference: only a swap of the two neighbours that differ counts as one slip.
      return (
        index === first + 1 &&
        a[first] === b[index] &&
        a[index] === b[first] &&
        a.slice(index + 1) === b.slice(index + 1)
      );
    }
    first = index;
  }
  return true;
}

/** `longer` is `shorter` with one letter added somewhere. */
function oneLetterAdded(longer: string, shorter: string): boolean {
  if (longer.length !== shorter.length + 1) return false;
  let index = 0;
  while (index < shorter.length && longer[index] === shorter[index]) index++;
  return longer.slice(index + 1) === shorter.slice(index);
}

/**
 * Whether `typed` is, within one edit (a letter changed, missed, added, or two swapped), the start
 * of `word`: "lakr" and "lakres" both find "lakers". Linear in the word's length.
 */
export function startsWithinOneEdit(word: string, typed: string): boolean {
  const sameLength = word.slice(0, typed.length);
  if (sameLength.length === typed.length && oneChangeApart(typed, sameLength)) return true;
  if (oneLetterAdded(typed, word.slice(0, typed.length - 1))) return true;
  const oneLonger = word.slice(0, typed.length + 1);
  return oneLonger.length === typed.length + 1 && oneLetterAdded(oneLonger, typed);
}

/** The search as typed, folded and split once per keystroke. */
export interface SearchQuery {
  folded: string;
  tokens: readonly string[];
}

export function searchQuery(text: string): SearchQuery {
  const folded = searchable(text.trim());
  return { folded, tokens: wordsOf(folded) };
}

function tokenMatches(entry: SearchEntry, token: string): boolean {
  if (entry.abbreviations.includes(token)) return true;
  for (const word of entry.words) if (word.startsWith(token)) return true;
  if (token.length < MIN_FUZZY_LENGTH) return false;
  for (const word of entry.words) if (startsWithinOneEdit(word, token)) return true;
  return false;
}

/**
 * Whether a game is found: the whole text inside one of its names, or every typed word matching
 * one of its words (its start, within one edit) or an abbreviation: "lakers celtics" finds the game
 * between them, "okc" the Thunder's.
 */
export function matchesSearch(entry: SearchEntry, query: SearchQuery): boolean {
  if (query.folded === '') return true;
  if (entry.phrases.some((phrase) => phrase.includes(query.folded))) return true;
  return query.tokens.length > 0 && query.tokens.every((token) => tokenMatches(entry, token));
}
