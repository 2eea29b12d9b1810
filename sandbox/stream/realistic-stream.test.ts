import { afterEach, describe, expect, it } from 'vitest';
import { createSandboxState } from '../state.ts';
import { FIXED_NOW } from '../testing/sandbox-client.ts';
import {
  advanceAndReadAll,
  makeStreamSandbox,
  openStream,
  payloadOf,
  type StreamReader,
} from '../testing/stream-client.ts';

const readers: StreamReader[] = [];
afterEach(async () => {
  await Promise.all(readers.splice(0).map((reader) => reader.close()));
});

/** A realistic NBA game of the fixed Saturday, and the moment its half-time begins. */
function nbaHalftime(): { fixtureId: string; halftimeMs: number } {
  const state = createSandboxState({ apiKey: 'k', catalog: 'realistic', now: () => FIXED_NOW });
  const fixture = state.schedule
    .activeFixtures(FIXED_NOW, new Set(['nba']))
    .find((candidate) => candidate.disruption === 'none' && candidate.halftime !== null);
  if (!fixture?.halftime) throw new Error('no NBA game with a half-time');
  return { fixtureId: fixture.id, halftimeMs: fixture.liveFromMs + fixture.halftime[0] * 60_000 };
}

describe('the odds stream over the realistic catalog', () => {
  it('follows a game into half-time (fixture-status), its lines moving in play', async () => {
    const { fixtureId, halftimeMs } = nbaHalftime();
    // Ten seconds before the half, on a 5 s ping boundary.
    const sandbox = makeStreamSandbox({ catalog: 'realistic' }, halftimeMs - 10_000);
    const stream = await openStream(
      sandbox.app,
      '/api/v3/stream/odds/basketball?sportsbook=DraftKings,Fanatics&league=nba&include_fixture_updates=true',
    );
    readers.push(stream);
    await stream.until(() => true);
    const [frames = []] = await advanceAndReadAll(sandbox, [stream], 20_000);
    const statuses = frames
      .filter((frame) => frame.event === 'fixture-status')
      .flatMap((frame) => payloadOf<{ fixture_id: string; status: string }>(frame).data)
      .filter((row) => row.fixture_id === fixtureId);
    expect(statuses.map((row) => row.status)).toEqual(['half']);
    const moved = frames
      .filter((frame) => frame.event === 'odds')
      .flatMap((frame) => payloadOf<{ fixture_id: string; is_live: boolean }>(frame).data)
      .filter((row) => row.fixture_id === fixtureId);
    expect(moved.length).toBeGreaterThan(0);
    expect(moved.every((row) => row.is_live)).toBe(true);
  });
});
