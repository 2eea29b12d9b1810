/** Injury notes on slip legs: the app page's (the widget's builds read no injury report). */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { celtics, harden, pritchard } from '../../test/injured-legs.ts';
import { SlipPanel } from './slip-panel.tsx';

describe('injuries on slip legs', () => {
  it('says a leg is on an injured player, with the injury, and warns when he is ruled out', async () => {
    renderWithApp(<SlipPanel />, { initialState: { legs: [harden, pritchard, celtics] }, betTracking: true });
    const list = await screen.findByRole('list', { name: 'Legs on your slip' });
    const [hardenItem, pritchardItem, celticsItem] = within(list).getAllByRole('listitem');
    expect(await within(hardenItem as HTMLElement).findByText('Out · Shoulder')).toBeInTheDocument();
    expect(hardenItem).toHaveTextContent('James Harden is ruled out (Shoulder)');
    expect(await within(pritchardItem as HTMLElement).findByText('Probable · Illness')).toBeInTheDocument();
    expect(pritchardItem).not.toHaveTextContent('ruled out');
    expect(celticsItem).not.toHaveTextContent('Injury');
  });
});
