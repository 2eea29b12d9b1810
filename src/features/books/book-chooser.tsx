/**
 * Choose which of the ten sportsbooks to compare; remembered with the settings. Folded to one line
 * ("10 of 10 chosen · Change") so it never pushes the prices down; open while no book is chosen.
 */
import { useId, useState } from 'react';
import { SPORTSBOOKS } from '../../domain/sportsbooks.ts';
import { useSettings } from '../../state/app-stores-context.tsx';
import { Button } from '../../ui/button.tsx';
import { SpokenLabel } from '../../ui/spoken-label.tsx';

export function BookChooser() {
  const chosenBooks = useSettings((state) => state.books);
  const bookToggled = useSettings((state) => state.bookToggled);
  const allBooksChosen = useSettings((state) => state.allBooksChosen);
  const noBooksChosen = useSettings((state) => state.noBooksChosen);
  const headingId = useId();
  const panelId = useId();
  const [open, setOpen] = useState(chosenBooks.length === 0);

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-line bg-surface shadow-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
        <h2 id={headingId} className="text-base font-semibold">
          Sportsbooks
        </h2>
        <span className="text-sm text-muted" aria-live="polite">
          {chosenBooks.length} of {SPORTSBOOKS.length} chosen
        </span>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => setOpen((isOpen) => !isOpen)}
          className="ml-auto min-h-9 rounded-md px-2 text-sm font-medium text-accent underline-offset-2 hover:underline"
        >
          <SpokenLabel shown={open ? 'Done' : 'Change'} spoken={open ? 'Done choosing sportsbooks' : 'Change sportsbooks'} />
        </button>
      </div>
      {open ? (
        <div id={panelId} className="border-t border-line px-3 py-2">
          <fieldset>
            <legend className="sr-only">Sportsbooks to compare</legend>
            <ul className="flex flex-wrap gap-1.5">
              {SPORTSBOOKS.map((book) => {
                const chosen = chosenBooks.includes(book);
                return (
                  <li key={book}>
                    <label
                      className={`flex min-h-9 cursor-pointer items-center gap-1.5 rounded-full border px-2.5 py-1 text-sm has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent ${
                        chosen ? 'border-accent bg-accent-soft font-medium text-ink' : 'border-line bg-surface text-muted'
                      }`}
                    >
                      <input type="checkbox" className="size-4 accent-accent" checked={chosen} onChange={() => bookToggled(book)} />
                      {book}
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
          <div className="mt-2 flex gap-2">
            <Button tone="secondary" onClick={allBooksChosen} disabled={chosenBooks.length === SPORTSBOOKS.length}>
              All
            </Button>
            <Button tone="secondary" onClick={noBooksChosen} disabled={chosenBooks.length === 0}>
              None
            </Button>
          </div>
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
