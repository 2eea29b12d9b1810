/**
 * On narrow screens the grid sits below the games list; this bar keeps it one tap away while the
 * bettor browses games, and steps aside once the grid itself is on screen. Stepping aside hides it
 * but keeps its place: taking it out would shorten the page, and at the page's end the browser would
 * pull the slip down under the bettor's finger.
 */
import { Suspense, useEffect, useState } from 'react';
import { BestPriceLine } from '../features/price-grid/price-grid.tsx';
import { useSlip } from '../state/app-stores-context.tsx';

const GRID_ID = 'price-grid';

function useGridInView(): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const grid = document.getElementById(GRID_ID);
    if (!grid || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setInView(entry?.isIntersecting ?? false));
    observer.observe(grid);
    return () => observer.disconnect();
  }, []);
  return inView;
}

export function SlipJumpBar() {
  const legCount = useSlip((state) => state.legs.length);
  const gridInView = useGridInView();
  if (legCount === 0) return null;
  return (
    <nav
      aria-label="Slip shortcut"
      className={`sticky bottom-0 z-20 border-t border-line bg-header px-4 py-2 text-header-ink lg:hidden ${gridInView ? 'invisible' : ''}`}
    >
      <a
        href={`#${GRID_ID}`}
        className="flex min-h-11 items-center justify-between gap-3 rounded-md px-2 font-semibold"
      >
        <span>
          Slip: {legCount} {legCount === 1 ? 'leg' : 'legs'}
          <Suspense fallback={null}>
            <BestPriceLine />
          </Suspense>
        </span>
        <span className="rounded-md bg-accent px-3 py-1.5 text-accent-ink">See prices ↓</span>
      </a>
    </nav>
  );
}
