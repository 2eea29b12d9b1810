/** Choose which of the ten sportsbooks to compare; remembered with the settings. */
import { SPORTSBOOKS } from '../../domain/sportsbooks.ts';
import { useSettings } from '../../state/app-stores-context.tsx';
import { Button } from '../../ui/button.tsx';
import { Panel } from '../../ui/panel.tsx';

export function BookChooser() {
  const chosenBooks = useSettings((state) => state.books);
  const bookToggled = useSettings((state) => state.bookToggled);
  const allBooksChosen = useSettings((state) => state.allBooksChosen);
  const noBooksChosen = useSettings((state) => state.noBooksChosen);

  return (
    <Panel
      title="Sportsbooks"
      headingId="books-heading"
      actions={
        <div className="flex items-center gap-2">
          <span className="text-sm text-muted" aria-live="polite">
            {chosenBooks.length} of {SPORTSBOOKS.length} chosen
          </span>
          <Button tone="secondary" onClick={allBooksChosen} disabled={chosenBooks.length === SPORTSBOOKS.length}>
            All
          </Button>
          <Button tone="secondary" onClick={noBooksChosen} disabled={chosenBooks.length === 0}>
            None
          </Button>
        </div>
      }
    >
      <fieldset>
        <legend className="sr-only">Sportsbooks to compare</legend>
        <ul className="flex flex-wrap gap-2">
          {SPORTSBOOKS.map((book) => {
            const chosen = chosenBooks.includes(book);
            return (
              <li key={book}>
                <label
                  className={`flex min-h-9 cursor-pointer items-center gap-2 rounded-full border px-3 py-1 text-sm has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent ${
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
      {chosenBooks.length === 0 ? (
        <p className="mt-3 text-sm text-warn" role="status">
          No sportsbook chosen: pick at least one to see prices.
        </p>
      ) : null}
    </Panel>
  );
}
