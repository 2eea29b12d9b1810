/**
 * GET /players for one league, every page, parsed at the boundary. Loaded only when a bettor first
 * searches the games (the client imports it on call), so the first paint never carries it. It
 * imports none of our modules: the client hands it the request and the error to throw, since a
 * lazy chunk sharing modules with the first paint makes the bundler split those into extra files
 * the first paint must fetch.
 */
import * as v from 'valibot';
import type { Player } from './types.ts';

/** A league's roster is a few hundred to two thousand players at 100 a page; the listing stops here regardless. */
export const MAX_PLAYER_PAGES = 25;

const name = v.pipe(v.string(), v.trim(), v.minLength(1));
/** Ids are opaque; some services send numbers; a missing one is null (the team is then matched by name). */
const id = v.fallback(v.nullish(v.pipe(v.union([v.string(), v.number()]), v.transform(String)), null), null);

const playersPage = v.object({
  data: v.array(v.unknown()),
  has_more: v.optional(v.fallback(v.boolean(), false), false),
});

/** A player without a name or a named team cannot lead to a game: dropped, the rest kept. */
const playerSchema = v.pipe(
  v.object({ id, name, team: v.object({ id, name }) }),
  v.transform((player): Player => ({
    id: player.id,
    name: player.name,
    teamId: player.team.id,
    teamName: player.team.name,
  })),
);

/** One page's players, or null when the answer is not a players page at all. */
function parsePlayersPage(body: unknown): { players: Player[]; hasMore: boolean } | null {
  const page = v.safeParse(playersPage, body);
  if (!page.success) return null;
  const players: Player[] = [];
  for (const item of page.output.data) {
    const player = v.safeParse(playerSchema, item);
    if (player.success) players.push(player.output);
  }
  return { players, hasMore: page.output.has_more };
}

export async function listLeaguePlayers(
  getPage: (page: number) => Promise<unknown>,
  invalidAnswer: () => Error,
): Promise<Player[]> {
  const players: Player[] = [];
  for (let page = 1; page <= MAX_PLAYER_PAGES; page += 1) {
    const answer = parsePlayersPage(await getPage(page));
    if (answer === null) throw invalidAnswer();
    players.push(...answer.players);
    if (!answer.hasMore) break;
  }
  return players;
}
