import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUICK_CHANGE_MS, type SlipLeg } from '../domain/slip.ts';
import { createAppStores } from './app-stores.ts';
import { AppStoresProvider, useSlipQuiet } from './app-stores-context.tsx';

function leg(name: string): SlipLeg {
  return { fixtureId: 'game-1', market: 'Moneyline', name, game: null };
}

const rendered = vi.fn();

function QuietProbe({ waitsForQuiet }: { waitsForQuiet: () => boolean }) {
  rendered();
  const asked = useSlipQuiet(waitsForQuiet);
  return <p>{asked ? 'asked' : 'waiting for the slip to be still'}</p>;
}

function renderProbe(waitsForQuiet: () => boolean) {
  const stores = createAppStores({ storage: null, storageKey: 'test', overrides: { legs: [leg('A')] } });
  render(
    <AppStoresProvider stores={stores}>
      <QuietProbe waitsForQuiet={waitsForQuiet} />
    </AppStoresProvider>,
  );
  return stores;
}

describe('useSlipQuiet', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    rendered.mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it('holds a reader that waits for the slip to be still until it is', () => {
    const { slip } = renderProbe(() => true);
    act(() => slip.getState().legToggled(leg('B')));
    expect(screen.getByText('waiting for the slip to be still')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(QUICK_CHANGE_MS));
    expect(screen.getByText('asked')).toBeInTheDocument();
  });

  it('neither holds nor renders again a reader with nothing waiting, when the slip changes and goes quiet', () => {
    const { slip } = renderProbe(() => false);
    const rendersBefore = rendered.mock.calls.length;
    act(() => slip.getState().legToggled(leg('B')));
    act(() => vi.advanceTimersByTime(QUICK_CHANGE_MS));
    expect(screen.getByText('asked')).toBeInTheDocument();
    expect(rendered).toHaveBeenCalledTimes(rendersBefore);
  });
});
