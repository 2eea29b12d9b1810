/**
 * Test helpers for the price grid: real legs read from the same deterministic sandbox the rendered
 * app talks to (never hard-coded ids), and a probe that shows the slip.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { vi, type MockInstance } from 'vitest';
import { createOddsClient } from '../api/client.ts';
import type { BookOdd, Fixture } from '../api/types.ts';
import type { SlipLeg } from '../domain/slip.ts';
import { SPORTSBOOKS } from '../domain/sportsbooks.ts';
import { useSlip } from '../state/app-stores-context.tsx';
import { createSandboxFetch } from './render-with-app.tsx';

export interface SandboxGame {
  fixture: Fixture;
  odds: BookOdd[];
}

function legOf(game: SandboxGame, odd: Pick<BookOdd, 'market' | 'name'>): SlipLeg {
  const { fixture } = game;
  return {
    fixtureId: fixture.id,
    market: odd.market,
    name: odd.name,
    game: {
      homeTeam: fixture.homeTeam,
      awayTeam: fixture.awayTeam,
      startDate: fixture.startDate,
      leagueId: fixture.leagueId,
    },
  };
}

function mainOdd(game: SandboxGame, market: string, matches: (odd: BookOdd) => boolean = () => true): BookOdd {
  const odd = game.odds.find((candidate) => candidate.market === market && candidate.isMain && matches(candidate));
  if (!odd) throw new Error(`No main ${market} odd in ${game.fixture.id}`);
  return odd;
}

/** Upcoming NBA games with all ten books' odds. */
export async function loadSandboxGames(count = 3): Promise<SandboxGame[]> {
  const client = sandboxOddsClient();
  const fixtures = (await client.listAllActiveFixtures({ leagues: ['nba'] }))
    .filter((fixture) => !fixture.isLive)
    .slice(0, count);
  const withOdds = await client.getFixtureOdds({
    fixtureIds: fixtures.map((fixture) => fixture.id),
    sportsbooks: SPORTSBOOKS,
  });
  if (withOdds.length < count) throw new Error('The sandbox has too few NBA games with odds');
  return withOdds;
}

/** The home team's moneyline in one game: a cross-game slip every book prices. */
export function moneylineLeg(game: SandboxGame): SlipLeg {
  return legOf(
    game,
    mainOdd(game, 'Moneyline', (odd) => odd.name === game.fixture.homeTeam),
  );
}

/** The home team's main spread: with its own moneyline, a pair most books refuse to combine. */
export function ownSpreadLeg(game: SandboxGame): SlipLeg {
  return legOf(
    game,
    mainOdd(game, 'Point Spread', (odd) => odd.name.startsWith(`${game.fixture.homeTeam} `)),
  );
}

export function totalLeg(game: SandboxGame): SlipLeg {
  return legOf(
    game,
    mainOdd(game, 'Total Points', (odd) => odd.name.startsWith('Over')),
  );
}

/** Lists the slip's legs, so tests can see what the grid's actions did to it. */
/** The slip most grid tests price: two games' moneylines and a third game's total, across three games. */
export function threeGameSlip(games: readonly SandboxGame[]): SlipLeg[] {
  const [first, second, third] = games;
  if (!first || !second || !third) throw new Error('The sandbox has too few games');
  return [moneylineLeg(first), moneylineLeg(second), totalLeg(third)];
}

/** A button that adds a leg through the slip store, as a tap on a price does. */
export function AddLegButton({ leg, label, onAdded }: { leg: SlipLeg; label: string; onAdded?: () => void }) {
  const legToggled = useSlip((state) => state.legToggled);
  return (
    <button
      type="button"
      onClick={() => {
        legToggled(leg);
        onAdded?.();
      }}
    >
      {label}
    </button>
  );
}

export function SlipProbe() {
  const legs = useSlip((state) => state.legs);
  return (
    <ul aria-label="Slip probe">
      {legs.map((leg) => (
        <li key={`${leg.fixtureId}|${leg.market}|${leg.name}`}>{leg.name}</li>
      ))}
    </ul>
  );
}

