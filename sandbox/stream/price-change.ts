/**
 * The test hook (sandbox only): a chosen book's price for a chosen line changes now, for e2e tests
 * that must see a change when they want it. `POST /__sandbox/price-change` with a JSON body, or
 * header `X-Sandbox-Price-Change` (the same fields URL-encoded) on any request - the form that
 * passes through our server when it runs over the sandbox; against the live service our proxy
 * drops it, and it has no route there.
 *
 *   fixture_id, sportsbook, market, name   the line, as /fixtures/odds names it
 *   price | delta                           the new American price, or a move in cents (-110 + 20 = +110)
 *   hold_seconds                            how long it holds before the model's price is back (default 60)
 *
 * /fixtures/odds and /parlay/odds show the forced price from that moment; the stream sends it as
 * an `odds` event at once (at the next look at the clock with realistic latency).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bookAmericanPrice, bookOffers } from '../odds/book-pricing.ts';
import { bookGroupOdds, bookPriceAt } from '../odds/book-odds.ts';
import { profileOf } from '../odds/books.ts';
import { errorResponse } from '../routes/guards.ts';
import { jsonAnswer } from '../routes/json-answer.ts';
import { bookFromQuery } from '../routes/route-helpers.ts';
import { hasOdds } from '../schedule/schedule.ts';
import type { SandboxState } from '../state.ts';
import type { StreamHub } from './stream-hub.ts';
import { oddRow } from './stream-rows.ts';

const PRICE_CHANGE_HEADER = 'x-sandbox-price-change';
const DEFAULT_HOLD_SECONDS = 60;
const MAX_HOLD_SECONDS = 3_600;

type Fields = Readonly<Record<string, unknown>>;

/** An American price moved along the line by `cents` (there is nothing between -100 and +100). */
function movedAmerican(american: number, cents: number): number {
  const position = (american >= 100 ? american - 100 : american + 100) + cents;
  return position >= 0 ? position + 100 : position - 100;
}

function text(fields: Fields, name: string): string | null {
  const value = fields[name];
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function wholeNumber(fields: Fields, name: string): number | null | undefined {
  const value = text(fields, name);
  if (value === null) return undefined;
  return /^[+-]?\d{1,6}$/.test(value) ? Number(value) : null;
}

type ChangeResult = { ok: true; odd: unknown } | { ok: false; status: 400 | 404; error: string };

function applyPriceChange(state: SandboxState, hub: StreamHub, fields: Fields): ChangeResult {
  const missing = ['fixture_id', 'sportsbook', 'market', 'name'].filter((name) => text(fields, name) === null);
  if (missing.length > 0) return { ok: false, status: 400, error: `${missing.join(', ')}: required` };
  const book = bookFromQuery(text(fields, 'sportsbook') ?? '');
  if (!book) return { ok: false, status: 400, error: 'sportsbook: not one of the ten books' };
  const price = wholeNumber(fields, 'price');
  const delta = wholeNumber(fields, 'delta');
  const hold = wholeNumber(fields, 'hold_seconds') ?? DEFAULT_HOLD_SECONDS;
  if (price === null || (price !== undefined && Math.abs(price) < 100))
    return { ok: false, status: 400, error: 'price: expected American odds, e.g. -110 or 125' };
  if (delta === null) return { ok: false, status: 400, error: 'delta: expected whole cents, e.g. 10 or -15' };
  if ((price === undefined) === (delta === undefined))
    return { ok: false, status: 400, error: 'send either price or delta' };
  if (hold === null || hold < 1 || hold > MAX_HOLD_SECONDS)
    return { ok: false, status: 400, error: `hold_seconds: expected 1 to ${MAX_HOLD_SECONDS}` };

  const nowMs = state.now();
  const fixture = state.schedule.findFixture(text(fields, 'fixture_id') ?? '');
  if (!fixture || !hasOdds(fixture, nowMs))
    return { ok: false, status: 404, error: 'fixture_id: no listed game with odds now' };
  const board = state.boardFor(fixture);
  const selection = board.find(text(fields, 'market') ?? '', text(fields, 'name') ?? '');
  const profile = profileOf(book);
  if (!selection || !bookOffers(state.seed, profile, fixture, selection))
    return { ok: false, status: 404, error: `${book} lists no such line in that game` };
  const current =
    bookPriceAt(state.odds, board, book, selection, nowMs) ??
    bookAmericanPrice(state.seed, profile, board, selection, nowMs);
  const american = price ?? movedAmerican(current, delta ?? 0);
  state.odds.forcedPrices.set({
    book,
    fixtureId: fixture.id,
    groupId: selection.groupId,
    sideIndex: selection.sideIndex,
    american,
    fromMs: nowMs,
    untilMs: nowMs + hold * 1_000,
  });
  const group = board.groups.get(selection.groupId) ?? [selection];
  const odd = bookGroupOdds(state.odds, board, book, group, nowMs).find(
    (candidate) => candidate.selection === selection,
  );
  if (!odd) return { ok: false, status: 404, error: `${book} lists no such line in that game` };
  const row = oddRow(fixture, book, odd, nowMs);
  hub.announce(fixture.sport.id, 'odds', [row], nowMs);
  return { ok: true, odd: JSON.parse(row.text) as unknown };
}

export function priceChangeHandler(state: SandboxState, hub: StreamHub) {
  return async (context: Context): Promise<Response> => {
    let body: unknown;
    try {
      body = await context.req.json();
    } catch {
      return errorResponse(context, 400, 'expected a JSON object');
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return errorResponse(context, 400, 'expected a JSON object');
    const result = applyPriceChange(state, hub, body as Fields);
    if (!result.ok) return errorResponse(context, result.status, result.error);
    return jsonAnswer(context, { data: result.odd });
  };
}

/** `X-Sandbox-Price-Change: fixture_id=...&sportsbook=...&market=...&name=...&price=...` on any request. */
export function priceChangeHeader(state: SandboxState, hub: StreamHub): MiddlewareHandler {
  return async (context, next) => {
    const header = context.req.header(PRICE_CHANGE_HEADER);
    if (header === undefined || header.trim() === '') return next();
    const result = applyPriceChange(state, hub, Object.fromEntries(new URLSearchParams(header)));
    if (!result.ok) return errorResponse(context, 400, `X-Sandbox-Price-Change: ${result.error}`);
    return next();
  };
}
