/**
 * What a game row asks for as the bettor scrolls: rows load their main lines as they near the
 * screen, and a /fixtures/odds call with room (five games a call) brings the following rows along,
 * so the scroll that brings those rows near asks nothing more.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { freezeDateAtTestNow } from '../../test/games.tsx';
import { GamesBrowser } from './games-browser.tsx';

/**
 * An IntersectionObserver (jsdom has none) under the test's control: nothing is on screen until
 * the test scrolls a row near.
 */
class ScrolledByTest implements IntersectionObserver {
  static readonly byElement = new Map<Element, ScrolledByTest>();
  readonly root = null;
  readonly rootMargin = '0px';
  readonly thresholds = [0];
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(element: Element): void {
    ScrolledByTest.byElement.set(element, this);
  }
  unobserve(element: Element): void {
    if (ScrolledByTest.byElement.get(element) === this) ScrolledByTest.byElement.delete(element);
  }
  disconnect(): void {
    for (const [element, observer] of ScrolledByTest.byElement)
      if (observer === this) ScrolledByTest.byElement.delete(element);
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
  /** Waits for the row to be watched (Preact runs effects after paint), then tells its observer. */
  static async bringNear(element: Element): Promise<void> {
    const observer = await waitFor(() => {
      const watching = ScrolledByTest.byElement.get(element);
      if (!watching) throw new Error('row not watched for the screen');
      return watching;
    });
    const entry = { isIntersecting: true, target: element } as IntersectionObserverEntry;
    act(() => observer.callback([entry], observer));
  }
}

/** The games list's rows, top to bottom. */
function gameRows(): HTMLElement[] {
  return screen
    .getAllByRole('button', { name: /^All markets for / })
    .map((opener) => opener.closest('li'))
    .filter((row): row is HTMLLIElement => row !== null);
}

/** A row shows its main lines: its winner prices are buttons to tap. */
async function expectLinesShown(row: HTMLElement): Promise<void> {
  await waitFor(() => expect(within(row).getAllByRole('button', { name: /, Moneyline, best / })).toHaveLength(2));
  expect(row).toHaveAttribute('aria-busy', 'false');
}

describe('game rows’ main lines as the bettor scrolls', () => {
  const asked: URL[] = [];
  const oddsCalls = () => asked.filter((url) => url.pathname.endsWith('/fixtures/odds'));

  beforeEach(() => {
    freezeDateAtTestNow();
    asked.length = 0;
    vi.stubGlobal('IntersectionObserver', ScrolledByTest);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    ScrolledByTest.byElement.clear();
  });

  it('asks the rows near the screen with the next ones in the same calls, and nothing more when those scroll near', async () => {
    renderWithApp(<GamesBrowser />, {
      initialState: { leagues: ['nba'] },
      onRequest: (request) => asked.push(new URL(request.url)),
    });
    await screen.findAllByRole('button', { name: /^All markets for / });
    const rows = gameRows();
    // Two screens' worth and more: the list is longer than one call's five games.
    expect(rows.length).toBeGreaterThan(5);
    expect(oddsCalls()).toHaveLength(0);

    // The first two rows come near: one call's worth of games (at ten books, five a call: two calls).
    for (const row of rows.slice(0, 2)) await ScrolledByTest.bringNear(row);
    for (const row of rows.slice(0, 2)) await expectLinesShown(row);
    await waitFor(() => expect(oddsCalls()).toHaveLength(2));
    for (const call of oddsCalls()) expect(call.searchParams.getAll('fixture_id')).toHaveLength(5);

    // Scrolling on to the next three rows: their lines are already here, nothing is asked.
    for (const row of rows.slice(2, 5)) await ScrolledByTest.bringNear(row);
    for (const row of rows.slice(2, 5)) await expectLinesShown(row);
    expect(oddsCalls()).toHaveLength(2);

    // Further down the list rows still get their lines as they come near.
    const sixth = rows[5];
    if (!sixth) throw new Error('no sixth row');
    await ScrolledByTest.bringNear(sixth);
    await expectLinesShown(sixth);
    expect(oddsCalls().length).toBeGreaterThan(2);
  });
});