/**
 * Records the parlay requests the app stood by. Under React's StrictMode (as in `npm run dev` and the dom tests)
 * a query started on the first mount is cancelled by the remount and asked again; cancelled requests
 * are not counted, since production, which mounts once, never sends them.
 */
export function recordParlayRequests() {
  const recorded: { signal: AbortSignal; books: Promise<string[]> }[] = [];
  const standing = () => recorded.filter((request) => !request.signal.aborted);
  return {
    onRequest(request: Request) {
      if (!request.url.includes('/parlay/odds')) return;
      recorded.push({
        signal: request.signal,
        books: request.json().then((body: { sportsbooks?: string[] }) => body.sportsbooks ?? []),
      });
    },
    /** The books of every standing parlay request so far, one array per request. */
    async booksAsked(): Promise<string[][]> {
      return Promise.all(standing().map((request) => request.books));
    },
    get count(): number {
      return standing().length;
    },
  };
}

/** The book a column header names, as assistive tech reads it: text shown only to the eye left out, and the "Bet at …" link after it. */
function bookOfHeader(header: HTMLElement): string {
  const spoken = header.cloneNode(true) as HTMLElement;
  for (const hidden of spoken.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return (spoken.textContent ?? '').replace(/Bet at .*$/s, '').trim();
}

/** The grid cell in the row headed `rowHeader` and the column of `book`. */
export function gridCell(rowHeader: string | RegExp, book: string): HTMLElement {
  const table = screen.getByRole('grid');
  const headers = within(table).getAllByRole('columnheader').map(bookOfHeader);
  const column = headers.indexOf(book) - 1;
  if (column < 0) throw new Error(`No column for ${book}; columns: ${headers.join(', ')}`);
  const row = within(table).getByRole('rowheader', { name: rowHeader }).closest('tr');
  const cell = row ? within(row).getAllByRole('gridcell')[column] : undefined;
  if (!cell) throw new Error(`No ${book} cell in row ${String(rowHeader)}`);
  return cell;
}

/**
 * Opens a book's explanation from its status in the parlay row (`Not offered`, `Won't combine`,
 * `Retry`, `No answer`…), once the book has answered, and returns the explanation below the table.
 */
export async function openBookDetails(
  user: { click: (element: Element) => Promise<void> },
  book: string,
  status?: string | RegExp,
): Promise<HTMLElement> {
  const button = await waitFor(() => within(gridCell('Parlay', book)).getByRole('button', { name: status ?? /./ }));
  await user.click(button);
  return screen.findByRole('dialog', { name: `${book}: why no price` });
}

/** The books' column headers, in order (the leg and fair-price columns left out). */
export function columnHeaders(): string[] {
  return within(screen.getByRole('grid'))
    .getAllByRole('columnheader')
    .slice(1)
    .map(bookOfHeader)
    .filter((name) => !name.startsWith('Fair price'));
}

/** The fair-price cell in the row headed `rowHeader` (the column after the legs). */
export function fairCell(rowHeader: string | RegExp): HTMLElement {
  const row = within(screen.getByRole('grid')).getByRole('rowheader', { name: rowHeader }).closest('tr');
  const cell = row ? within(row).getAllByRole('gridcell')[0] : undefined;
  if (!cell) throw new Error(`No fair cell in row ${String(rowHeader)}`);
  return cell;
}

/** A client on the same deterministic sandbox the rendered app talks to, for expected values. */
export function sandboxOddsClient() {
  return createOddsClient({ baseUrl: 'http://sandbox.test', fetch: createSandboxFetch() });
}

/** A pattern for an accessible name that starts with `text` literally (names hold `.`, `+`, `(`). */
export function startingWith(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

/** jsdom's Blob has no text(); FileReader reads it the way a browser would. */
/**
 * Catches the grid's CSV downloads: each file's Blob is kept in `saved`, and the download link's
 * click (which jsdom cannot follow) is spied on.
 */
export function captureDownloads(): { saved: Blob[]; click: MockInstance<() => void> } {
  const saved: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    saved.push(blob as Blob);
    return 'blob:download';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return { saved, click };
}

export function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}
