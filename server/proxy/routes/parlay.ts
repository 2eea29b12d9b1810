/**
 * Pricing: POST /parlay/odds. The body is checked before it can cost an upstream call, asked in one
 * canonical order (books and entries sorted: one question however a browser orders its slip) and
 * answered in the order the browser sent. A share link's page has its prices asked for while the
 * page is served (share-link-primer.ts); its own request then takes that answer.
 *
 * GET /parlay/odds?book=…&legs=… is the same question named by its URL alone (shared-parlay-url.ts),
 * answered in the URL's order for any CDN to keep a few seconds: an article's slip is the same for
 * every reader.
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { ParlayRequestBody } from '../../../src/domain/odds/parlay-request-schema.ts';
import { isOthersRefusal } from '../answer-cache.ts';
import type { ProxiedAnswering } from '../answering.ts';
import { jsonError } from '../answer-response.ts';
import { ClientOrderAnswers } from '../client-order.ts';
import { CheckedParlayBodies } from '../parlay-body.ts';
import { canonicalParlayBody } from '../parlay-order.ts';
import { readSharedParlayUrl } from '../shared-parlay-url.ts';
import { PrimedAnswers, SHARE_LINK_PARLAY_QUERY, shareLinkParlayBodies } from '../share-link-primer.ts';
import { forcesOutcome, upstreamQuestion } from '../upstream-request.ts';
import { bodyWithin } from './body-limit.ts';
import type { ProxiedRoute } from './proxied-route.ts';
import { resourceRoutes } from './resource.ts';

export const PARLAY_ODDS: ProxiedRoute = {
  method: 'POST',
  path: '/parlay/odds',
  query: { odds_format: 'single', allow_missing_entries: 'boolean', always_include_deep_link: 'boolean' },
  freshness: { freshMs: 5_000, staleMs: 20_000 },
};

/**
 * The GET form: the POST question's answers (the same cache entries), with headers that let a CDN
 * keep them (public, s-maxage and stale-while-revalidate from the freshness, a strong ETag).
 */
export const SHARED_PARLAY_ODDS: ProxiedRoute = {
  method: 'GET',
  path: '/parlay/odds',
  query: {},
  freshness: PARLAY_ODDS.freshness,
  publiclyCacheable: true,
};

/** A canonical spelling never changes for a given URL, so a CDN may keep the redirect to it. */
const CANONICAL_REDIRECT_CACHE_CONTROL = 'public, max-age=3600';

/** A slip of 50 legs is ~6 KB. */
const MAX_REQUEST_BODY_BYTES = 64 * 1024;

export interface ParlayRoutesOptions {
  /** Bytes of answers in client orders kept ready to send. */
  preparedBytes: number;
  now: () => number;
  /**
   * When these games' prices last changed on a live stream this instance relays (0: none did). A
   * parlay answer cached before that is not served: a browser asks again because a leg moved.
   */
  lastStreamedChangeAt?: (fixtureIds: readonly string[]) => number;
  /**
   * Takes one request's token from a client's rate-limit bucket (false: it is empty); absent when
   * there is no per-client limit. A share link's prices asked for its page are charged with it.
   */
  admit?: (client: string) => Promise<boolean>;
}

export interface ParlayRoutes {
  routes: Hono;
  /** Asks for the prices a share link's page will ask for, as the page (`c`) is served; nothing for any other page. */
  primeShareLink: (c: Context) => void;
}

