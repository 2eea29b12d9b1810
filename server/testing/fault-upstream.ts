/**
 * A stand-in for the real odds service that fails on purpose, on loopback, for the fault-matrix
 * end-to-end tests, the server security tests and the soak script. Normal answers come from the
 * sandbox (same paths, key check, shapes); rules set from the test process (`POST /__fault`, never
 * reachable through our proxy, whose upstream paths come from its allow-list) make chosen requests
 * fail in a chosen way. The app asks one book per pricing request, so a rule can pick its books.
 *
 * Control endpoints (on the fault server itself):
 *   POST   /__fault     {"rules": [{"fault": "server-error", "books": ["DraftKings"]}]}  replaces the rules
 *   DELETE /__fault     no rules: every request answered normally
 *   GET    /__requests  what reached this server (method, path, query, headers, body), oldest first
 *   DELETE /__requests  forgets them
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSandboxApp } from '../../sandbox/app.ts';
import { outcomesForcedBy, type FaultUpstreamOutcomeName } from '../../sandbox/faults/outcomes.ts';
import { isRecord } from '../../src/domain/records.ts';
import { API_PREFIX } from '../../src/domain/odds/api-prefix.ts';

/** The faults this server can play, named in the one vocabulary (sandbox/faults/outcomes.ts). */
export const FAULTS = outcomesForcedBy('fault-upstream');
type FaultName = FaultUpstreamOutcomeName;

export interface FaultRule {
  fault: FaultName;
  /** Pricing requests asking for any of these books; absent = every request on the rule's paths. */
  books?: string[];
  /** Paths below /api/v3 the rule applies to; default ['/parlay/odds']. */
  paths?: string[];
  /** `slow`: how long before answering normally (default 60 s). `hang` waits until the caller hangs up. */
  delayMs?: number;
  /** `redirect`: where to send the caller (default another loopback port). */
  location?: string;
  /** `rate-limited`: the Retry-After seconds (default 3). */
  retryAfterSeconds?: number;
  /** `html-page`: the page's script source, a path on our proxy (default /api/v3/leagues). */
  scriptSrc?: string;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body: string;
}

export interface FaultUpstream {
  /** e.g. http://127.0.0.1:4321/api/v3, what ODDS_API_BASE_URL should be. */
  baseUrl: string;
  origin: string;
  port: number;
  setRules(rules: FaultRule[]): void;
  requests(): ReceivedRequest[];
  clearRequests(): void;
  close(): Promise<void>;
}

export interface FaultUpstreamOptions {
  /** The key the service accepts (the sandbox checks it like the real service). */
  apiKey: string;
  port?: number;
  host?: string;
  rules?: FaultRule[];
  /** The sandbox's clock behind the faults (the end-to-end world's), default the real one. */
  now?: () => number;
}

/** A book outside the request with a price no real book would quote: it must never show. */
export const UNREQUESTED_BOOK_PRICE = 50000;
/** Every form a careless (or hostile) service could repeat the key in: cases, escapes, encodings. */
export function encodedKeyForms(key: string): Record<string, string> {
  const hex = (code: number, width: number) => code.toString(16).padStart(width, '0');
  const base64At = (offset: number) =>
    Buffer.concat([Buffer.from('pad'.slice(0, offset)), Buffer.from(key), Buffer.from('!tail')]).toString('base64');
  return {
    upper: key.toUpperCase(),
    mixedCase: [...key]
      .map((character, index) => (index % 2 ? character.toUpperCase() : character.toLowerCase()))
      .join(''),
    jsonEscapedAll: [...key].map((character) => `\\u${hex(character.charCodeAt(0), 4)}`).join(''),
    jsonEscapedSomeUpperHex: [...key]
      .map((character, index) => (index % 3 ? character : `\\u${hex(character.charCodeAt(0), 4).toUpperCase()}`))
      .join(''),
    percentAll: [...key].map((character) => `%${hex(character.charCodeAt(0), 2).toUpperCase()}`).join(''),
    percentSome: [...key]
      .map((character, index) => (index % 2 ? `%${hex(character.charCodeAt(0), 2)}` : character))
      .join(''),
    base64: Buffer.from(key).toString('base64'),
    base64Offset1: base64At(1),
    base64Offset2: base64At(2),
    base64UrlOffset1: base64At(1).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''),
  };
}

const GATEWAY_PAGE =
  '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';

type Json = Record<string, unknown>;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function requestedBooksOf(body: string): string[] {
  try {
    const parsed: unknown = JSON.parse(body);
    return isRecord(parsed) && Array.isArray(parsed.sportsbooks)
      ? parsed.sportsbooks.filter((book): book is string => typeof book === 'string')
      : [];
  } catch {
    return [];
  }
}

