/**
 * GET /players for one league, every page, parsed at the boundary. Loaded only when a bettor first
 * searches the games (the client imports it on call), so the first paint never carries it.
 */
import * as v from 'valibot';
import { requestJson, type HttpTransport } from './http.ts';
import { nonEmptyText, optionalId, parseEnvelope, parseItems, safeItem } from './parse/schemas.ts';
import type { Player } from './types.ts';

/** A league's roster is a few hundred to two thousand players at 100 a page; the listing stops here regardless. */
export const MAX_PLAYER_PAGES = 25;

const playersPageEnvelope = v.object({
  data: v.array(v.unknown()),
  has_more: v.optional(v.fallback(v.boolean(), false), false),
});

/** A player without a name or a named team cannot lead to a game: dropped, the rest kept. */
const playerSchema = v.pipe(
  v.object({ id: optionalId, name: nonEmptyText, team: v.object({ id: optionalId, name: nonEmptyText }) }),
  v.transform((player): Player => ({
    id: player.id,
    name: player.name,
    teamId: player.team.id,
    teamName: player.team.name,
  })),
);

export function parsePlayersPage(body: unknown): { players: Player[]; hasMore: boolean } {
  const envelope = parseEnvelope(playersPageEnvelope, body, '/players');
  return { players: parseItems(envelope.data, safeItem(playerSchema)).items, hasMore: envelope.has_more };
}

export async function listLeaguePlayers(
  transport: HttpTransport,
  league: string,
  signal: AbortSignal | undefined,
): Promise<Player[]> {
  const players: Player[] = [];
  for (let page = 1; page <= MAX_PLAYER_PAGES; page += 1) {
    const body = await requestJson(transport, { method: 'GET', path: '/players', query: { league, page }, signal });
    const answer = parsePlayersPage(body);
    players.push(...answer.players);
    if (!answer.hasMore) break;
  }
  return players;
}
