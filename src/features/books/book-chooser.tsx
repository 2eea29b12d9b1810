/**
 * Choose which of the ten sportsbooks to compare; remembered with the settings. Folded to one line
 * ("10 of 10 chosen · Change") so it never pushes the prices down; open while no book is chosen.
 */
import { lazy, Suspense, useEffect, useId, useRef } from 'react';
import { SPORTSBOOKS } from '../../domain/sportsbooks.ts';
import { useAppConfig } from '../../state/app-config-context.tsx';
import { useSettings } from '../../state/app-stores-context.tsx';
import { useDisclosure } from '../../ui/disclosure.tsx';
import { SpokenLabel } from '../../ui/spoken-label.tsx';

// Folded at first paint: the choices load in their own chunk, fetched as soon as the section mounts.
const loadChoices = () => import('./book-choices.tsx');
const BookChoices = lazy(() => loadChoices().then((module) => ({ default: module.BookChoices })));

/** `idBase`: ids from the parent where the chooser is loaded lazily (Preact repeats a lazy component's own). */
export function BookChooser({ idBase }: { idBase?: string }) {
  const chosenBooks = useSettings((state) => state.books);
  const { region, offeredBooks = SPORTSBOOKS } = useAppConfig();
  const ownId = useId();
  const base = idBase ?? ownId;
  const headingId = `${base}-heading`;
  // Not `<Disclosure>`: its button sits in the heading row and its panel below that row.
  const { open, panelId, buttonProps, close } = useDisclosure(chosenBooks.length === 0, `${base}-panel`);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    void loadChoices();
  }, []);

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-line bg-surface shadow-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
        <h2 id={headingId} className="text-base font-semibold">
          Sportsbooks
        </h2>
        <span className="text-sm text-muted" aria-live="polite">
          {chosenBooks.length} of {offeredBooks.length} chosen
        </span>
        <button
          type="button"
          ref={toggleRef}
          {...buttonProps}
          className="ml-auto min-h-11 rounded-md px-2 text-sm font-medium text-accent underline-offset-2 hover:underline"
        >
          <SpokenLabel
            shown={open ? 'Done' : 'Change'}
            spoken={open ? 'Done choosing sportsbooks' : 'Change sportsbooks'}
          />
        </button>
      </div>
      {open ? (
        <div
          id={panelId}
          className="border-t border-line px-3 py-2"
          // Escape folds the choices away and hands focus back to the button that opened them.
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.preventDefault();
            close();
            toggleRef.current?.focus();
          }}
        >
          <Suspense fallback={<p className="text-sm text-muted">Loading the sportsbooks…</p>}>
            <BookChoices region={region} offeredBooks={offeredBooks} />
          </Suspense>
        </div>
      ) : null}
      {chosenBooks.length === 0 ? (
        <p className="px-3 pb-2 text-sm text-warn" role="status">
          No sportsbook chosen: pick at least one to see prices.
        </p>
      ) : null}
    </section>
  );
}
