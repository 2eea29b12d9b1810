/**
 * The GET form of /parlay/odds: a slip and a book named by the URL, answered for a CDN to keep
 * (public, s-maxage, stale-while-revalidate, a strong ETag, 304 on revalidation), the same question
 * as the POST (one cache entry, one call), checked as a POST body is, one spelling per question
 * (any other redirects to it), and nothing a CDN must not keep: errors and forced outcomes no-store.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { sharedParlayQueryString } from '../../src/domain/odds/shared-parlay-query.ts';
import { MemoryStore } from '../shared-store/memory-store.ts';
import { standInService } from '../testing/stand-in-service.ts';
import { createProxy } from './proxy.ts';

const CELTICS = { fixture_id: '20261124AAAAAAAA', market: 'Moneyline', name: 'Boston Celtics' };
const HAWKS = { fixture_id: '20261124BBBBBBBB', market: 'Point Spread', name: 'Atlanta Hawks +3.5' };

/** A service pricing every book at +264, echoing the entries as legs, counting its calls and their bodies. */
function service(status = 200) {
  const calls: { url: string; body: string }[] = [];
  const target = standInService(
    async (request) => {
      const body = await request.text();
      calls.push({ url: request.url, body });
      const asked = JSON.parse(body) as { sportsbooks: string[]; entries: object[] };
      const data = Object.fromEntries(
        asked.sportsbooks.map((book) => [
          book,
          { error: null, price: 264, legs: asked.entries.map((entry) => ({ ...entry, price: -110 })) },
        ]),
      );
      return Response.json(status === 200 ? { data } : { message: 'down' }, { status });
    },
    { passedOn: { headers: ['x-sandbox-scenario'], queryPrefix: 'sandbox_' } },
  );
  const app = new Hono().route(
    '/',
    createProxy(target, { clientLimit: null, store: new MemoryStore({ maxBytes: 1 << 20, maxMembersPerWindow: 100 }) }),
  );
  return { app, calls };
}

const sharedUrl = (book: 'DraftKings' | 'BetMGM', entries = [HAWKS, CELTICS]) =>
  `/api/v3/parlay/odds?${sharedParlayQueryString(book, entries)}`;

