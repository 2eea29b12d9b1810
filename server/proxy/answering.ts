/**
 * How every proxied route answers: its question from the shared answer cache when it can be,
 * else asked upstream once (the budget, coalescing of identical questions), and the answer sent
 * as the browser takes it.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { TrustProxy } from '../guards/client-address.ts';
import { clientOf } from '../guards/client-address.ts';
import type { SharedStore } from '../shared-store/store.ts';
import { AnswerCache, type FreshnessPolicy, type Served } from './answer-cache.ts';
import { EntrySeal } from './entry-seal.ts';
import { answerResponse, failureResponse, isForwardedHeader, type AnswerRules } from './answer-response.ts';
import type { PreparedAnswer } from './prepared-answer.ts';
import type { ProxiedRoute } from './routes/proxied-route.ts';
import { UpstreamBudget } from './upstream-budget.ts';
import { createUpstreamCaller, type UpstreamTarget } from './upstream-call.ts';
import { upstreamQuestion, type UpstreamQuestion } from './upstream-request.ts';

export interface AnsweringOptions {
  store: SharedStore;
  /** The deployment's CACHE_SIGNING_KEY; null: this process trusts only the entries it stored itself. */
  cacheSigningKey: string | null;
  /** Answers shared between requests; off: every request asks upstream (identical ones in flight still share). */
  cacheAnswers: boolean;
  /** The key's calls per window when the service does not say (x-ratelimit-limit). */
  upstreamLimit: { calls: number; windowMs: number };
  /** The part of each window's upstream calls one client (address, or /64) may spend. */
  upstreamClientShare: number;
  /** Whose forwarded address names the client (the budget's share). */
  trustProxy: TrustProxy;
  /** Longest a request waits for the upstream budget before being told to come back. */
  maxBudgetWaitMs: number;
  /** Bytes of answers this process keeps ready to send. */
  preparedBytes: number;
  /** Origins whose pages may call us: their answers get CORS headers from the app's middleware. */
  allowedOrigins: readonly string[];
  log?: (line: string) => void;
  now: () => number;
}

export interface ProxiedAnswering {
  readonly target: UpstreamTarget;
  /** Who is asking: the client's address (or /64), behind a trusted proxy the one it forwarded. */
  clientOf(c: Context): string;
  /** The answer to `question`: from the cache (none made before `notBefore`), or asked once. */
  answer(question: UpstreamQuestion, route: ProxiedRoute, client: string | null, notBefore?: number): Promise<Served>;
  /** The browser's response to what was served; `reorder` turns a 2xx answer into the form this browser asked for. */
  respond(
    c: Context,
    route: ProxiedRoute,
    served: Served,
    reorder?: (answer: PreparedAnswer) => PreparedAnswer,
  ): Promise<Response>;
  /** The handler of a GET route: its query's answer. */
  answerGet(route: ProxiedRoute): MiddlewareHandler;
}

/**
 * Answers the same for everyone (the catalog) may be kept by browsers and CDNs as long as by us;
 * their headers are the same for every origin too (AnswerRules.sameForEveryOrigin).
 */
function publicCacheControl({ freshMs, staleMs }: FreshnessPolicy): string {
  return `public, max-age=${freshMs / 1000}, s-maxage=${freshMs / 1000}, stale-while-revalidate=${staleMs / 1000}`;
}

export function createAnswering(target: UpstreamTarget, options: AnsweringOptions): ProxiedAnswering {
  const callUpstream = createUpstreamCaller(target);
  const { store, now } = options;
  const budget = new UpstreamBudget({
    store,
    limit: options.upstreamLimit.calls,
    windowMs: options.upstreamLimit.windowMs,
    clientShare: options.upstreamClientShare,
    log: options.log,
    now,
  });
  const answers = new AnswerCache({
    store,
    seal: new EntrySeal(options.cacheSigningKey),
    budget,
    keptHeaders: isForwardedHeader,
    callTimeoutMs: target.timeoutMs,
    maxBudgetWaitMs: options.maxBudgetWaitMs,
    preparedBytes: options.preparedBytes,
    log: options.log,
    now,
  });
  const allowedOrigins = new Set(options.allowedOrigins);
  const rulesByRoute = new Map<ProxiedRoute, AnswerRules>();
  const rulesOf = (route: ProxiedRoute) => {
    let rules = rulesByRoute.get(route);
    if (rules === undefined) {
      const shared = route.publiclyCacheable === true;
      rules = {
        okCacheControl: shared ? publicCacheControl(route.freshness) : 'no-store',
        // Only when some other origin may read us: else no CORS headers at all, the same for everyone too.
        sameForEveryOrigin: shared && allowedOrigins.size > 0,
      };
      rulesByRoute.set(route, rules);
    }
    return rules;
  };

  const answering: ProxiedAnswering = {
    target,
    clientOf: (c) => clientOf(c, options.trustProxy),
    answer(question, route, client, notBefore = 0) {
      const asked = { call: () => callUpstream(question.request()), informsBudget: question.informsBudget, client };
      return options.cacheAnswers
        ? answers.serve(question.key, route.freshness, asked, notBefore)
        : answers.bypass(question.key, asked);
    },
    async respond(c, route, served, reorder) {
      if (served.kind !== 'answer') return failureResponse(c, served, target.timeoutMs);
      const ok = served.answer.status >= 200 && served.answer.status < 300;
      const answer = ok && reorder !== undefined ? reorder(served.answer) : served.answer;
      return answerResponse(answer, rulesOf(route), c.req.raw.headers, allowedOrigins, now());
    },
    answerGet: (route) => async (c) => {
      const search = new URL(c.req.url).searchParams;
      const question = upstreamQuestion(target, route, search, c.req.raw.headers, null);
      const served = await answering.answer(question, route, answering.clientOf(c));
      return answering.respond(c, route, served);
    },
  };
  return answering;
}
