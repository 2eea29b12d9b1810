/** The ten books to tick, with All and None: the open part of the book chooser (its own chunk). */
import type { Sportsbook } from '../../domain/sportsbooks.ts';
import type { Region } from '../../domain/region.ts';
import { regionFirst, sportsbookRegionMark } from '../../domain/book-regions.ts';
import { useSettings } from '../../state/app-stores-context.tsx';
import { Button } from '../../ui/button.tsx';

interface BookChoicesProps {
  /** The reader's region: their books first, the others marked. */
  region: Region;
  /** The books on offer (all ten unless the host kept to one region's). */
  offeredBooks: readonly Sportsbook[];
}

// Region and books come from the chooser: this chunk stays clear of the app's config module.
export function BookChoices({ region, offeredBooks }: BookChoicesProps) {
  const chosenBooks = useSettings((state) => state.books);
  const bookToggled = useSettings((state) => state.bookToggled);
  const booksReplaced = useSettings((state) => state.booksReplaced);
  const noBooksChosen = useSettings((state) => state.noBooksChosen);
  // The reader's own region's books first; the others marked with theirs.
  const books = regionFirst(offeredBooks, (book) => book, region);
  return (
    <>
      <fieldset>
        <legend className="sr-only">Sportsbooks to compare</legend>
        <ul className="flex flex-wrap gap-1.5">
          {books.map((book) => {
            const chosen = chosenBooks.includes(book);
            const mark = sportsbookRegionMark(book, region);
            return (
              <li key={book}>
                <label
                  className={`flex min-h-9 cursor-pointer items-center gap-1.5 rounded-full border px-2.5 py-1 text-sm has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent ${
                    chosen ? 'border-accent bg-accent-soft font-medium text-ink' : 'border-line bg-surface text-muted'
                  }`}
                >
                  <input
                    type="checkbox"
                    className="size-4 accent-accent"
                    checked={chosen}
                    onChange={() => bookToggled(book)}
                  />
                  {book}
                  {mark !== null ? <span className="text-xs text-muted"> ({mark})</span> : null}
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <div className="mt-2 flex gap-2">
        <Button
          tone="secondary"
          onClick={() => booksReplaced(offeredBooks)}
          disabled={offeredBooks.every((book) => chosenBooks.includes(book))}
        >
          All
        </Button>
        <Button tone="secondary" onClick={noBooksChosen} disabled={chosenBooks.length === 0}>
          None
        </Button>
      </div>
    </>
  );
}
