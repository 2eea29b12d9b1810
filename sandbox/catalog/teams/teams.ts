/** Teams and players with stable ids (independent of the seed, like a real provider's ids). */
import type { CoreLeagueId } from '../catalog-sports.ts';
import { hexHash, hash32 } from '../../shared/hash.ts';
import type { PlayerRole, TeamRow } from './team-rows.ts';
import { NBA_TEAMS, NCAAB_TEAMS } from './teams-basketball.ts';
import { NFL_TEAMS, NCAAF_TEAMS } from './teams-football.ts';
import { MLB_TEAMS, NHL_TEAMS } from './teams-baseball-hockey.ts';
import { LA_LIGA_TEAMS, PREMIER_LEAGUE_TEAMS } from './teams-soccer.ts';

export interface Player {
  id: string;
  name: string;
  role: PlayerRole;
  /** ASCII key used in grouping keys, e.g. `nikola_jokic`. */
  slug: string;
  teamId: string;
}

export interface Team {
  id: string;
  numericalId: number;
  /** The competitor across leagues (the vendor's `base_id`): same team name, same base id. */
  baseId: number;
  leagueId: string;
  name: string;
  abbreviation: string;
  venue: string;
  players: readonly Player[];
}

// Letters NFKD does not decompose into a base letter and a mark.
const UNDECOMPOSABLE: Readonly<Record<string, string>> = { ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', đ: 'd', ł: 'l', ı: 'i' };

/** `Nikola Jokić` -> `nikola_jokic`, `D'Angelo Russell` -> `dangelo_russell`, `Martin Ødegaard` -> `martin_odegaard`. */
function playerSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[øæœßđłı]/g, (letter) => UNDECOMPOSABLE[letter] ?? letter)
    .replace(/['’.]/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

export function teamIdentity(leagueId: string, name: string): Pick<Team, 'id' | 'numericalId' | 'baseId'> {
  return {
    id: hexHash(12, 'team', leagueId, name),
    numericalId: 1000 + (hash32('team-number', leagueId, name) % 90000),
    baseId: 100 + (hash32('team-base', name) % 900_000),
  };
}

function buildTeams(leagueId: CoreLeagueId, rows: readonly TeamRow[]): readonly Team[] {
  return rows.map((row) => {
    const { id, numericalId, baseId } = teamIdentity(leagueId, row.name);
    return {
      id,
      numericalId,
      baseId,
      leagueId,
      name: row.name,
      abbreviation: row.abbreviation,
      venue: row.venue,
      players: row.players.map((player) => ({
        id: hexHash(12, 'player', leagueId, row.name, player.name),
        name: player.name,
        role: player.role,
        slug: playerSlug(player.name),
        teamId: id,
      })),
    };
  });
}

export const TEAMS_BY_LEAGUE: Readonly<Record<CoreLeagueId, readonly Team[]>> = {
  nba: buildTeams('nba', NBA_TEAMS),
  ncaab: buildTeams('ncaab', NCAAB_TEAMS),
  nfl: buildTeams('nfl', NFL_TEAMS),
  ncaaf: buildTeams('ncaaf', NCAAF_TEAMS),
  mlb: buildTeams('mlb', MLB_TEAMS),
  nhl: buildTeams('nhl', NHL_TEAMS),
  'england_-_premier_league': buildTeams('england_-_premier_league', PREMIER_LEAGUE_TEAMS),
  'spain_-_la_liga': buildTeams('spain_-_la_liga', LA_LIGA_TEAMS),
};
