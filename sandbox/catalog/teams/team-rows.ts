/** The shape of the hand-written roster data, and tiny helpers that keep the data files terse. */

/** A player's role decides which props he gets and what his stat lines look like. */
export type PlayerRole =
  | 'guard'
  | 'forward'
  | 'center'
  | 'quarterback'
  | 'running_back'
  | 'receiver'
  | 'tight_end'
  | 'defender'
  | 'batter'
  | 'pitcher'
  | 'skater'
  | 'defenceman'
  | 'striker'
  | 'midfielder';

export interface PlayerRow {
  name: string;
  role: PlayerRole;
}

export interface TeamRow {
  name: string;
  abbreviation: string;
  venue: string;
  players: readonly PlayerRow[];
}

export function team(name: string, abbreviation: string, venue: string, players: readonly PlayerRow[] = []): TeamRow {
  return { name, abbreviation, venue, players };
}

function role(playerRole: PlayerRole) {
  return (name: string): PlayerRow => ({ name, role: playerRole });
}

export const guard = role('guard');
export const forward = role('forward');
export const center = role('center');
export const quarterback = role('quarterback');
export const runningBack = role('running_back');
export const receiver = role('receiver');
export const tightEnd = role('tight_end');
export const defender = role('defender');
export const batter = role('batter');
export const pitcher = role('pitcher');
export const skater = role('skater');
export const defenceman = role('defenceman');
export const striker = role('striker');
export const midfielder = role('midfielder');
