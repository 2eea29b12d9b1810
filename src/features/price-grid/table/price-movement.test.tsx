import { onlineManager } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render-with-app.tsx';
import { FreshnessLine } from '../toolbar/freshness.tsx';
import { LegPriceCell, ParlayPriceCell } from './price-cells.tsx';

function MovingPrices() {
  const [decimal, setDecimal] = useState(2.5);
  const [source, setSource] = useState<'parlay' | 'straight'>('straight');
  return (
    <>
      <button onClick={() => setDecimal((value) => value + 0.1)}>Raise</button>
      <button onClick={() => setDecimal((value) => value - 0.2)}>Lower</button>
      <button onClick={() => setSource('parlay')}>Book priced it</button>
      <table>
        <tbody>
          <tr>
            <ParlayPriceCell
              book="Betway"
              slipKey="slip"
              outcome="priced"
              decimal={decimal}
              updatingDecimal={null}
              isBest={false}
              detailsOpen={false}
              onStatusClick={() => undefined}
            />
            <LegPriceCell
              book="Betway"
              legName="Boston Celtics"
              kind="price"
              decimal={source === 'straight' ? 1.8 : 1.9}
              source={source}
              changedAt={null}
              link={null}
              isBest={false}
            />
          </tr>
        </tbody>
      </table>
    </>
  );
}

afterEach(() => vi.useRealTimers());

describe('price movement', () => {
  it('marks a changed price up or down, in words as well as colour', async () => {
    const user = userEvent.setup();
    renderWithApp(<MovingPrices />);
    const [parlayCell] = screen.getAllByRole('gridcell');
    expect(parlayCell).not.toHaveClass('price-moved-up');

    await user.click(screen.getByRole('button', { name: 'Raise' }));
    expect(parlayCell).toHaveClass('price-moved-up');
    expect(parlayCell).toHaveTextContent('(price up)');

    await user.click(screen.getByRole('button', { name: 'Lower' }));
    expect(parlayCell).toHaveClass('price-moved-down');
    expect(parlayCell).toHaveTextContent('(price down)');
  });

  it('does not call a single-bet stand-in replaced by the book’s leg price a move', async () => {
    const user = userEvent.setup();
    renderWithApp(<MovingPrices />);
    await user.click(screen.getByRole('button', { name: 'Book priced it' }));
    const legCell = screen.getAllByRole('gridcell')[1];
    expect(legCell).not.toHaveClass('price-moved-up');
    expect(legCell).not.toHaveTextContent('(price');
  });
});

describe('FreshnessLine', () => {
  it('ticks the age of the newest price every second', () => {
    const updatedAt = Date.parse('2026-11-24T17:00:00Z');
    vi.useFakeTimers({ now: updatedAt });
    render(<FreshnessLine updatedAt={updatedAt} />);
    expect(screen.getByText('Updated 0 s ago')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByText('Updated 3 s ago')).toBeInTheDocument();
  });

  it('never says Live while the browser is offline, and says Live again once it is back', () => {
    const updatedAt = Date.parse('2026-11-24T17:00:00Z');
    vi.useFakeTimers({ now: updatedAt + 5000 });
    render(<FreshnessLine updatedAt={updatedAt} live="live" />);
    expect(screen.getByText('Live')).toBeInTheDocument();
    act(() => onlineManager.setOnline(false));
    expect(screen.queryByText('Live')).not.toBeInTheDocument();
    expect(screen.getByText('Not live: offline · prices from 5 s ago')).toBeInTheDocument();
    act(() => onlineManager.setOnline(true));
    expect(screen.getByText('Live')).toBeInTheDocument();
  });
});
