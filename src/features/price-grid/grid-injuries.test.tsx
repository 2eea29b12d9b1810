/**
 * Injuries where the grid shows a leg: a book's explanation of a missing leg says when its player is
 * ruled out, and the phone's ranked list names the legs on injured players. The app page's only (the
 * widget's builds read no injury report); rendered under StrictMode (src/test/setup.ts).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Sportsbook } from '../../domain/sportsbooks.ts';
import { DEFAULT_APP_CONFIG } from '../../state/app-config-context.tsx';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { harden, hawks, pritchard } from '../../test/injured-legs.ts';
import { openBookDetails } from '../../test/price-grid.tsx';
import { PriceGrid } from './price-grid.tsx';

const BOOKS: Sportsbook[] = ['BetMGM', 'DraftKings'];

describe('injuries in the grid', () => {
  it("a book's explanation of a missing leg says its player is ruled out", async () => {
    const user = userEvent.setup();
    renderWithApp(<PriceGrid />, { initialState: { legs: [harden, hawks], books: BOOKS }, betTracking: true });
    // The first render here loads the grid's code: on a busy machine, longer than a findBy's wait.
    await screen.findByRole('grid', undefined, { timeout: 15_000 });
    const details = await openBookDetails(user, 'BetMGM', /^Not offered at BetMGM/);
    expect(details).toHaveTextContent(`Not offered: ‘${harden.name}’.`);
    expect(await within(details).findByText(/James Harden is ruled out \(Shoulder\)/)).toBeInTheDocument();
  });

  it("the phone's ranked list names each leg on an injured player, with the injury", async () => {
    renderWithApp(<PriceGrid />, {
      initialState: { legs: [harden, pritchard, hawks], books: BOOKS },
      config: { ...DEFAULT_APP_CONFIG, controls: 'reader' },
      betTracking: true,
    });
    await screen.findByRole('list', { name: 'Books ranked by payout' });
    const injured = screen.getByRole('group', { name: 'Legs on injured players' });
    await waitFor(() =>
      expect(injured).toHaveTextContent(
        /^James Harden Over 20\.5: Injury: Out · Shoulder⚠ James Harden is ruled out \(Shoulder\).*Payton Pritchard Over 10\.5: Injury: Probable · Illness$/,
      ),
    );
    expect(injured).not.toHaveTextContent(hawks.name);
  });

  it('has nothing to say where no leg is on an injured player', async () => {
    renderWithApp(<PriceGrid />, {
      initialState: { legs: [hawks], books: BOOKS },
      config: { ...DEFAULT_APP_CONFIG, controls: 'reader' },
      betTracking: true,
    });
    await screen.findByRole('list', { name: 'Books ranked by payout' });
    // Empty, and so not shown (the browser's :empty; the e2e sees it hidden).
    expect(screen.getByRole('group', { name: 'Legs on injured players' })).toBeEmptyDOMElement();
  });
});
