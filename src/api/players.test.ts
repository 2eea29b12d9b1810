import { describe, expect, it } from 'vitest';
import { createOddsClient } from './client.ts';
import { isApiError } from './errors.ts';
import { MAX_PLAYER_PAGES } from './players.ts';
import { jsonResponse, recordingFetch } from '../test/api/fake-fetch.ts';

const BASE = 'http://127.0.0.1:4010';

const lebron = {
  id: 'A1B2C3D4E5F6',
  name: 'LeBron James',
  position: 'F',
  team: { id: 'LAL1', name: 'Los Angeles Lakers', numerical_id: null },
};

describe('createOddsClient: listLeaguePlayers', () => {
  it("reads every page of a league's players, with each player's team", async () => {
    const { fetch, calls } = recordingFetch((url) => {
      const page = Number(new URL(url, BASE).searchParams.get('page'));
      return page === 1
        ? jsonResponse({ data: [lebron], page: 1, has_more: true })
        : jsonResponse({ data: [{ ...lebron, id: 7, name: 'Austin Reaves' }], page: 2, has_more: false });
    });
    const players = await createOddsClient({ baseUrl: BASE, fetch }).listLeaguePlayers({ league: 'nba' });
    expect(players).toEqual([
      { id: 'A1B2C3D4E5F6', name: 'LeBron James', teamId: 'LAL1', teamName: 'Los Angeles Lakers' },
      { id: '7', name: 'Austin Reaves', teamId: 'LAL1', teamName: 'Los Angeles Lakers' },
    ]);
    expect(calls.map((call) => call.url)).toEqual([
      `${BASE}/api/v3/players?league=nba&page=1`,
      `${BASE}/api/v3/players?league=nba&page=2`,
    ]);
  });

  it('keeps the good players of an answer and drops those without a name or a named team', async () => {
    const { fetch } = recordingFetch(() =>
      jsonResponse({
        data: [lebron, { ...lebron, name: '' }, { ...lebron, team: null }, { name: 'No Team' }, 'junk', null],
      }),
    );
    const players = await createOddsClient({ baseUrl: BASE, fetch }).listLeaguePlayers({ league: 'nba' });
    expect(players.map((player) => player.name)).toEqual(['LeBron James']);
  });

  it('turns an answer without a data list into an invalid_response error', async () => {
    const { fetch } = recordingFetch(() => jsonResponse({ players: [lebron] }));
    const failure: unknown = await createOddsClient({ baseUrl: BASE, fetch })
      .listLeaguePlayers({ league: 'nba' })
      .catch((error: unknown) => error);
    expect(isApiError(failure) && failure.kind).toBe('invalid_response');
  });

  it('stops paging at its limit even if the service always says there is more', async () => {
    const { fetch, calls } = recordingFetch(() => jsonResponse({ data: [lebron], has_more: true }));
    await createOddsClient({ baseUrl: BASE, fetch }).listLeaguePlayers({ league: 'nba' });
    expect(calls).toHaveLength(MAX_PLAYER_PAGES);
  });
});
