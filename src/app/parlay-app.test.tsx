/**
 * The app instance under StrictMode, as `npm run dev` runs it: StrictMode mounts, unmounts and mounts
 * again, so anything an effect starts must start again on the second mount. Preact has no StrictMode
 * (the preact project renders once), so the tests restart the effect themselves where it matters.
 */
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { ParlayApp } from './parlay-app.tsx';
import { readPersistedState } from '../state/persisted-state.ts';
import { useSlip } from '../state/app-stores-context.tsx';
import { createSandboxFetch } from '../test/render-with-app.tsx';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

function AddLegButton() {
  const legToggled = useSlip((state) => state.legToggled);
  const count = useSlip((state) => state.legs.length);
  return (
    <button
      type="button"
      onClick={() => legToggled({ fixtureId: 'F1', market: 'Moneyline', name: 'Boston Celtics', game: null })}
    >
      Add a leg ({count})
    </button>
  );
}

describe('ParlayApp', () => {
  it('keeps saving the slip after the instance effect restarts, as StrictMode remounts it', async () => {
    const storage = memoryStorage();
    const app = (onStoresReady: () => () => void) => (
      <ParlayApp
        apiBase="http://sandbox.test"
        fetch={createSandboxFetch()}
        stores={{ storage, storageKey: 'pb' }}
        onStoresReady={onStoresReady}
      >
        <AddLegButton />
      </ParlayApp>
    );
    const { rerender } = render(app(() => () => undefined));
    // A new onStoresReady stops and starts the instance's effect as StrictMode's remount does: on
    // Preact, which has no StrictMode, this is the restart.
    rerender(app(() => () => undefined));
    await act(async () => {
      screen.getByRole('button', { name: /Add a leg/ }).click();
      await Promise.resolve();
    });
    expect(screen.getByRole('button', { name: 'Add a leg (1)' })).toBeInTheDocument();
    expect(readPersistedState(storage.data.get('pb') ?? null).state.legs.map((leg) => leg.name)).toEqual([
      'Boston Celtics',
    ]);
  });

  it('shows what went wrong instead of a blank page, and Try again brings the builder back with the slip', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = { active: true };
    function Fragile() {
      if (failure.active) throw new Error('a component broke');
      return <p>Builder is back</p>;
    }
    render(
      <ParlayApp
        apiBase="http://sandbox.test"
        fetch={createSandboxFetch()}
        stores={{
          storage: null,
          storageKey: 'pb',
          overrides: { legs: [{ fixtureId: 'F1', market: 'Moneyline', name: 'Boston Celtics', game: null }] },
        }}
      >
        <AddLegButton />
        <Fragile />
      </ParlayApp>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The parlay builder stopped working');
    expect(alert).toHaveTextContent('Your slip (1 leg) and settings are kept.');

    failure.active = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Builder is back')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a leg (1)' })).toBeInTheDocument();
  });
});
