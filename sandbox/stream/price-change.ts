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
import type { FairSelection } from '../odds/fair-selection.ts';
import type { MarketBoard } from '../odds/market-board.ts';
import type { ScheduledFixture } from '../schedule/schedule.ts';
import type { SandboxState } from '../state.ts';
import type { Sportsbook } from '../../src/domain/sportsbooks.ts';
import type { StreamHub } from './stream-hub.ts';
import { oddRow } from './stream-rows.ts';

const PRICE_CHANGE_HEADER = 'x-sandbox-price-change';
const DEFAULT_HOLD_SECONDS = 60;
const MAX_HOLD_SECONDS = 3_600;

export type Fields = Readonly<Record<string, unknown>>;

/** An American price moved along the line by `cents` (there is nothing between -100 and +100). */
function movedAmerican(american: number, cents: number): number {
  const position = (american >= 100 ? american - 100 : american + 100) + cents;
  return position >= 0 ? position + 100 : position - 100;
}

export function text(fields: Fields, name: string): string | null {
  const value = fields[name];
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function wholeNumber(fields: Fields, name: string): number | null | undefined {
  const value = text(fields, name);
  if (value === null) return undefined;
  return /^[+-]?\d{1,6}$/.test(value) ? Number(value) : null;
}

export type ChangeResult = { ok: true; odd: unknown } | { ok: false; status: 400 | 404; error: string };

/** A line a hook names: the game, its board, the selection and the book. */
export interface NamedLine {
  fixture: ScheduledFixture;
  board: MarketBoard;
  selection: FairSelection;
  book: Sportsbook;
}

/** The line named by `fixture_id`, `sportsbook`, `market` and `name`, listed by that book now. */
export function findNamedLine(
  state: SandboxState,
  fields: Fields,
  nowMs: number,
): { ok: true; line: NamedLine } | { ok: false; status: 400 | 404; error: string } {
  const missing = ['fixture_id', 'sportsbook', 'market', 'name'].filter((name) => text(fields, name) === null);
  if (missing.length > 0) return { ok: false, status: 400, error: `${missing.join(', ')}: required` };
  const book = bookFromQuery(text(fields, 'sportsbook') ?? '');
  if (!book) return { ok: false, status: 400, error: 'sportsbook: not one of the ten books' };
  const fixture = state.schedule.findFixture(text(fields, 'fixture_id') ?? '');
  if (!fixture || !hasOdds(fixture, nowMs))
    return { ok: false, status: 404, error: 'fixture_id: no listed game with odds now' };
  const board = state.boardFor(fixture);
  const selection = board.find(text(fields, 'market') ?? '', text(fields, 'name') ?? '');
  if (!selection || !bookOffers(state.seed, profileOf(book), fixture, selection))
    return { ok: false, status: 404, error: `${book} lists no such line in that game` };
  return { ok: true, line: { fixture, board, selection, book } };
}

/** `hold_seconds`: how long the hook's change holds (default 60 s); null when unreadable. */
export function holdSeconds(fields: Fields): number | null {
  const hold = wholeNumber(fields, 'hold_seconds') ?? DEFAULT_HOLD_SECONDS;
  return hold === null || hold < 1 || hold > MAX_HOLD_SECONDS ? null : hold;
}

export const HOLD_SECONDS_ERROR = `hold_seconds: expected 1 to ${MAX_HOLD_SECONDS}`;

function applyPriceChange(state: SandboxState, hub: StreamHub, fields: Fields): ChangeResult {
  const nowMs = state.now();
  const named = findNamedLine(state, fields, nowMs);
  if (!named.ok) return named;
  const { fixture, board, selection, book } = named.line;
  const profile = profileOf(book);
  const price = wholeNumber(fields, 'price');
  const delta = wholeNumber(fields, 'delta');
  const hold = holdSeconds(fields);
  if (price === null || (price !== undefined && Math.abs(price) < 100))
    return { ok: false, status: 400, error: 'price: expected American odds, e.g. -110 or 125' };
  if (delta === null) return { ok: false, status: 400, error: 'delta: expected whole cents, e.g. 10 or -15' };
  if ((price === undefined) === (delta === undefined))
    return { ok: false, status: 400, error: 'send either price or delta' };
  if (hold === null) return { ok: false, status: 400, error: HOLD_SECONDS_ERROR };

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

/** A hook's JSON body route: the fields in, the changed odd (or odds) out. */
export function hookHandler(apply: (fields: Fields) => ChangeResult) {
  return async (context: Context): Promise<Response> => {
    let body: unknown;
    try {
      body = await context.req.json();
    } catch {
      return errorResponse(context, 400, 'expected a JSON object');
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return errorResponse(context, 400, 'expected a JSON object');
    const result = apply(body as Fields);
    if (!result.ok) return errorResponse(context, result.status, result.error);
    return jsonAnswer(context, { data: result.odd });
  };
}

/** A hook's header form (the same fields URL-encoded), on any request: the way through our server. */
export function hookHeader(headerName: string, apply: (fields: Fields) => ChangeResult): MiddlewareHandler {
  const shownName = headerName.replace(
    /(^|-)([a-z])/g,
    (_, dash: string, letter: string) => dash + letter.toUpperCase(),
  );
  return async (context, next) => {
    const header = context.req.header(headerName);
    if (header === undefined || header.trim() === '') return next();
    const result = apply(Object.fromEntries(new URLSearchParams(header)));
    if (!result.ok) return errorResponse(context, 400, `${shownName}: ${result.error}`);
    return next();
  };
}

export function priceChangeHandler(state: SandboxState, hub: StreamHub) {
  return hookHandler((fields) => applyPriceChange(state, hub, fields));
}

/** `X-Sandbox-Price-Change: fixture_id=...&sportsbook=...&market=...&name=...&price=...` on any request. */
export function priceChangeHeader(state: SandboxState, hub: StreamHub): MiddlewareHandler {
  return hookHeader(PRICE_CHANGE_HEADER, (fields) => applyPriceChange(state, hub, fields));
}
