/**
 * A parlay answer in the order its caller listed books and entries (parlay-order.ts), made once per
 * answer and order and then kept ready to send: a reader asking the same slip in the same order
 * gets the same bytes without the answer being parsed or written again.
 */
import { LRUCache } from 'lru-cache';
import type { ParlayRequestBody } from '../../src/domain/odds/parlay-request-schema.ts';
import { answerInClientOrder } from './parlay-order.ts';
import { PreparedAnswer } from './prepared-answer.ts';

/**
 * The caller's order relative to the canonical one: its books by name, its entries by their place
 * in the canonical list. Empty when the two agree.
 */
function clientOrderKey(client: ParlayRequestBody, canonical: ParlayRequestBody): string {
  const books = client.sportsbooks.every((book, index) => book === canonical.sportsbooks[index])
    ? ''
    : client.sportsbooks.join(',');
  // The canonical body holds the client's own entry objects, sorted.
  const places = client.entries.map((entry) => canonical.entries.indexOf(entry));
  const entries = places.every((place, index) => place === index) ? '' : places.join(',');
  return books === '' && entries === '' ? '' : `${books}|${entries}`;
}

export class ClientOrderAnswers {
  readonly #made: LRUCache<string, PreparedAnswer>;

  constructor(maxBytes: number) {
    this.#made = new LRUCache<string, PreparedAnswer>({
      maxSize: maxBytes,
      maxEntrySize: maxBytes,
      sizeCalculation: (answer) => answer.sizeBytes,
    });
  }

  /** The answer to the canonical body, in the client's order. */
  inClientOrder(answer: PreparedAnswer, client: ParlayRequestBody, canonical: ParlayRequestBody): PreparedAnswer {
    const order = clientOrderKey(client, canonical);
    if (order === '') return answer;
    // The tag names the canonical answer's bytes: the same bytes in the same order give the same answer.
    const key = `${answer.tag}|${order}`;
    const made = this.#made.get(key);
    if (made !== undefined) return made;
    const text = answer.body.toString('utf8');
    const reordered = answerInClientOrder(text, client, canonical);
    const inOrder =
      reordered === text ? answer : new PreparedAnswer(answer.status, answer.headers, Buffer.from(reordered, 'utf8'));
    this.#made.set(key, inOrder);
    return inOrder;
  }
}
