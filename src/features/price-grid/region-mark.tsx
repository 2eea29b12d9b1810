/** "UK" beside a UK book for a US reader (and "US" the other way): a book they may not be able to bet at. */
export function RegionMark({ mark, spoken = true }: { mark: string; spoken?: boolean }) {
  return (
    <span
      aria-hidden={spoken ? undefined : true}
      className="ml-1 rounded border border-line px-1 text-xs font-medium text-muted"
    >
      {spoken ? <span className="sr-only"> (</span> : null}
      {mark}
      {spoken ? <span className="sr-only"> book)</span> : null}
    </span>
  );
}