export function parlayRoutes(answering: ProxiedAnswering, options: ParlayRoutesOptions): ParlayRoutes {
  const { target } = answering;
  const checkedBodies = new CheckedParlayBodies();
  const inClientOrder = new ClientOrderAnswers(options.preparedBytes);
  const primed = new PrimedAnswers(options.now);
  /** A parlay's answer made before one of its games' prices last moved on a stream is not served. */
  const changedSince = (body: ParlayRequestBody) =>
    options.lastStreamedChangeAt?.(body.entries.map((entry) => entry.fixture_id)) ?? 0;

  const limitBody = bodyWithin(MAX_REQUEST_BODY_BYTES, (c) =>
    jsonError(c, 413, `Request body is larger than ${MAX_REQUEST_BODY_BYTES / 1024} KB.`),
  );

  const shareLinkSearch = new URLSearchParams(SHARE_LINK_PARLAY_QUERY);

  /** The answer to `asked` (a share link's page may have had it asked already), for `body` as the client sent it. */
  const serve = async (c: Context, asked: ParlayRequestBody, search: URLSearchParams, body: ParlayRequestBody) => {
    const question = upstreamQuestion(target, PARLAY_ODDS, search, c.req.raw.headers, asked);
    const notBefore = changedSince(body);
    const client = answering.clientOf(c);
    const primedServed = await primed.take(question.key, notBefore);
    // Another client's spent share is its refusal alone: whoever else asks is answered for themselves.
    return primedServed === undefined || isOthersRefusal(primedServed, client)
      ? answering.answer(question, PARLAY_ODDS, client, notBefore)
      : primedServed;
  };

  const priceParlay: MiddlewareHandler = async (c) => {
    let text: string;
    try {
      text = await c.req.text();
    } catch {
      // The client went away (or was cut off) mid-body: nobody is left to answer.
      return jsonError(c, 400, 'The request body did not arrive whole.');
    }
    // Checked here so a malformed or oversized request never spends an upstream call.
    const checked = checkedBodies.check(text);
    if (!checked.ok) return jsonError(c, 400, checked.message);
    const search = new URL(c.req.url).searchParams;
    const asked = forcesOutcome(target, search, c.req.raw.headers) ? checked.body : checked.canonical;
    const served = await serve(c, asked, search, checked.body);
    return answering.respond(c, PARLAY_ODDS, served, (answer) =>
      inClientOrder.inClientOrder(answer, checked.body, asked),
    );
  };

  const priceSharedParlay: MiddlewareHandler = async (c) => {
    const url = new URL(c.req.url);
    const read = readSharedParlayUrl(url, checkedBodies);
    if (read.kind === 'refused') return jsonError(c, 400, read.message);
    if (read.kind === 'elsewhere') {
      c.header('Cache-Control', CANONICAL_REDIRECT_CACHE_CONTROL);
      return c.redirect(`${url.pathname}${read.canonicalSearch}`, 308);
    }
    const { body, canonical } = read.checked;
    // A forced outcome (the sandbox's controls, by header) is this request's alone: never kept by a CDN.
    const forced = forcesOutcome(target, url.searchParams, c.req.raw.headers);
    const asked = forced ? body : canonical;
    const served = await serve(c, asked, shareLinkSearch, body);
    // In the URL's order (the legs' share encodings sorted), the one order a reader of this URL can know.
    return answering.respond(c, forced ? PARLAY_ODDS : SHARED_PARLAY_ODDS, served, (answer) =>
      inClientOrder.inClientOrder(answer, body, asked),
    );
  };

  /** Each question asked for the page is one request of its client's: charged to its bucket, and to its budget share by answer. */
  const primeEach = async (bodies: readonly ParlayRequestBody[], client: string) => {
    for (const body of bodies) {
      if (options.admit !== undefined && !(await options.admit(client))) return;
      const question = upstreamQuestion(target, PARLAY_ODDS, shareLinkSearch, new Headers(), canonicalParlayBody(body));
      primed.prime(question.key, () => answering.answer(question, PARLAY_ODDS, client, changedSince(body)));
    }
  };
  const primeShareLink = (c: Context) => {
    const bodies = shareLinkParlayBodies(new URL(c.req.url).searchParams);
    if (bodies.length === 0) return;
    // Only a head start: a prime that fails leaves the page to ask for its prices itself.
    primeEach(bodies, answering.clientOf(c)).catch(() => undefined);
  };

  return {
    routes: resourceRoutes('/parlay', [
      { route: SHARED_PARLAY_ODDS, handlers: [priceSharedParlay] },
      { route: PARLAY_ODDS, handlers: [limitBody, priceParlay] },
    ]),
    primeShareLink,
  };
}
