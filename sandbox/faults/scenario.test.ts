import { describe, expect, it } from 'vitest';
import { SPORTSBOOKS } from '../../src/domain/sportsbooks.ts';
import { parseScenario } from '../app.ts';
import {
  activeFixtures,
  makeApp,
  postParlay,
  type BookResultWire,
  type ParlayEntry,
} from '../testing/sandbox-client.ts';

describe('parseScenario', () => {
  it('reads books, wildcards and combined directives', () => {
    const parsed = parseScenario('BetMGM (UK)=missing:0,2+slow:1500; draftkings=uncombinable:games ;*=failed');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.books.get('BetMGM (UK)')).toEqual({
      outcome: { kind: 'missing', entryIndexes: [0, 2] },
      latencyMs: 1500,
    });
    expect(parsed.value.books.get('DraftKings')).toEqual({
      outcome: { kind: 'uncombinable', variant: 'games' },
      latencyMs: null,
    });
    expect(parsed.value.otherBooks).toEqual({ outcome: { kind: 'failed' }, latencyMs: null });
  });

  it('accepts spaces between directives (a + in a query string arrives as a space) and slugs', () => {
    const parsed = parseScenario('hard-rock=priced slow:20');
    expect(parsed.ok && parsed.value.books.get('Hard Rock')).toEqual({ outcome: { kind: 'priced' }, latencyMs: 20 });
  });

  it.each([
    ['DraftKings', 'X-Sandbox-Scenario: "DraftKings": expected <Book>=<directive>, e.g. DraftKings=failed'],
    ['Foo=failed', 'X-Sandbox-Scenario: unknown sportsbook "Foo"'],
    ['DraftKings=explode', 'X-Sandbox-Scenario: DraftKings: unknown directive "explode"'],
    [
      'DraftKings=failed+absent',
      'X-Sandbox-Scenario: DraftKings: "absent": only one outcome per book (slow may be added)',
    ],
    ['DraftKings=slow:soon', 'X-Sandbox-Scenario: DraftKings: slow: expected milliseconds'],
    ['DraftKings=missing:a', 'X-Sandbox-Scenario: DraftKings: missing:a: expected entry indexes'],
    [
      'DraftKings=uncombinable:nope',
      'X-Sandbox-Scenario: DraftKings: uncombinable:nope: expected selections, sportsbook or games',
    ],
    ['DraftKings=failed;DraftKings=priced', 'X-Sandbox-Scenario: DraftKings is named twice'],
  ])('rejects %s', (text, message) => {
    const parsed = parseScenario(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.startsWith(message)).toBe(true);
  });
});

