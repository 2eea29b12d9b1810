/**
 * Reads the GET form of /parlay/odds (src/domain/odds/shared-parlay-query.ts): the slip and the book
 * its URL names, checked as a POST body is (parlay-body.ts), and whether the URL is the one
 * canonical spelling of that question. A CDN keys its copies by URL, so every other spelling (legs
 * in another order, `+` for a space, an extra parameter) is sent to the canonical one, not answered.
 */
import { sharedParlayQueryString } from '../../src/domain/odds/shared-parlay-query.ts';
import { decodeSlip, toParlayEntries } from '../../src/domain/slip.ts';
import { isSportsbook, SPORTSBOOKS } from '../../src/domain/sportsbooks.ts';
import type { CheckedParlayBodies } from './parlay-body.ts';

type SharedParlayUrl =
  | { kind: 'refused'; message: string }
  | { kind: 'elsewhere'; canonicalSearch: string }
  | { kind: 'question'; checked: Extract<ReturnType<CheckedParlayBodies['check']>, { ok: true }> };

const USAGE =
  'The GET form of /parlay/odds takes ?book=<sportsbook>&legs=<slip>, the legs as a share link writes them.';

export function readSharedParlayUrl(url: URL, checkedBodies: CheckedParlayBodies): SharedParlayUrl {
  const book = url.searchParams.get('book');
  const legs = url.searchParams.get('legs');
  if (book === null || legs === null) return { kind: 'refused', message: USAGE };
  if (url.searchParams.getAll('book').length > 1 || url.searchParams.getAll('legs').length > 1)
    return { kind: 'refused', message: `${USAGE} Each once.` };
  if (!isSportsbook(book))
    return {
      kind: 'refused',
      message: `Unknown sportsbook "${book.slice(0, 40)}" (supported: ${SPORTSBOOKS.join(', ')}).`,
    };
  const slip = decodeSlip(legs);
  if (slip.rejectedCount > 0)
    return {
      kind: 'refused',
      message: `${slip.rejectedCount} of the legs could not be read (each fixture~market~selection, once).`,
    };
  const entries = toParlayEntries(slip.legs);
  // The same checks as a POST body: the book, the number of legs, each field's form.
  const checked = checkedBodies.check(JSON.stringify({ sportsbooks: [book], entries }));
  if (!checked.ok) return { kind: 'refused', message: checked.message };
  const canonicalSearch = `?${sharedParlayQueryString(book, entries)}`;
  if (url.search !== canonicalSearch) return { kind: 'elsewhere', canonicalSearch };
  return { kind: 'question', checked };
}
