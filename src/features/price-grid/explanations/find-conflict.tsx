/** The on-demand conflict finder shown under a book that will not combine the slip. */
import { describeApiError } from '../../../api/error-descriptions.ts';
import { listInWords, quoted } from '../../../domain/odds/explain-quote.ts';
import { legKey, type SlipLeg } from '../../../domain/slip.ts';
import type { Sportsbook } from '../../../domain/sportsbooks.ts';
import { useSlip } from '../../../state/app-stores-context.tsx';
import { LinkButton } from './link-button.tsx';
import { useConflictSearch, type ConflictSearch } from '../data/use-conflict-search.ts';

function RemoveLegButton({ leg }: { leg: SlipLeg }) {
  const legsRemoved = useSlip((state) => state.legsRemoved);
  return <LinkButton onClick={() => legsRemoved([legKey(leg)])}>Remove {quoted(leg.name)}</LinkButton>;
}

function SearchResult({
  book,
  legs,
  search,
  onRetry,
}: {
  book: Sportsbook;
  legs: readonly SlipLeg[];
  search: ConflictSearch;
  onRetry: () => void;
}) {
  switch (search.phase) {
    case 'idle':
      return null;
    case 'pair':
      return (
        <p>These two legs clash with each other at {book}: remove either one, or add legs from other games instead.</p>
      );
    case 'checking':
      return (
        <p>
          Asking {book} without each leg… {search.checked} of {search.total} checked.
        </p>
      );
    case 'done': {
      const culprits = search.culpritIndexes
        .map((index) => legs[index])
        .filter((leg): leg is SlipLeg => leg !== undefined);
      const unchecked = search.uncheckedIndexes
        .map((index) => legs[index]?.name)
        .filter((name): name is string => name !== undefined);
      const verb = search.restIsPriced ? 'price' : 'combine';
      return (
        <>
          {culprits.length === 1 && culprits[0] ? (
            <p>
              Remove {quoted(culprits[0].name)} and {book} will {verb} the rest.
            </p>
          ) : culprits.length > 1 ? (
            <p>
              Removing any one of{' '}
              {listInWords(
                culprits.map((leg) => leg.name),
                'or',
              )}{' '}
              lets {book} {verb} the rest.
            </p>
          ) : unchecked.length === 0 ? (
            <p>No single leg causes it; several legs clash.</p>
          ) : null}
          {culprits.length > 0 ? (
            <div className="flex flex-col items-start">
              {culprits.map((leg) => (
                <RemoveLegButton key={legKey(leg)} leg={leg} />
              ))}
            </div>
          ) : null}
          {unchecked.length > 0 ? (
            <p className="text-bad">
              Couldn’t check without {listInWords(unchecked)}: {describeApiError(search.error).title.toLowerCase()}.{' '}
              <LinkButton onClick={onRetry}>Check again</LinkButton>
            </p>
          ) : null}
        </>
      );
    }
  }
}

export function FindConflict({ book, legs }: { book: Sportsbook; legs: readonly SlipLeg[] }) {
  const { search, start } = useConflictSearch(book, legs);
  const run = () => void start();
  return (
    <div className="mt-1 text-xs">
      {search.phase === 'idle' ? (
        <LinkButton onClick={run}>
          Find the conflict <span className="sr-only">at {book}</span>
        </LinkButton>
      ) : null}
      <div role="status" className="whitespace-normal">
        <SearchResult book={book} legs={legs} search={search} onRetry={run} />
      </div>
    </div>
  );
}