function ruleFor(rules: readonly FaultRule[], path: string, body: string): FaultRule | undefined {
  const books = requestedBooksOf(body);
  return rules.find(
    (rule) =>
      (rule.paths ?? ['/parlay/odds']).includes(path) &&
      (rule.books === undefined || rule.books.some((book) => books.includes(book))),
  );
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

/** Answers from the sandbox, as the healthy service would. */
async function sandboxAnswer(
  sandbox: ReturnType<typeof createSandboxApp>,
  incoming: IncomingMessage,
  body: string,
  origin: string,
): Promise<{ status: number; headers: Headers; text: string }> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (typeof value === 'string') headers.set(name, value);
  }
  const method = incoming.method ?? 'GET';
  const answer = await sandbox.fetch(
    new Request(`${origin}${incoming.url ?? '/'}`, {
      method,
      headers,
      body: method === 'GET' || method === 'HEAD' ? undefined : body,
    }),
  );
  return { status: answer.status, headers: answer.headers, text: await answer.text() };
}

/** Rewrites a healthy parlay answer into a wrong shape (the books asked for are in the request). */
function reshape(fault: FaultName, answer: unknown, requestedBooks: readonly string[]): unknown {
  if (!isRecord(answer)) return answer;
  const data = isRecord(answer.data) ? answer.data : {};
  switch (fault) {
    case 'data-array':
      return { ...answer, data: Object.values(data) };
    case 'price-string':
    case 'legs-short': {
      const changed: Json = {};
      for (const [book, result] of Object.entries(data)) {
        if (!isRecord(result)) continue;
        if (fault === 'price-string') changed[book] = { ...result, price: String(result.price) };
        else changed[book] = { ...result, legs: Array.isArray(result.legs) ? result.legs.slice(0, -1) : result.legs };
      }
      return { ...answer, data: changed };
    }
    case 'extra-fields': {
      const changed: Json = {};
      for (const [book, result] of Object.entries(data)) {
        if (!isRecord(result)) continue;
        const legs = Array.isArray(result.legs)
          ? result.legs.map((leg: unknown) =>
              isRecord(leg) ? { ...leg, leg_id: 'x1', is_live: false, limits: { max: 500 } } : leg,
            )
          : result.legs;
        changed[book] = {
          ...result,
          legs,
          sportsbook_id: 'sb-1',
          max_stake: 2500,
          meta: { source: 'feed', tags: ['a'] },
        };
      }
      return { ...answer, data: changed, page: 1, request_id: 'r-123', warnings: [] };
    }
    case 'extra-books': {
      const stranger = {
        error: null,
        missing_entries: null,
        legs: [],
        price: UNREQUESTED_BOOK_PRICE,
        deep_link_urls: null,
      };
      const extras: Json = {};
      for (const book of ['BetMGM', 'DraftKings', 'Novig', 'Unibet', 'FanDuel', 'Blue Book']) {
        if (!requestedBooks.includes(book)) extras[book] = stranger;
      }
      return { ...answer, data: { ...extras, ...data }, Betway: { error: 'SelectionsCannotBeCombined' } };
    }
    case 'absent': {
      const kept: Json = {};
      for (const [book, result] of Object.entries(data)) if (!requestedBooks.includes(book)) kept[book] = result;
      return { ...answer, data: kept };
    }
    default:
      return answer;
  }
}

