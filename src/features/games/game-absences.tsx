/**
 * A game's key absences, one tap away on its row: each team's Out and Doubtful players (the
 * report's words, state/injuries.ts says why those) with the injury. Nothing shows while the report
 * loads, when it fails, or when neither team has one.
 */
import type { Fixture } from '../../api/types.ts';
import type { Injury } from '../../api/bet-tracking/types.ts';
import { gameLabel } from '../../domain/display.ts';
import { searchable } from '../../domain/search-text.ts';
import { isKeyAbsence, useLeagueInjuries } from '../../state/injuries.ts';
import { Disclosure } from '../../ui/disclosure.tsx';
import { injuryLabel } from '../../ui/injury-note.tsx';
import { SpokenLabel } from '../../ui/spoken-label.tsx';

function plays(injury: Injury, team: string, competitorIds: readonly string[]): boolean {
  if (injury.teamId !== null && competitorIds.includes(injury.teamId)) return true;
  return injury.teamName !== null && searchable(injury.teamName) === searchable(team);
}

export function GameAbsences({ game }: { game: Fixture }) {
  const injuries = useLeagueInjuries(game.leagueId);
  const teams = (
    [
      [game.awayTeam, game.awayCompetitors],
      [game.homeTeam, game.homeCompetitors],
    ] as const
  ).map(([team, competitors]) => ({
    team,
    absent: injuries.filter(
      (injury) =>
        isKeyAbsence(injury) &&
        plays(
          injury,
          team,
          competitors.flatMap((competitor) => competitor.id ?? []),
        ),
    ),
  }));
  const count = teams.reduce((sum, { absent }) => sum + absent.length, 0);
  if (count === 0) return null;
  return (
    <Disclosure
      buttonClassName="min-h-11 rounded-md px-1 text-sm font-medium text-accent underline-offset-2 hover:underline"
      label={(open) => (
        <SpokenLabel
          shown={`${open ? '▴' : '▾'} Key absences (${count})`}
          spoken={`Key absences for ${gameLabel(game)}: ${count} ${count === 1 ? 'player' : 'players'} out or doubtful`}
        />
      )}
    >
      <div className="mb-1 grid gap-2 rounded-md bg-raised px-2 py-1.5 text-sm sm:grid-cols-2">
        {teams.map(({ team, absent }) => (
          <div key={team}>
            <h4 className="text-xs font-semibold text-muted">{team}</h4>
            {absent.length === 0 ? (
              <p className="text-muted">None out or doubtful.</p>
            ) : (
              <ul>
                {absent.map((injury) => (
                  <li key={injury.playerId}>
                    {injury.playerName}{' '}
                    <span className={injury.status === 'Out' ? 'font-semibold text-bad' : 'font-semibold text-warn'}>
                      {injuryLabel(injury)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ))}
      </div>
    </Disclosure>
  );
}
