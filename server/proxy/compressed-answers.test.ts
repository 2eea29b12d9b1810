/**
 * What a caller sees of a cached answer: compressed as its Accept-Encoding asks (brotli, gzip, or
 * as is), a strong ETag per form, 304 for If-None-Match, the same bytes for every repeat; a parlay
 * in the caller's own order gets its own bytes and ETag. And what the store holding the answers
 * cannot break: an entry that is garbage is a miss, never an error.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { standInService } from '../testing/stand-in-service.ts';
import { createProxy, type UpstreamTarget } from './proxy.ts';
import { chooseCoding, matchesIfNoneMatch } from './prepared-answer.ts';
import { MemoryStore } from '../shared-store/memory-store.ts';

const BOOKS = ['BetMGM', 'Novig'];
const A = { fixture_id: '20261122AAAAAAAA', market: 'Moneyline', name: 'Boston Celtics' };
const B = { fixture_id: 'mlb:3D5E0C0B1E12', market: 'Total Runs', name: 'Over 8.5' };

/** A service whose answers are a few KB (large enough to be worth compressing), counting its calls. */
function service() {
  const calls: string[] = [];
  const target = standInService(async (request) => {
    calls.push(new URL(request.url).pathname);
    if (request.method === 'GET') {
      const leagues = Array.from({ length: 100 }, (_, index) => ({ id: `league-${index}`, name: `League ${index}` }));
      return Response.json({ data: leagues });
    }
    const body = JSON.parse(await request.text()) as { sportsbooks: string[]; entries: (typeof A)[] };
    const data = Object.fromEntries(
      body.sportsbooks.map((book) => [
        book,
        { price: 3.5, legs: body.entries.map((entry) => ({ ...entry, price: 1.9, note: 'x'.repeat(400) })) },
      ]),
    );
    return Response.json({ data }, { headers: { 'x-latency-time': '0.120' } });
  });
  return { target, calls };
}

function proxyOver(target: UpstreamTarget, store = new MemoryStore({ maxBytes: 1 << 20, maxMembersPerWindow: 100 })) {
  return new Hono().route('/', createProxy(target, { clientLimit: null, store }));
}

const leagues = (app: Hono, headers: Record<string, string> = {}) =>
  app.request('/api/v3/leagues?sport=basketball', { headers });

const parlay = (app: Hono, body: unknown, headers: Record<string, string> = {}) =>
  app.request('/api/v3/parlay/odds', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });

const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('a cached answer', () => {
  it('comes compressed as the caller accepts, each form with its own strong ETag, all the same JSON', async () => {
    const { target, calls } = service();
    const app = proxyOver(target);
    const plain = await leagues(app);
    const brotli = await leagues(app, { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await leagues(app, { 'accept-encoding': 'gzip' });

    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    for (const answer of [plain, brotli, gzip]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('etag')).toMatch(/^"[\w-]+"$/);
      // By Origin too: the app adds CORS headers for a listed origin.
      expect(answer.headers.get('vary')).toBe('Accept-Encoding, Origin');
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    }
    expect(new Set([plain, brotli, gzip].map((answer) => answer.headers.get('etag'))).size).toBe(3);

    const plainBytes = await bytesOf(plain);
    const brotliBytes = await bytesOf(brotli);
    expect(brotliBytes.length).toBeLessThan(plainBytes.length / 3);
    expect(brotliDecompressSync(brotliBytes).equals(plainBytes)).toBe(true);
    expect(gunzipSync(await bytesOf(gzip)).equals(plainBytes)).toBe(true);
    expect(JSON.parse(plainBytes.toString('utf8'))).toMatchObject({ data: expect.any(Array) });
    expect(calls).toHaveLength(1);
  });

  it('is the same bytes under the same ETag on every repeat', async () => {
    const { target } = service();
    const app = proxyOver(target);
    const first = await leagues(app, { 'accept-encoding': 'br' });
    const again = await leagues(app, { 'accept-encoding': 'br' });
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect((await bytesOf(again)).equals(await bytesOf(first))).toBe(true);
  });

  it('answers 304 with no body when If-None-Match names the form it would send, and 200 otherwise', async () => {
    const { target, calls } = service();
    const app = proxyOver(target);
    const brotli = await leagues(app, { 'accept-encoding': 'br' });
    const etag = brotli.headers.get('etag') ?? '';

    const unchanged = await leagues(app, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get('etag')).toBe(etag);
    expect(unchanged.headers.get('cache-control')).toBe(brotli.headers.get('cache-control'));
    expect((await bytesOf(unchanged)).length).toBe(0);

    // A weak form of the same tag, or in a list, counts; another form's tag does not.
    expect((await leagues(app, { 'accept-encoding': 'br', 'if-none-match': `W/${etag}` })).status).toBe(304);
    expect((await leagues(app, { 'accept-encoding': 'br', 'if-none-match': `"other", ${etag}` })).status).toBe(304);
    expect((await leagues(app, { 'accept-encoding': 'gzip', 'if-none-match': etag })).status).toBe(200);
    expect((await leagues(app, { 'if-none-match': '"not-this-one"' })).status).toBe(200);
    expect(calls).toHaveLength(1);
  });

  it('takes any Accept-Encoding or If-None-Match, however malformed, and answers it', async () => {
    const { target } = service();
    const app = proxyOver(target);
    const malformed: Record<string, string>[] = [
      { 'accept-encoding': ';;;,,q=,br;q=abc' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
      { 'accept-encoding': 'x'.repeat(20_000) },
      { 'if-none-match': ',,,W/' },
      { 'if-none-match': '"'.repeat(20_000) },
    ];
    for (const headers of malformed) {
      const answer = await leagues(app, headers);
      expect(answer.status, JSON.stringify(headers).slice(0, 80)).toBe(200);
      expect(answer.headers.get('content-encoding')).toBeNull();
      expect(JSON.parse((await bytesOf(answer)).toString('utf8'))).toMatchObject({ data: expect.any(Array) });
    }
  });
});

describe('a parlay asked in another order', () => {
  it('is one upstream call, each order getting its own bytes and ETag, stable across repeats', async () => {
    const { target, calls } = service();
    const app = proxyOver(target);
    const canonical = await parlay(app, { sportsbooks: BOOKS, entries: [A, B] }, { 'accept-encoding': 'br' });
    const reversedBody = { sportsbooks: [...BOOKS].reverse(), entries: [B, A] };
    const reversed = await parlay(app, reversedBody, { 'accept-encoding': 'br' });
    const reversedAgain = await parlay(app, reversedBody, { 'accept-encoding': 'br' });

    const decoded = (bytes: Buffer) =>
      JSON.parse(brotliDecompressSync(bytes).toString('utf8')) as {
        data: Record<string, { legs: { name: string }[] }>;
      };
    const canonicalAnswer = decoded(await bytesOf(canonical));
    const reversedBytes = await bytesOf(reversed);
    const reversedAnswer = decoded(reversedBytes);
    expect(Object.keys(canonicalAnswer.data)).toEqual(BOOKS);
    expect(Object.keys(reversedAnswer.data)).toEqual([...BOOKS].reverse());
    expect(reversedAnswer.data.Novig?.legs.map((leg) => leg.name)).toEqual([B.name, A.name]);
    expect(reversed.headers.get('etag')).not.toBe(canonical.headers.get('etag'));
    expect(reversedAgain.headers.get('etag')).toBe(reversed.headers.get('etag'));
    expect((await bytesOf(reversedAgain)).equals(reversedBytes)).toBe(true);
    const revalidated = await parlay(app, reversedBody, {
      'accept-encoding': 'br',
      'if-none-match': reversed.headers.get('etag') ?? '',
    });
    expect(revalidated.status).toBe(304);
    expect(calls).toHaveLength(1);
  });
});

describe('a store holding garbage where an answer should be', () => {
  it('counts it as no answer: the question is asked upstream and answered', async () => {
    const { target, calls } = service();
    class GarbageStore extends MemoryStore {
      override async get(key: string): Promise<string | null> {
        if (key.startsWith('answer:')) return 'not a record';
        if (key.startsWith('answer-body:')) return '200\n{not json\n{}';
        return super.get(key);
      }
    }
    const store = new GarbageStore({ maxBytes: 1 << 20, maxMembersPerWindow: 100 });
    const first = proxyOver(target, store);
    const answer = await leagues(first);
    expect(answer.status).toBe(200);
    expect(JSON.parse((await bytesOf(answer)).toString('utf8'))).toMatchObject({ data: expect.any(Array) });
    // A second instance on the same store finds garbage too, and asks for itself.
    const second = proxyOver(target, store);
    expect((await leagues(second)).status).toBe(200);
    expect(calls).toHaveLength(2);
  });
});

describe('choosing a coding', () => {
  it('prefers brotli, then gzip, then the body as is, by the q-values the caller sent', () => {
    expect(chooseCoding(undefined)).toBe('identity');
    expect(chooseCoding('')).toBe('identity');
    expect(chooseCoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseCoding('gzip')).toBe('gzip');
    expect(chooseCoding('X-GZIP')).toBe('gzip');
    expect(chooseCoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseCoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(chooseCoding('*')).toBe('br');
    expect(chooseCoding('gzip;q=0, *;q=0.1')).toBe('br');
    expect(chooseCoding('identity, deflate')).toBe('identity');
    expect(chooseCoding('br;q=0, gzip;q=0, *')).toBe('identity');
  });

  it('matches If-None-Match by weak comparison, or for any ETag with *', () => {
    expect(matchesIfNoneMatch('"abc-br"', '"abc-br"')).toBe(true);
    expect(matchesIfNoneMatch('W/"abc-br"', '"abc-br"')).toBe(true);
    expect(matchesIfNoneMatch('"x", "abc-br"', '"abc-br"')).toBe(true);
    expect(matchesIfNoneMatch('*', '"abc"')).toBe(true);
    expect(matchesIfNoneMatch('"abc"', '"abc-br"')).toBe(false);
    expect(matchesIfNoneMatch(undefined, '"abc"')).toBe(false);
  });
});
