import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { standInService } from '../testing/stand-in-service.ts';
import { createProxy } from './proxy.ts';

interface Recorded {
  url: string;
  method: string;
  body: string | null;
}

/** Our proxy over a stand-in service answering `answer`, on a clock the test moves. */
function proxyWith(answer: (request: Request) => unknown) {
  const seen: Recorded[] = [];
  let nowMs = Date.parse('2026-03-08T12:00:00Z');
  const target = standInService(
    async (request) => {
      seen.push({ url: request.url, method: request.method, body: request.body ? await request.clone().text() : null });
      return Response.json(answer(request));
    },
    { timeoutMs: 500 },
  );
  const app = new Hono().route('/', createProxy(target, { clientLimit: null, now: () => nowMs }));
  return {
    app,
    seen,
    advance: (ms: number) => {
      nowMs += ms;
    },
  };
}

const UPSTREAM = 'http://odds.example/api/v3';
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const fixtureAnswer = (status: string) => ({ data: [{ id: 'F', status, odds: [{ name: 'A', entries: [] }] }] });
const resultAnswer = (...statuses: string[]) => ({
  data: statuses.map((status, index) => ({ fixture: { id: `F${index}`, status }, scores: null })),
});

describe('the proxy on history, results, grading and injuries', () => {
  it('passes each route its documented parameters only, in one normal form', async () => {
    const { app, seen } = proxyWith(() => ({ data: [] }));
    const asks = [
      '/fixtures/odds/historical?fixture_id=F&sportsbook=BetMGM,DraftKings&market=Moneyline&include_timeseries=1&include_locked=TRUE&x=1&page=2',
      '/fixtures/results?fixture_id=B&fixture_id=A&lookback_num=05&include_cancelled=t&league=nba',
      '/grader/odds?fixture_id=F&market=Point%20Spread&name=Boston%20Celtics%20-4.5&player_id=P&show_live_results=0&cursor=z',
      '/injuries?league=NBA,nfl&team_id=T&page=01&status=Out',
    ];
    for (const ask of asks) expect((await app.request(`/api/v3${ask}`)).status).toBe(200);
    expect(seen.map((request) => request.url)).toEqual([
      `${UPSTREAM}/fixtures/odds/historical?fixture_id=F&include_locked=true&include_timeseries=true&market=moneyline&sportsbook=BetMGM&sportsbook=DraftKings`,
      `${UPSTREAM}/fixtures/results?fixture_id=A&fixture_id=B&include_cancelled=true&lookback_num=5`,
      `${UPSTREAM}/grader/odds?fixture_id=F&market=point%20spread&name=Boston%20Celtics%20-4.5&player_id=P&show_live_results=false`,
      `${UPSTREAM}/injuries?league=nba&league=nfl&page=1&team_id=T`,
    ]);
  });

  it("keeps an open game's history a minute, and a finished game's for a day", async () => {
    let status = 'live';
    const { app, seen, advance } = proxyWith(() => fixtureAnswer(status));
    const path = '/api/v3/fixtures/odds/historical?fixture_id=F&sportsbook=DraftKings&market=Moneyline';
    await app.request(path);
    advance(30_000);
    await app.request(path);
    expect(seen).toHaveLength(1);
    // Past fresh and stale: asked again, and the game is over by now.
    advance(10 * MINUTE_MS);
    status = 'completed';
    await app.request(path);
    expect(seen).toHaveLength(2);
    advance(DAY_MS - MINUTE_MS);
    const final = await app.request(path);
    expect(((await final.json()) as ReturnType<typeof fixtureAnswer>).data[0]?.status).toBe('completed');
    expect(seen).toHaveLength(2);
  });

  it('keeps results final only when every game asked about is over', async () => {
    let statuses = ['completed', 'live'];
    const { app, seen, advance } = proxyWith(() => resultAnswer(...statuses));
    const path = '/api/v3/fixtures/results?fixture_id=F0&fixture_id=F1';
    await app.request(path);
    advance(2 * MINUTE_MS);
    statuses = ['completed', 'completed'];
    await app.request(path);
    expect(seen).toHaveLength(2);
    advance(12 * 60 * MINUTE_MS);
    await app.request(path);
    expect(seen).toHaveLength(2);
  });

  it('checks a POST /grader/odds body field by field, and 26 selections, before any upstream call', async () => {
    const { app, seen } = proxyWith(() => ({ data: [], errors: [] }));
    const post = (body: unknown) =>
      app.request('/api/v3/grader/odds', {
        method: 'POST',
        body: typeof body === 'string' ? body : JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
    const bad = await post({
      selections: [
        { fixture_id: 'F', market: 'Moneyline' },
        { fixture_id: 'a b', market: 1, name: 'X' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error:
        'Invalid grading request: selections[0].name: required; selections[1].fixture_id: must be 1 to 100 printable characters without spaces; selections[1].market: must be a string.',
    });
    const many = Array.from({ length: 26 }, () => ({ fixture_id: 'F', market: 'Moneyline', name: 'X' }));
    expect(await (await post({ selections: many })).json()).toEqual({
      error: 'Invalid grading request: selections: grade 1 to 25 selections at a time, got 26.',
    });
    expect((await post('{')).status).toBe(400);
    expect(seen).toEqual([]);

    const selections = [
      { fixture_id: 'F', market: 'Moneyline', name: 'Boston Celtics', note: 'dropped' },
      { fixture_id: 'G', market: 'Player Points', name: 'Jayson Tatum Over 26.5', player_id: 'P' },
    ];
    expect((await post({ selections, extra: 1 })).status).toBe(200);
    expect(seen[0]?.method).toBe('POST');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({
      selections: [
        { fixture_id: 'F', market: 'Moneyline', name: 'Boston Celtics' },
        { fixture_id: 'G', market: 'Player Points', name: 'Jayson Tatum Over 26.5', player_id: 'P' },
      ],
    });
  });

  it('answers other methods on /grader/odds 405 with Allow: GET, POST', async () => {
    const { app, seen } = proxyWith(() => ({}));
    for (const method of ['PUT', 'DELETE', 'HEAD']) {
      const response = await app.request('/api/v3/grader/odds', { method });
      expect([method, response.status, response.headers.get('allow')]).toEqual([method, 405, 'GET, POST']);
    }
    expect(seen).toEqual([]);
  });
});
