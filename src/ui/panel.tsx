import type { ReactNode } from 'react';

/** A titled section of the page; the heading names the region for screen readers. No children: the heading line alone. */
export function Panel({
  title,
  headingId,
  actions,
  children,
  className = '',
}: {
  title: string;
  headingId: string;
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  // Nothing to show below the heading (e.g. `open && list` while closed): the heading line alone.
  const hasBody = children !== undefined && children !== null && children !== false;
  return (
    <section aria-labelledby={headingId} className={`rounded-lg border border-line bg-surface shadow-sm ${className}`}>
      <div
        className={`flex flex-wrap items-center justify-between gap-2 px-3 py-2.5 sm:px-4 ${hasBody ? 'border-b border-line' : ''}`}
      >
        <h2 id={headingId} className="text-base font-semibold">
          {title}
        </h2>
        {actions}
      </div>
      {hasBody ? <div className="p-3 sm:p-4">{children}</div> : null}
    </section>
  );
}
