import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeSlip, type SlipLeg } from '../domain/slip.ts';
import { loadSandboxGames, moneylineLeg, type SandboxGame } from '../test/price-grid.tsx';
import { createSandboxFetch } from '../test/render-with-app.tsx';
import { BOOK_CLICK_EVENT, ELEMENT_NAME, SLIP_CHANGE_EVENT } from './index.ts';
import type { SlipChangeDetail } from './widget-app.tsx';

let slip: SlipLeg[];

beforeAll(async () => {
  const [first, second] = (await loadSandboxGames(2)) as [SandboxGame, SandboxGame];
  slip = [moneylineLeg(first), moneylineLeg(second)];
});

beforeEach(() => {
  vi.stubGlobal('fetch', createSandboxFetch());
});

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

// A removed widget unmounts; Preact runs its effects' cleanups on a timer (35 ms, or the next animation
// frame). Let the last one run while the test environment's window still exists.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 150)));

function addWidget(attributes: Record<string, string>): HTMLElement {
  const element = document.createElement(ELEMENT_NAME);
  for (const [name, value] of Object.entries({ 'api-base': 'http://sandbox.test', ...attributes }))
    element.setAttribute(name, value);
  document.body.append(element);
  return element;
}

/** Testing Library queries inside a widget's shadow root. */
function inWidget(element: HTMLElement) {
  if (!element.shadowRoot) throw new Error('no open shadow root');
  return within(element.shadowRoot as unknown as HTMLElement);
}

