import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { SPORTSBOOKS } from '../../domain/sportsbooks.ts';
import { regionFirst } from '../../domain/book-regions.ts';
import { BookChooser } from './book-chooser.tsx';

describe('BookChooser', () => {
  it('folds to one line, and offers exactly the ten books of the closed set, US books first, all chosen by default', async () => {
    renderWithApp(<BookChooser />);
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Change sportsbooks' }));
    const boxes = await screen.findAllByRole('checkbox');
    expect(boxes.map((box) => (box as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
      ...regionFirst(SPORTSBOOKS, (book) => book, 'us').map((book) =>
        ['Betway', 'Bwin', 'Unibet'].includes(book) ? `${book} (UK)` : book,
      ),
    ]);
    expect(boxes.every((box) => (box as HTMLInputElement).checked)).toBe(true);
    expect(screen.getByText('10 of 10 chosen')).toBeInTheDocument();
  });

  it('chooses books one by one, none, and all', async () => {
    const user = userEvent.setup();
    renderWithApp(<BookChooser />);
    await user.click(screen.getByRole('button', { name: 'Change sportsbooks' }));
    await user.click(await screen.findByRole('checkbox', { name: 'BetMGM (UK)' }));
    expect(screen.getByRole('checkbox', { name: 'BetMGM (UK)' })).not.toBeChecked();
    expect(screen.getByText('9 of 10 chosen')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'None' }));
    expect(screen.getAllByRole('checkbox').some((box) => (box as HTMLInputElement).checked)).toBe(false);
    expect(screen.getByText(/No sportsbook chosen/)).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Novig' }));
    expect(screen.getByText('1 of 10 chosen')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getAllByRole('checkbox').every((box) => (box as HTMLInputElement).checked)).toBe(true);
    expect(screen.getByRole('button', { name: 'All' })).toBeDisabled();
  });

  it('starts from the books it was given, and open when none is chosen', async () => {
    renderWithApp(<BookChooser />, { initialState: { books: [] } });
    expect(screen.getByRole('button', { name: 'Done choosing sportsbooks' })).toHaveAttribute('aria-expanded', 'true');
    expect((await screen.findAllByRole('checkbox')).every((box) => !(box as HTMLInputElement).checked)).toBe(true);
  });

  it('starts from the books it was given', async () => {
    renderWithApp(<BookChooser />, { initialState: { books: ['DraftKings', 'Fanatics'] } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Change sportsbooks' }));
    expect(await screen.findByRole('checkbox', { name: 'DraftKings' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'BetMGM' })).not.toBeChecked();
    expect(screen.getByText('2 of 10 chosen')).toBeInTheDocument();
  });

  it('closes on Escape and hands focus back to the button that opened it', async () => {
    const user = userEvent.setup();
    renderWithApp(<BookChooser />);
    await user.click(screen.getByRole('button', { name: 'Change sportsbooks' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Novig' }));
    await user.keyboard('{Escape}');
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    const toggle = screen.getByRole('button', { name: 'Change sportsbooks' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});