export async function startFaultUpstream(options: FaultUpstreamOptions): Promise<FaultUpstream> {
  const host = options.host ?? '127.0.0.1';
  const sandbox = createSandboxApp({
    apiKey: options.apiKey,
    latency: 'zero',
    randomFailures: false,
    ...(options.now ? { now: options.now } : {}),
  });
  let rules: FaultRule[] = options.rules ?? [];
  let received: ReceivedRequest[] = [];
  let origin = '';

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fault.internal');
    const body = await readBody(request);

    if (url.pathname === '/__fault') {
      if (request.method === 'POST') {
        const parsed: unknown = JSON.parse(body || '{}');
        rules = isRecord(parsed) && Array.isArray(parsed.rules) ? (parsed.rules as FaultRule[]) : [];
      } else if (request.method === 'DELETE') {
        rules = [];
      }
      return sendJson(response, 200, { rules });
    }
    if (url.pathname === '/__requests') {
      if (request.method === 'DELETE') received = [];
      return sendJson(response, 200, { requests: received });
    }

    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers))
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    received.push({ method: request.method ?? '', path: url.pathname, query: url.search, headers, body });
    if (received.length > 5000) received = received.slice(-2500);

    const path = url.pathname.startsWith(`${API_PREFIX}/`) ? url.pathname.slice(API_PREFIX.length) : url.pathname;
    const rule = ruleFor(rules, path, body);
    if (!rule) {
      const answer = await sandboxAnswer(sandbox, request, body, origin);
      response.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
        ...(answer.headers.get('retry-after') ? { 'retry-after': answer.headers.get('retry-after') ?? '' } : {}),
      });
      response.end(answer.text);
      return;
    }

    const key = headers['x-api-key'] ?? '';
    switch (rule.fault) {
      case 'unauthorized-missing-key':
        return sendJson(response, 401, { error: 'API key is required' });
      case 'unauthorized-invalid-key':
        return sendJson(response, 401, { error: 'Invalid or inactive API key' });
      case 'forbidden':
        return sendJson(response, 403, { error: 'Your plan does not include this endpoint' });
      case 'rate-limited':
        return sendJson(
          response,
          429,
          { error: 'Rate limit exceeded' },
          { 'retry-after': String(rule.retryAfterSeconds ?? 3) },
        );
      case 'rate-limited-no-retry-after':
        return sendJson(response, 429, { error: 'Rate limit exceeded' });
      case 'server-error':
        return sendJson(response, 500, { error: 'Internal server error' });
      case 'bad-gateway-html':
        response.writeHead(502, { 'content-type': 'text/html', 'content-length': Buffer.byteLength(GATEWAY_PAGE) });
        response.end(GATEWAY_PAGE);
        return;
      case 'empty-200':
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': '0' });
        response.end();
        return;
      case 'malformed-json': {
        const text = '{"data": {"DraftKings": {"error": null, "price": 264.0,, }';
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(text);
        return;
      }
      case 'truncated': {
        // Promises the whole answer, sends half, then the connection drops.
        const answer = await sandboxAnswer(sandbox, request, body, origin);
        const full = Buffer.from(answer.text);
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(full.length) });
        response.write(full.subarray(0, Math.floor(full.length / 2)));
        setTimeout(() => request.socket.destroy(), 20);
        return;
      }
      case 'reset':
        request.socket.resetAndDestroy();
        return;
      case 'echo-key':
        // A careless service that repeats the key it was given, in its body and headers.
        return sendJson(
          response,
          500,
          { error: `Internal error for key ${key}`, key },
          { 'x-api-key': key, 'x-debug-key': key, 'set-cookie': `key=${key}` },
        );
      case 'echo-key-encoded': {
        // Each form in the body, in header values, and the key in a header's name.
        const forms = encodedKeyForms(key);
        const headerValues = Object.fromEntries(
          Object.entries(forms).map(([form, text]) => [`x-echo-${form.toLowerCase()}`, text]),
        );
        // Written by hand: JSON.stringify would double the backslash of a \u escape.
        const body = `{"data":[],"echoed":{${Object.entries(forms)
          .map(([form, text]) => `"${form}":"${text}"`)
          .join(',')}}}`;
        response.writeHead(200, {
          'content-type': 'application/json',
          ...headerValues,
          [`x-latency-${key.toLowerCase()}`]: '12',
        });
        response.end(body);
        return;
      }
      case 'html-page': {
        const page = `<!doctype html><title>Odds</title><p>Hello</p><script src="${rule.scriptSrc ?? `${API_PREFIX}/leagues`}"></script>`;
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(page);
        return;
      }
      case 'script':
        response.writeHead(200, { 'content-type': 'text/javascript' });
        response.end('document.title = "script ran"; alert("script from the odds service ran on your origin");');
        return;
      case 'redirect':
        response.writeHead(302, { location: rule.location ?? `http://127.0.0.1:9${path}` });
        response.end();
        return;
      case 'hang':
      case 'slow': {
        const delayMs = rule.fault === 'hang' ? 2_147_483_647 : (rule.delayMs ?? 60_000);
        const hungUp = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), delayMs);
          response.on('close', () => {
            clearTimeout(timer);
            resolve(true);
          });
        });
        if (hungUp) return;
        const answer = await sandboxAnswer(sandbox, request, body, origin);
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(answer.text);
        return;
      }
      default: {
        const answer = await sandboxAnswer(sandbox, request, body, origin);
        if (answer.status !== 200) {
          response.writeHead(answer.status, { 'content-type': 'application/json' });
          response.end(answer.text);
          return;
        }
        return sendJson(response, 200, reshape(rule.fault, JSON.parse(answer.text), requestedBooksOf(body)));
      }
    }
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error('[fault-upstream]', error);
      if (!response.headersSent) sendJson(response, 500, { error: 'fault server error' });
      else response.destroy();
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  origin = `http://${host}:${port}`;
  return {
    baseUrl: `${origin}${API_PREFIX}`,
    origin,
    port,
    setRules: (next) => {
      rules = next;
    },
    requests: () => [...received],
    clearRequests: () => {
      received = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** From another process (the Playwright tests): replaces the fault server's rules. */
export async function setFaultRules(origin: string, rules: FaultRule[]): Promise<void> {
  const response = await fetch(`${origin}/__fault`, {
    method: 'POST',
    body: JSON.stringify({ rules }),
    headers: { 'content-type': 'application/json' },
  });
  if (!response.ok) throw new Error(`fault server refused the rules: HTTP ${response.status}`);
}

export async function receivedRequests(origin: string, options: { clear?: boolean } = {}): Promise<ReceivedRequest[]> {
  const response = await fetch(`${origin}/__requests`, { method: options.clear ? 'DELETE' : 'GET' });
  return ((await response.json()) as { requests: ReceivedRequest[] }).requests;
}