describe('<parlay-builder>', () => {
  it('renders into an open shadow root with its styles, and nothing into the page', async () => {
    const element = addWidget({ mode: 'grid', legs: encodeSlip(slip) });
    expect(await inWidget(element).findByRole('heading', { name: 'Your slip (2 legs)' })).toBeInTheDocument();
    expect(element.shadowRoot?.querySelector('style, .pb-root')).not.toBeNull();
    expect(screen.queryByRole('heading', { name: /Your slip/ })).toBeNull();
    expect(document.head.querySelectorAll('style')).toHaveLength(0);
  });

  it('keeps two widgets’ slips apart and tells the host about each change', async () => {
    const user = userEvent.setup();
    const changes: { id: string; detail: SlipChangeDetail }[] = [];
    document.addEventListener(SLIP_CHANGE_EVENT, (event) =>
      changes.push({ id: (event.target as Element).id, detail: (event as CustomEvent<SlipChangeDetail>).detail }),
    );
    const first = addWidget({ mode: 'grid', legs: encodeSlip(slip), id: 'first' });
    const second = addWidget({ mode: 'grid', legs: encodeSlip(slip), id: 'second' });
    await inWidget(second).findByRole('heading', { name: 'Your slip (2 legs)' });

    // The widget folds the legs under the grid: unfold them to remove one.
    await user.click(await inWidget(first).findByRole('button', { name: 'Show legs' }));
    const [removeFirstLeg] = await inWidget(first).findAllByRole('button', { name: /^Remove/ });
    if (!removeFirstLeg) throw new Error('no remove button');
    await user.click(removeFirstLeg);
    expect(await inWidget(first).findByRole('heading', { name: 'Your slip (1 leg)' })).toBeInTheDocument();
    expect(inWidget(second).getByRole('heading', { name: 'Your slip (2 legs)' })).toBeInTheDocument();
    const remaining = slip.slice(1).map(({ fixtureId, market, name }) => ({ fixtureId, market, name }));
    expect(changes).toEqual([{ id: 'first', detail: { legs: remaining, encoded: encodeSlip(remaining) } }]);
  });

  it('applies attribute changes after load', async () => {
    const element = addWidget({ mode: 'grid', legs: encodeSlip(slip) });
    const format = await inWidget(element).findByRole('combobox', { name: 'Odds format' });
    expect(format).toHaveValue('american');
    element.setAttribute('region', 'uk');
    await waitFor(() => expect(format).toHaveValue('fractional'));
    expect(await inWidget(element).findByText('18+')).toBeInTheDocument();
    element.setAttribute('odds-format', 'decimal');
    await waitFor(() => expect(format).toHaveValue('decimal'));
    element.setAttribute('legs', encodeSlip(slip.slice(0, 1)));
    expect(await inWidget(element).findByRole('heading', { name: 'Your slip (1 leg)' })).toBeInTheDocument();
  });

  it('shows what is wrong with its attributes, and reports book clicks to the host', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const clicks: unknown[] = [];
    document.addEventListener(BOOK_CLICK_EVENT, (event) => clicks.push((event as CustomEvent).detail));
    const element = addWidget({
      mode: 'grid',
      legs: encodeSlip(slip),
      books: 'DraftKings,FanDuel',
      'affiliate-links': '{"DraftKings": "https://aff.example/dk?legs={legs}"}',
      theme: 'neon',
    });
    // For the host's developer: each attribute and what it takes, in the console.
    await vi.waitFor(() => expect(console.warn).toHaveBeenCalledTimes(1));
    const [warning] = vi.mocked(console.warn).mock.calls[0] ?? [];
    expect(warning).toContain('parlay-builder: 2 of the attributes on <parlay-builder> could not be used');
    expect(warning).toContain('- books: “FanDuel” is not a supported sportsbook (supported: BetMGM,');
    expect(warning).toContain('- theme: “neon” is not one of light, dark, auto.');
    // For the reader: one folded line, no alert; the details under it.
    expect(inWidget(element).queryByRole('alert')).toBeNull();
    const note = await inWidget(element).findByText('Some of this widget’s settings could not be used');
    const details = note.closest('details');
    expect(details).not.toBeNull();
    expect(details?.open).toBe(false);
    await user.click(note);
    expect(details?.open).toBe(true);
    expect(details).toHaveTextContent('books: “FanDuel” is not a supported sportsbook');

    const link = await inWidget(element).findByRole(
      'link',
      { name: 'Bet at DraftKings (opens in a new tab)' },
      { timeout: 4000 },
    );
    // The host's affiliate template, filled in with the slip (and the price once DraftKings has one).
    await vi.waitFor(() => expect(link.getAttribute('href')).toMatch(/^https:\/\/aff\.example\/dk\?legs=/), {
      timeout: 4000,
    });
    link.addEventListener('click', (event) => event.preventDefault());
    // The click reports the parlay's price once DraftKings has answered; before that it has none.
    await vi.waitFor(
      async () => {
        clicks.length = 0;
        await user.click(link);
        expect(clicks).toEqual([expect.objectContaining({ decimalPrice: expect.any(Number) })]);
      },
      { timeout: 8000 },
    );
    expect(clicks).toEqual([
      {
        book: 'DraftKings',
        price: expect.any(String),
        decimalPrice: expect.any(Number),
        url: link.getAttribute('href'),
      },
    ]);
  });

  it('hides fair value unless the fair-value attribute shows it; an analyst can turn it on, and the attribute can hide it again', async () => {
    const user = userEvent.setup();
    const plain = addWidget({ mode: 'grid', legs: encodeSlip(slip), id: 'plain', controls: 'analyst' });
    const shown = addWidget({
      mode: 'grid',
      legs: encodeSlip(slip),
      id: 'shown',
      'fair-value': 'show',
      controls: 'analyst',
    });
    expect(
      await inWidget(shown).findByRole('columnheader', { name: /^Fair price/ }, { timeout: 4000 }),
    ).toBeInTheDocument();
    await inWidget(plain).findByRole('grid', {}, { timeout: 4000 });
    expect(inWidget(plain).queryByRole('columnheader', { name: /^Fair price/ })).toBeNull();

    await user.click(inWidget(plain).getByRole('checkbox', { name: 'Fair value' }));
    expect(await inWidget(plain).findByRole('columnheader', { name: /^Fair price/ })).toBeInTheDocument();
    shown.setAttribute('fair-value', 'hide');
    await waitFor(() => expect(inWidget(shown).queryByRole('columnheader', { name: /^Fair price/ })).toBeNull());
  });
});
