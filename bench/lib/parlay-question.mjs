// What a browser's /parlay/odds request asks, whichever form it takes: a POST body, or the GET form a
// first look at one book uses (?book=…&legs=…, the legs as a share link writes them).
import { decodeSlip } from '../../src/domain/slip.ts';

const PARLAY_PATH = '/api/v3/parlay/odds';

/** The request's books and legs as the POST body would carry them; null for any other request. */
export function parlayQuestionOf(request) {
  const url = new URL(request.url());
  if (url.pathname !== PARLAY_PATH) return null;
  if (request.method() === 'POST') {
    const body = request.postDataJSON();
    return { sportsbooks: body?.sportsbooks ?? [], entries: body?.entries ?? [] };
  }
  if (request.method() !== 'GET') return null;
  const entries = decodeSlip(url.searchParams.get('legs') ?? '').legs.map((leg) => ({
    fixture_id: leg.fixtureId,
    market: leg.market,
    name: leg.name,
  }));
  return { sportsbooks: url.searchParams.getAll('book'), entries };
}
