import { describe, expect, it, vi } from 'vitest';
import { Hono } from 'hono';
import { encodeSlip } from '../../src/domain/slip.ts';
import { standInService } from '../testing/stand-in-service.ts';
import { createProxyWithPrimer, type ProxyOptions } from './proxy.ts';
import { shareLinkParlayBodies } from './share-link-primer.ts';

const CELTICS = { fixtureId: '20261122AAAAAAAA', market: 'Moneyline', name: 'Boston Celtics' };
const OVER = { fixtureId: '20261122BBBBBBBB', market: 'Total Points', name: 'Over 221.5' };
const LEGS = [CELTICS, OVER];
const ENTRIES = LEGS.map((leg) => ({ fixture_id: leg.fixtureId, market: leg.market, name: leg.name }));

/** What a request from `address` carries for our server to tell who asks (its socket's peer). */
const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

/** Our server's page route and proxy over a fake service that prices any parlay, counting its calls. */
function serverWithPrimer(options: ProxyOptions = { clientLimit: null, cacheAnswers: false }) {
  const asked: { books: string[]; entries: unknown[] }[] = [];
  const target = standInService(async (request) => {
    const body = (await request.json()) as { sportsbooks: string[]; entries: unknown[] };
    asked.push({ books: body.sportsbooks, entries: body.entries });
    return Response.json({ data: [{ sportsbook: body.sportsbooks[0], price: 3.5 + asked.length }] });
  });
  const { proxy, primeShareLink } = createProxyWithPrimer(target, options);
  const app = new Hono();
  app.route('/', proxy);
  app.get('/', (c) => {
    primeShareLink(c);
    return c.html('<div id="root"></div>');
  });
  const askLikeTheApp = (book: string, address = '192.0.2.1', entries: unknown[] = ENTRIES) =>
    app.request(
      '/api/v3/parlay/odds?always_include_deep_link=true',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ sportsbooks: [book], entries }),
      },
      from(address),
    );
  return { app, asked, askLikeTheApp };
}

const shareLink = (params: Record<string, string>) => `/?${new URLSearchParams(params)}`;

describe("a share link's prices, asked for as its page is served", () => {
  it('asks each of the link’s books once, and answers the page’s own request with that answer', async () => {
    const { app, asked, askLikeTheApp } = serverWithPrimer();
    const page = await app.request(shareLink({ legs: encodeSlip(LEGS), books: 'Novig,DraftKings' }));
    expect(page.status).toBe(200);
    // Asked while the page is on its way, before the page itself asks anything.
    await vi.waitFor(() => expect(asked.map((call) => call.books)).toEqual([['DraftKings'], ['Novig']]));
    expect(asked.every((call) => JSON.stringify(call.entries) === JSON.stringify(ENTRIES))).toBe(true);

    const answer = await askLikeTheApp('Novig');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ data: [{ sportsbook: 'Novig', price: 5.5 }] });
    expect(asked).toHaveLength(2);

    // Taken once: the same question again is asked again.
    await askLikeTheApp('Novig');
    expect(asked).toHaveLength(3);
  });

  it('asks nothing for a link the page would not price, and never fails the page for a bad one', async () => {
    const { app } = serverWithPrimer();
    const links = {
      'one leg (no parlay)': { legs: encodeSlip(LEGS.slice(0, 1)), books: 'Novig' },
      'no books (the page asks the ones it remembers)': { legs: encodeSlip(LEGS) },
      'clashing legs': { legs: encodeSlip([CELTICS, { ...CELTICS, name: 'Chicago Bulls' }]), books: 'Novig' },
      'unreadable legs': { legs: '~~,,%%~', books: 'Novig' },
      'unknown books': { legs: encodeSlip(LEGS), books: 'Nobody,Somebody' },
    };
    for (const [what, params] of Object.entries(links)) {
      expect(shareLinkParlayBodies(new URLSearchParams(params)), what).toEqual([]);
      expect((await app.request(shareLink(params))).status, what).toBe(200);
    }
    expect(shareLinkParlayBodies(new URLSearchParams({ legs: encodeSlip(LEGS), books: 'Novig' }))).toEqual([
      { sportsbooks: ['Novig'], entries: ENTRIES },
    ]);
  });
});