describe('X-Sandbox-Scenario on POST /parlay/odds', () => {
  const app = makeApp();

  async function crossGame(): Promise<ParlayEntry[]> {
    const nba = await activeFixtures(app, 'league=nba');
    return nba
      .slice(0, 3)
      .map((fixture) => ({ fixture_id: fixture.id, market: 'Moneyline', name: fixture.home_team_display }));
  }

  async function withScenario(scenario: string, entries: ParlayEntry[], books: readonly string[] = SPORTSBOOKS) {
    return postParlay<Record<string, unknown> & { data: Record<string, BookResultWire> }>(
      app,
      { sportsbooks: books, entries },
      { headers: { 'X-Sandbox-Scenario': scenario } },
    );
  }

  it('failed, absent and * (every book not named)', async () => {
    const { body } = await withScenario('DraftKings=failed;Novig=absent;*=priced', await crossGame());
    expect(body.data.DraftKings).toEqual({
      error: 'Error with response. Try again later.',
      missing_entries: null,
      legs: null,
      price: null,
    });
    expect('Novig' in body.data).toBe(false);
    expect(Object.keys(body.data)).toHaveLength(9);
    expect(body.data.BetMGM?.error).toBeNull();
  });

  it('missing: the last entry by default, or the given indexes, normalised', async () => {
    const entries = await crossGame();
    const { body } = await withScenario('BetMGM=missing;Fanatics=missing:0,2', entries, ['BetMGM', 'Fanatics']);
    expect(body.data.BetMGM?.missing_entries?.map((missing) => missing.fixture_id)).toEqual([entries[2]?.fixture_id]);
    expect(body.data.Fanatics?.error).toBe('Missing odds for entries.');
    expect(body.data.Fanatics?.missing_entries).toHaveLength(2);
    expect(body.data.Fanatics?.missing_entries?.every((missing) => /^[a-z0-9_+-]+$/.test(missing.name))).toBe(true);
    const outOfRange = await withScenario('BetMGM=missing:5', entries, ['BetMGM']);
    expect(outOfRange.status).toBe(400);
    expect(outOfRange.body).toEqual({
      error: 'X-Sandbox-Scenario: BetMGM: missing:5 is out of range (the request has 3 entries)',
    });
  });

  it('uncombinable: the book’s own message or a chosen variant', async () => {
    const { body } = await withScenario(
      'DraftKings=uncombinable;Betway=uncombinable:games;Unibet=uncombinable:selections',
      await crossGame(),
      ['DraftKings', 'Betway', 'Unibet', 'BetMGM'],
    );
    expect(body.DraftKings).toEqual({ error: 'SelectionsCannotBeCombined' });
    expect(body.Betway).toEqual({ error: 'Could not create parlay for all games.' });
    expect(body.Unibet).toEqual({ error: 'SelectionsCannotBeCombined' });
    expect(Object.keys(body.data)).toEqual(['BetMGM']);
    const all = await withScenario('*=uncombinable:sportsbook', await crossGame(), ['DraftKings', 'Novig']);
    expect(all.body).toEqual({
      DraftKings: { error: 'Cannot be combined into a parlay on the sportsbook.' },
      Novig: { error: 'Cannot be combined into a parlay on the sportsbook.' },
    });
  });

  it('priced: prices what the book would refuse or lack, inventing unknown legs', async () => {
    const [nba] = await activeFixtures(app, 'league=nba');
    const fixtureId = nba?.id ?? '';
    const entries = [
      { fixture_id: fixtureId, market: 'Moneyline', name: nba?.home_team_display ?? '' },
      { fixture_id: fixtureId, market: 'Moneyline', name: nba?.away_team_display ?? '' },
      { fixture_id: '20251122DEADBEEF', market: 'Moneyline', name: 'Nobody' },
    ];
    const { body } = await withScenario('DraftKings=priced', entries, ['DraftKings', 'BetMGM']);
    expect(body.data.DraftKings?.error).toBeNull();
    expect(body.data.DraftKings?.legs).toHaveLength(3);
    expect(body.data.DraftKings?.price).toEqual(expect.any(Number));
    expect(body.data.BetMGM?.error).toBe('Missing odds for entries.');
  });

  it('price-string: a result with a wrong shape (price as a string)', async () => {
    const { body } = await withScenario('Bwin=price-string', await crossGame(), ['Bwin']);
    expect(typeof body.data.Bwin?.price).toBe('string');
  });

  it('slow: delays the answer even in zero mode, and x-latency-time says so', async () => {
    const started = Date.now();
    const response = await withScenario('Novig=slow:60', await crossGame(), ['Novig', 'DraftKings']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    expect(Number(response.headers.get('x-latency-time'))).toBeGreaterThanOrEqual(0.055);
  });

  it('is also read from ?sandbox_scenario= and rejects bad text with 400', async () => {
    const entries = await crossGame();
    const viaQuery = await postParlay<{ data: Record<string, BookResultWire> }>(
      app,
      { sportsbooks: ['Hard Rock'], entries },
      { query: `?sandbox_scenario=${encodeURIComponent('Hard Rock=failed')}` },
    );
    expect(viaQuery.body.data['Hard Rock']?.error).toBe('Error with response. Try again later.');
    const bad = await withScenario('Hard Rock=explode', entries);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: expect.stringContaining('unknown directive "explode"') });
  });
});
