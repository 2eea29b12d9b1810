/**
 * On narrow screens the grid sits below the games list; this bar keeps it one tap away while the
 * bettor browses games.
 */
import { useSlip } from '../state/app-stores-context.tsx';

export function SlipJumpBar() {
  const legCount = useSlip((state) => state.legs.length);
  if (legCount === 0) return null;
  return (
    <nav aria-label="Slip shortcut" className="sticky bottom-0 z-20 border-t border-line bg-header px-4 py-2 text-header-ink lg:hidden">
      <a href="#price-grid" className="flex min-h-10 items-center justify-between gap-3 rounded-md px-2 font-semibold">
        <span>
          Slip: {legCount} {legCount === 1 ? 'leg' : 'legs'}
        </span>
        <span className="rounded-md bg-accent px-3 py-1.5 text-accent-ink">See prices ↓</span>
      </a>
    </nav>
  );
}