describe('GET /parlay/odds', () => {
  it('answers the slip at the book with headers a CDN keeps it by, and a 304 to its revalidation', async () => {
    const { app, calls } = service();
    const response = await app.request(sharedUrl('DraftKings'));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=5, s-maxage=5, stale-while-revalidate=20');
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    const answer = (await response.json()) as { data: Record<string, { price: number; legs: unknown[] }> };
    expect(answer.data.DraftKings?.price).toBe(264);
    expect(answer.data.DraftKings?.legs).toHaveLength(2);
    // Nothing of one client's in an answer kept for all.
    expect(response.headers.get('set-cookie')).toBeNull();
    expect([...response.headers.keys()].filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);

    const revalidated = await app.request(sharedUrl('DraftKings'), { headers: { 'if-none-match': etag ?? '' } });
    expect(revalidated.status).toBe(304);
    expect(calls).toHaveLength(1);
    // The question the POST asks, with the books' own bet-slip links.
    expect(calls[0]?.url).toBe('http://odds.example/api/v3/parlay/odds?always_include_deep_link=true');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ sportsbooks: ['DraftKings'], entries: [CELTICS, HAWKS] });
  });

  it('answers the legs in the URL’s order, the one a reader of the URL knows, where the service was asked another', async () => {
    const { app, calls } = service();
    const wholeGame = { fixture_id: '20261124AAAAAAAA', market: 'Moneyline', name: 'Boston Celtics' };
    const firstHalf = { fixture_id: '20261124AAAAAAAA', market: 'Moneyline 1st Half', name: 'Boston Celtics' };
    const url = sharedUrl('DraftKings', [wholeGame, firstHalf]);
    // `Moneyline 1st Half~…` sorts before `Moneyline~…` in the URL, after it in the service's question.
    expect(new URL(url, 'http://reader.example').searchParams.get('legs')).toBe(
      '20261124AAAAAAAA~Moneyline 1st Half~Boston Celtics,20261124AAAAAAAA~Moneyline~Boston Celtics',
    );
    const response = await app.request(url);
    expect(response.status).toBe(200);
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ sportsbooks: ['DraftKings'], entries: [wholeGame, firstHalf] });
    const answer = (await response.json()) as { data: Record<string, { legs: { market: string }[] }> };
    expect(answer.data.DraftKings?.legs.map((leg) => leg.market)).toEqual(['Moneyline 1st Half', 'Moneyline']);
  });

  it('shares its answer with the POST of the same slip, in either order: one call', async () => {
    const { app, calls } = service();
    await app.request(sharedUrl('BetMGM'));
    const posted = await app.request('/api/v3/parlay/odds?always_include_deep_link=true', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sportsbooks: ['BetMGM'], entries: [HAWKS, CELTICS] }),
    });
    expect(posted.status).toBe(200);
    expect(posted.headers.get('cache-control')).toBe('no-store');
    expect(calls).toHaveLength(1);
  });

  it('has one spelling per question: legs in another order, a + for a space or an extra parameter redirect to it', async () => {
    const { app, calls } = service();
    const canonical = sharedUrl('DraftKings');
    expect(sharedUrl('DraftKings', [CELTICS, HAWKS])).toBe(canonical);
    const query = new URL(canonical, 'http://x').searchParams;
    const legs = query.get('legs') ?? '';
    const [firstLeg, secondLeg] = legs.split(',');
    for (const spelling of [
      `/api/v3/parlay/odds?book=DraftKings&legs=${encodeURIComponent(`${secondLeg},${firstLeg}`)}`,
      `/api/v3/parlay/odds?legs=${encodeURIComponent(legs)}&book=DraftKings`,
      `/api/v3/parlay/odds?${new URLSearchParams({ book: 'DraftKings', legs }).toString()}`,
      `${canonical}&x=${Math.random()}`,
    ]) {
      const response = await app.request(spelling);
      expect(response.status, spelling).toBe(308);
      expect(response.headers.get('location')).toBe(canonical);
    }
    expect(calls).toHaveLength(0);
  });

  it('checks the slip and the book as a POST body is checked, and never lets a CDN keep the refusal', async () => {
    const { app, calls } = service();
    const legsOf = (entries: (typeof CELTICS)[]) =>
      encodeURIComponent(new URL(sharedUrl('DraftKings', entries), 'http://x').searchParams.get('legs') ?? '');
    for (const [url, message] of [
      ['/api/v3/parlay/odds', /takes \?book=<sportsbook>&legs=<slip>/],
      [`/api/v3/parlay/odds?book=FanDuel&legs=${legsOf([CELTICS, HAWKS])}`, /Unknown sportsbook "FanDuel"/],
      [`/api/v3/parlay/odds?book=DraftKings&legs=${legsOf([CELTICS])}`, /a parlay takes 2 to \d+ entries, got 1/],
      [`/api/v3/parlay/odds?book=DraftKings&legs=nonsense`, /1 of the legs could not be read/],
      [`/api/v3/parlay/odds?book=DraftKings&book=BetMGM&legs=${legsOf([CELTICS, HAWKS])}`, /Each once/],
    ] as const) {
      const response = await app.request(url);
      expect(response.status, url).toBe(400);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(((await response.json()) as { error: string }).error).toMatch(message);
    }
    expect(calls).toHaveLength(0);
  });

  it('keeps a failed answer from every cache, and a forced outcome to the request that forced it', async () => {
    const failing = service(503);
    const failed = await failing.app.request(sharedUrl('DraftKings'));
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(failed.headers.get('cache-control')).toBe('no-store');

    const { app } = service();
    const forced = await app.request(sharedUrl('DraftKings'), { headers: { 'x-sandbox-scenario': 'slow' } });
    expect(forced.status).toBe(200);
    expect(forced.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses HEAD and other methods with the path’s methods listed', async () => {
    const { app } = service();
    const response = await app.request(sharedUrl('DraftKings'), { method: 'HEAD' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, POST');
  });
});
