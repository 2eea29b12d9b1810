// The share-link primer and the shared store under attack, measured on loopback (docs/security.md
// keeps the figures): our server in live mode in front of the standalone sandbox (through a
// counting pass-through), clients on their own loopback addresses (127.0.0.x; no TRUST_PROXY).
//
//   node --import tsx bench/attacks.mjs [primed-refusal|page-loads|forged-entry ...]
//
// - primed-refusal: an attacker spends its budget share, then keeps loading a share link; ten
//   other readers ask that parlay: what they get.
// - page-loads: twelve addresses load 30 share-link pages each (ten books, a new slip each): the
//   upstream calls the page loads spend in one window, and how long a reader's odds then take.
// - forged-entry: with Redis and CACHE_SIGNING_KEY, an answer entry written into Redis in our form
//   (its tag recomputed, fresh for ten years, price 99900, a deep link to another host) without the
//   secret: what browsers get over 40 s, before and after the keys are deleted.
import { createClient } from '@redis/client';
import http from 'node:http';
import { encodeSlip } from '../src/domain/slip.ts';
import { SPORTSBOOKS } from '../src/domain/sportsbooks.ts';
import { EntrySeal } from '../server/proxy/entry-seal.ts';
import { PreparedAnswer } from '../server/proxy/prepared-answer.ts';
import { encodeBody, encodeRecord } from '../server/proxy/stored-answers.ts';
import { startTestRedis } from '../server/testing/redis-server.ts';
import { startCountingForwarder } from './lib/counting-forwarder.mjs';
import { startOurServer, startStandaloneSandbox, untilNextLimitWindow } from './lib/processes.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One request from `address` (a loopback address of its own: another client to our server). */
function request(origin, method, path, { address = '127.0.0.1', body, headers = {} } = {}) {
  const url = new URL(path, origin);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { host: url.hostname, port: url.port, method, path: url.pathname + url.search, localAddress: address, headers },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Two legs in two made-up games, `n` making the slip one of its own (a new question upstream). */
const slip = (n) => [
  { fixtureId: `20261122${String(n).padStart(8, '0')}`, market: 'Moneyline', name: 'Boston Celtics' },
  { fixtureId: `20261123${String(n).padStart(8, '0')}`, market: 'Moneyline', name: 'Miami Heat' },
];
const entriesOf = (legs) => legs.map((leg) => ({ fixture_id: leg.fixtureId, market: leg.market, name: leg.name }));
const shareLink = (legs, books) => `/?${new URLSearchParams({ legs: encodeSlip(legs), books: books.join(',') })}`;
const askParlay = (origin, address, book, legs) =>
  request(origin, 'POST', '/api/v3/parlay/odds?always_include_deep_link=true', {
    address,
    body: JSON.stringify({ sportsbooks: [book], entries: entriesOf(legs) }),
    headers: { 'content-type': 'application/json' },
  });
const loadPage = (origin, address, path) =>
  request(origin, 'GET', path, { address, headers: { 'sec-fetch-dest': 'document' } });

async function liveStack(env = {}) {
  const sandbox = await startStandaloneSandbox({ SANDBOX_LATENCY: 'zero' });
  const forwarder = await startCountingForwarder(sandbox.baseUrl);
  const ours = await startOurServer({
    ODDS_API_KEY: sandbox.apiKey,
    ODDS_API_BASE_URL: forwarder.baseUrl,
    PROXY_RATE_LIMIT: '600',
    UPSTREAM_CLIENT_SHARE: '10',
    ...env,
  });
  return { ours, counts: forwarder.counts, stop: () => Promise.all([ours.stop(), forwarder.close(), sandbox.stop()]) };
}

async function primedRefusal() {
  // A budget of 200 calls a window: the attacker's share (20) is spent in a second.
  const { ours, stop } = await liveStack({ UPSTREAM_RATE_LIMIT: '200' });
  try {
    await untilNextLimitWindow();
    const attacker = '127.0.0.66';
    let spent = 0;
    for (let n = 0; n < 40; n++)
      if ((await askParlay(ours.origin, attacker, 'Novig', slip(1000 + n))).status === 200) spent++;
    const popular = slip(1);
    const link = shareLink(popular, ['Novig']);
    let loading = true;
    const loads = (async () => {
      while (loading) {
        await loadPage(ours.origin, attacker, link);
        await sleep(100);
      }
    })();
    const statuses = {};
    for (let reader = 0; reader < 10; reader++) {
      await sleep(300);
      const { status } = await askParlay(ours.origin, `127.0.0.${101 + reader}`, 'Novig', popular);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
    loading = false;
    await loads;
    console.log(`primed-refusal: the attacker's questions answered before its share ran out: ${spent} of 40`);
    console.log(
      `primed-refusal: ten readers asking the attacker's share link's parlay got ${JSON.stringify(statuses)}`,
    );
  } finally {
    await stop();
  }
}

async function pageLoads() {
  const { ours, counts, stop } = await liveStack();
  try {
    await untilNextLimitWindow();
    const startedAt = Date.now();
    const before = counts.parlay;
    const addresses = Array.from({ length: 12 }, (_, index) => `127.0.1.${index + 1}`);
    // Every address loads its 30 pages at once, each a new slip at all ten books.
    await Promise.all(
      addresses.flatMap((address, index) =>
        Array.from({ length: 30 }, (_, page) =>
          loadPage(ours.origin, address, shareLink(slip(index * 100 + page), [...SPORTSBOOKS])),
        ),
      ),
    );
    const loadsMs = Date.now() - startedAt;
    // A reader's new question (nobody asked it before) while the primes are being asked.
    const readerStartedAt = Date.now();
    const reader = await askParlay(ours.origin, '127.0.2.1', 'Novig', slip(9_999));
    const readerMs = Date.now() - readerStartedAt;
    // The primes run after each page is served: wait until no more reach the service.
    let seen = -1;
    while (seen !== counts.parlay) {
      seen = counts.parlay;
      await sleep(2_000);
    }
    const primed = counts.parlay - before - 1;
    const settledMs = Date.now() - startedAt;
    console.log(
      `page-loads: 360 share-link page loads at once (12 addresses, 10 books each) were served in ${loadsMs} ms and made ${primed} upstream parlay calls, the last within ${settledMs} ms (budget 2,500 a window, 100 kept back)`,
    );
    console.log(`page-loads: a reader's new parlay question right after: HTTP ${reader.status} in ${readerMs} ms`);
  } finally {
    await stop();
  }
}

async function forgedEntry() {
  const redis = await startTestRedis();
  const prefix = `attack-${Date.now()}:`;
  const { ours, counts, stop } = await liveStack({
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: prefix,
    CACHE_SIGNING_KEY: 'the-deployment-secret-nobody-else-has-0123456789',
  });
  const client = createClient({ url: redis.url });
  await client.connect();
  try {
    const path = '/api/v3/fixtures/odds?fixture_id=20261122AAAAAAAA&sportsbook=Novig';
    await request(ours.origin, 'GET', path);
    const [recordKey] = await client.keys(`${prefix}answer:*`);
    const id = recordKey.slice(`${prefix}answer:`.length);
    const forged = PreparedAnswer.fromText(
      200,
      {},
      JSON.stringify({
        data: [
          {
            id: '20261122AAAAAAAA',
            odds: [{ sportsbook: 'Novig', price: 99_900, deep_link: { desktop: 'https://evil.example/bet' } }],
          },
        ],
      }),
    );
    const theirSeal = new EntrySeal('a-secret-the-attacker-made-up-0123456789');
    const bodyKey = `answer-body:${id}:${forged.tag}`;
    const body = encodeBody(forged, bodyKey, theirSeal);
    const tenYears = 10 * 365 * 24 * 3_600_000;
    const record = encodeRecord(
      { freshUntil: Date.now() + tenYears, tag: forged.tag, bodyLength: body.length },
      recordKey.slice(prefix.length),
      theirSeal,
    );
    await client.set(`${prefix}${bodyKey}`, body, { expiration: { type: 'PX', value: 600_000 } });
    await client.set(recordKey, record, { expiration: { type: 'PX', value: 600_000 } });
    const callsBefore = counts.total;
    let forgedAnswers = 0;
    let answers = 0;
    let lastForgedAfterDeleteMs = null;
    const startedAt = Date.now();
    let deletedAt = null;
    while (Date.now() - startedAt < 40_000) {
      if (deletedAt === null && Date.now() - startedAt > 10_000) {
        await client.del([recordKey, `${prefix}${bodyKey}`]);
        deletedAt = Date.now();
      }
      const answer = await request(ours.origin, 'GET', path, { address: `127.0.3.${1 + (answers % 50)}` });
      answers++;
      if (answer.body.includes('99900')) {
        forgedAnswers++;
        if (deletedAt !== null) lastForgedAfterDeleteMs = Date.now() - deletedAt;
      }
      await sleep(250);
    }
    console.log(
      `forged-entry: ${forgedAnswers} of ${answers} answers over 40 s carried the forged price 99900 (keys deleted at 10 s); last one ${lastForgedAfterDeleteMs === null ? 'never after the delete' : `${lastForgedAfterDeleteMs} ms after the delete`}; ${counts.total - callsBefore} upstream calls meanwhile`,
    );
  } finally {
    await client.close();
    await stop();
    await redis.stop();
  }
}

const MEASURES = { 'primed-refusal': primedRefusal, 'page-loads': pageLoads, 'forged-entry': forgedEntry };
const chosen = process.argv.slice(2);
for (const name of chosen.length > 0 ? chosen : Object.keys(MEASURES)) {
  const measure = MEASURES[name];
  if (measure === undefined) throw new Error(`Unknown measure ${name}: one of ${Object.keys(MEASURES).join(', ')}`);
  await measure();
}
process.exit(0);
