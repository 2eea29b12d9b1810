/**
 * Forcing outcomes (sandbox only). Header `X-Sandbox-Scenario` or query `sandbox_scenario`:
 *   `<Book>=<directive>[+<directive>...];<Book>=...`, book `*` = every book not named.
 * Directives are the per-book names of the one outcome vocabulary (outcomes.ts): priced |
 * missing[:i,j] | uncombinable[:selections|sportsbook|games] | failed | absent | price-string | slow:<ms>.
 * Directives may also be separated by spaces, because a `+` in a query string arrives as a space.
 */
import { SPORTSBOOKS, sportsbookSlug, type Sportsbook } from '../../src/domain/sportsbooks.ts';
import type { CombinationVariant } from '../odds/books.ts';
import { outcomesForcedBy, type ScenarioOutcomeName } from './outcomes.ts';
import type { ParseResult } from '../pricing/parlay-request.ts';

export type ScenarioOutcome =
  | { kind: 'priced' }
  /** `last` = the last entry of the request. */
  | { kind: 'missing'; entryIndexes: readonly number[] | 'last' }
  /** `own` = the book's usual message. */
  | { kind: 'uncombinable'; variant: CombinationVariant | 'own' }
  | { kind: 'failed' }
  | { kind: 'absent' }
  /** A wrong shape for client tests: `price` as a string. */
  | { kind: 'price-string' };

export interface BookDirectives {
  outcome: ScenarioOutcome | null;
  latencyMs: number | null;
}

export interface SandboxScenario {
  books: ReadonlyMap<Sportsbook, BookDirectives>;
  /** Directives for `*`: every book not named. */
  otherBooks: BookDirectives | null;
}

export const EMPTY_SCENARIO: SandboxScenario = { books: new Map(), otherBooks: null };

const MAX_SLOW_MS = 60_000;
const VARIANTS: readonly CombinationVariant[] = ['selections', 'sportsbook', 'games'];
/** Directive names and the arguments they take, for messages. */
const DIRECTIVE_FORMS: Readonly<Record<ScenarioOutcomeName, string>> = {
  priced: 'priced',
  missing: 'missing[:i,j]',
  uncombinable: 'uncombinable[:selections|sportsbook|games]',
  failed: 'failed',
  absent: 'absent',
  'price-string': 'price-string',
  slow: 'slow:<ms>',
};
const DIRECTIVE_HELP = `expected ${outcomesForcedBy('scenario')
  .map((name) => DIRECTIVE_FORMS[name])
  .join(', ')}`;

function findBook(name: string): Sportsbook | null {
  const lower = name.toLowerCase();
  return SPORTSBOOKS.find((book) => book.toLowerCase() === lower || sportsbookSlug(book) === lower) ?? null;
}

function parseOutcome(directive: string, argument: string | undefined): ScenarioOutcome | string {
  switch (directive) {
    case 'priced':
    case 'failed':
    case 'absent':
    case 'price-string':
      return argument === undefined ? { kind: directive } : `"${directive}" takes no argument`;
    case 'missing': {
      if (argument === undefined) return { kind: 'missing', entryIndexes: 'last' };
      const parts = argument.split(',').map((part) => part.trim());
      if (parts.some((part) => !/^\d+$/.test(part)))
        return `missing:${argument}: expected entry indexes such as missing:0,2`;
      return { kind: 'missing', entryIndexes: [...new Set(parts.map(Number))] };
    }
    case 'uncombinable': {
      if (argument === undefined) return { kind: 'uncombinable', variant: 'own' };
      const variant = VARIANTS.find((candidate) => candidate === argument);
      return variant
        ? { kind: 'uncombinable', variant }
        : `uncombinable:${argument}: expected selections, sportsbook or games`;
    }
    default:
      return `unknown directive "${directive}" (${DIRECTIVE_HELP})`;
  }
}

function parseDirectives(text: string): BookDirectives | string {
  const directives: BookDirectives = { outcome: null, latencyMs: null };
  const tokens = text.split(/[+\s]+/).filter((token) => token !== '');
  if (tokens.length === 0) return `no directive (${DIRECTIVE_HELP})`;
  for (const token of tokens) {
    const colon = token.indexOf(':');
    const directive = (colon === -1 ? token : token.slice(0, colon)).toLowerCase();
    const argument = colon === -1 ? undefined : token.slice(colon + 1);
    if (directive === 'slow') {
      const milliseconds = Number(argument);
      if (argument === undefined || !/^\d+$/.test(argument) || milliseconds > MAX_SLOW_MS) {
        return `slow: expected milliseconds from 0 to ${MAX_SLOW_MS}, e.g. slow:2500`;
      }
      directives.latencyMs = milliseconds;
      continue;
    }
    const outcome = parseOutcome(directive, argument);
    if (typeof outcome === 'string') return outcome;
    if (directives.outcome) return `"${token}": only one outcome per book (slow may be added)`;
    directives.outcome = outcome;
  }
  return directives;
}

export function parseScenario(text: string): ParseResult<SandboxScenario> {
  const books = new Map<Sportsbook, BookDirectives>();
  let otherBooks: BookDirectives | null = null;
  const clauses = text
    .split(';')
    .map((clause) => clause.trim())
    .filter((clause) => clause !== '');
  for (const clause of clauses) {
    const equals = clause.indexOf('=');
    const fail = (problem: string) => ({ ok: false as const, error: `X-Sandbox-Scenario: ${problem}` });
    if (equals === -1) return fail(`"${clause}": expected <Book>=<directive>, e.g. DraftKings=failed`);
    const bookName = clause.slice(0, equals).trim();
    const directives = parseDirectives(clause.slice(equals + 1));
    if (typeof directives === 'string') return fail(`${bookName}: ${directives}`);
    if (bookName === '*') {
      if (otherBooks) return fail('"*" is named twice');
      otherBooks = directives;
      continue;
    }
    const book = findBook(bookName);
    if (!book) return fail(`unknown sportsbook "${bookName}" (expected one of ${SPORTSBOOKS.join(', ')} or *)`);
    if (books.has(book)) return fail(`${book} is named twice`);
    books.set(book, directives);
  }
  return { ok: true, value: { books, otherBooks } };
}

export function directivesFor(scenario: SandboxScenario, book: Sportsbook): BookDirectives | null {
  return scenario.books.get(book) ?? scenario.otherBooks;
}

/** Entry indexes a `missing:` directive names that the request does not have, as an error message. */
export function checkScenarioAgainstEntries(scenario: SandboxScenario, entryCount: number): string | null {
  const named: [string, BookDirectives | null][] = [...scenario.books.entries(), ['*', scenario.otherBooks]];
  for (const [book, directives] of named) {
    const outcome = directives?.outcome;
    if (outcome?.kind !== 'missing' || outcome.entryIndexes === 'last') continue;
    const outOfRange = outcome.entryIndexes.find((index) => index >= entryCount);
    if (outOfRange !== undefined) {
      return `X-Sandbox-Scenario: ${book}: missing:${outOfRange} is out of range (the request has ${entryCount} entries)`;
    }
  }
  return null;
}
