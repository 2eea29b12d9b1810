/**
 * Finding a game by a player in it: "LeBron" or "lebron james" (or "Lebrn", one slip of the finger)
 * finds the Lakers' game, and says why ("LeBron James — Los Angeles Lakers"). The same word rules as
 * the team search (team-search.ts); a player is linked to a game by his team's id, or its name when
 * either side sends no id.
 */
import { searchable } from './search-text.ts';
import { matchesSearch, searchEntry, type SearchEntry } from './team-search.ts';

export interface RosterPlayer {
  name: string;
  /** The team's id as the fixtures carry it; null when the service sent none. */
  teamId: string | null;
  teamName: string;
}

/** A player with his name's words folded once per roster, not per keystroke. */
export interface SearchablePlayer {
  player: RosterPlayer;
  search: SearchEntry;
  /** The team's name, folded, for games whose sides carry no id. */
  teamKey: string;
}

export interface GameSide {
  id: string | null;
  name: string;
}

/** A player's name typed with fewer letters than this finds no one: "la" is half the league. */
const MIN_PLAYER_QUERY_LETTERS = 3;

export function toSearchablePlayers(players: readonly RosterPlayer[]): SearchablePlayer[] {
  return players.map((player) => ({
    player,
    search: searchEntry([], [player.name]),
    teamKey: searchable(player.teamName.trim()),
  }));
}

/** The players whose name every typed word starts (see matchesSearch); none for a query too short to mean one. */
export function playersMatching(
  players: readonly SearchablePlayer[],
  tokens: readonly string[],
): readonly SearchablePlayer[] {
  if (tokens.join('').length < MIN_PLAYER_QUERY_LETTERS) return [];
  return players.filter((player) => matchesSearch(player.search, tokens));
}

function playsFor(player: SearchablePlayer, side: GameSide): boolean {
  if (player.player.teamId !== null && side.id !== null) return player.player.teamId === side.id;
  return player.teamKey !== '' && player.teamKey === searchable(side.name.trim());
}

/** Why a game is found by its players: "LeBron James — Los Angeles Lakers" (the first two found); null if by none. */
export function playerMatchNote(found: readonly SearchablePlayer[], sides: readonly GameSide[]): string | null {
  const inGame = found.filter((player) => sides.some((side) => playsFor(player, side)));
  if (inGame.length === 0) return null;
  const named = inGame
    .slice(0, 2)
    .map(({ player }) => `${player.name} — ${player.teamName}`)
    .join(', ');
  return inGame.length > 2 ? `${named} and ${inGame.length - 2} more` : named;
}