describe("a share link's prices once a leg's price moved on the odds stream", () => {
  /** The answer cache on, a clock the test moves, and a stream whose last change the test makes. */
  function serverWithStream() {
    let nowMs = Date.UTC(2026, 10, 22, 18, 0, 0);
    let lastChangeAt = 0;
    const server = serverWithPrimer({ clientLimit: null, now: () => nowMs, lastStreamedChangeAt: () => lastChangeAt });
    const priceMoves = () => {
      nowMs += 1_000;
      lastChangeAt = nowMs;
      nowMs += 1_000;
    };
    return { ...server, priceMoves };
  }
  const priceOf = async (answer: Response) => ((await answer.json()) as { data: { price: number }[] }).data[0]?.price;
  const link = shareLink({ legs: encodeSlip(LEGS), books: 'Novig' });

  it('prices a link opened after the move anew, not from the answer cached before it', async () => {
    const { app, asked, askLikeTheApp, priceMoves } = serverWithStream();
    expect(await priceOf(await askLikeTheApp('Novig'))).toBe(4.5);
    priceMoves();
    await app.request(link);
    expect(await priceOf(await askLikeTheApp('Novig'))).toBe(5.5);
    expect(asked).toHaveLength(2);
  });

  it('does not hand the page an answer asked for before the move', async () => {
    const { app, asked, askLikeTheApp, priceMoves } = serverWithStream();
    await app.request(link);
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    priceMoves();
    expect(await priceOf(await askLikeTheApp('Novig'))).toBe(5.5);
    expect(asked).toHaveLength(2);
  });
});

describe("a share link's prices asked for a client past its limits", () => {
  const ATTACKER = '203.0.113.66';
  const link = shareLink({ legs: encodeSlip(LEGS), books: 'Novig' });

  it('keeps that client’s refusal its own: everyone else asking the parlay is priced', async () => {
    const nowMs = Date.UTC(2026, 10, 22, 18, 0, 1);
    const { app, askLikeTheApp } = serverWithPrimer({
      clientLimit: null,
      upstreamLimit: { calls: 100, windowMs: 15_000 },
      upstreamClientShare: 0.1,
      now: () => nowMs,
    });
    // The attacker spends its tenth of the budget on new questions of its own, then opens the link.
    let spent = 0;
    while ((await askLikeTheApp('Novig', ATTACKER, [ENTRIES[0], { ...ENTRIES[1], name: `Over ${spent}` }])).ok) spent++;
    expect(spent).toBeLessThanOrEqual(10);
    expect((await app.request(link, {}, from(ATTACKER))).status).toBe(200);

    const victims = ['198.51.100.1', '198.51.100.2', '198.51.100.3'];
    const answers = await Promise.all(victims.map((address) => askLikeTheApp('Novig', address)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
  });

  it('charges each question to the loading client’s rate limit, as its own requests are', async () => {
    const { app, asked, askLikeTheApp } = serverWithPrimer({
      clientLimit: { limit: 60, windowMs: 60_000, burst: 4 },
      cacheAnswers: false,
    });
    const allBooks = 'BetMGM,BetRivers,Betway,Bwin,DraftKings,Fanatics,Hard Rock,Novig,Unibet';
    expect((await app.request(shareLink({ legs: encodeSlip(LEGS), books: allBooks }), {}, from(ATTACKER))).status).toBe(
      200,
    );
    await vi.waitFor(() => expect(asked).toHaveLength(4));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Nine books, four tokens: four questions asked, and the client's bucket is empty.
    expect(asked).toHaveLength(4);
    expect((await askLikeTheApp('Novig', ATTACKER)).status).toBe(429);
    expect((await askLikeTheApp('Novig', '198.51.100.1')).status).toBe(200);
  });
});
