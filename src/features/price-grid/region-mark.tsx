/** "UK" beside a UK book for a US reader (and "US" the other way): a book they may not be able to bet at. */
export function RegionMark({
  mark,
  spoken = true,
  stacked = false,
}: {
  mark: string;
  spoken?: boolean;
  stacked?: boolean;
}) {
  return (
    <span
      aria-hidden={spoken ? undefined : true}
      // Stacked (a table's column header): on its own line, so the column stays as narrow as the name.
      // Inline: one box, never split across lines (its spoken words carry spaces a line could break at).
      className={`${stacked ? 'mx-auto block w-fit' : 'ml-1 inline-block whitespace-nowrap'} rounded border border-line px-1 text-xs font-medium text-muted`}
    >
      {spoken ? <span className="sr-only"> (</span> : null}
      {mark}
      {spoken ? <span className="sr-only"> book)</span> : null}
    </span>
  );
}
