/**
 * The slip: legs in order, remove one or clear all (either undone in one place), and clashing legs flagged. The stake
 * sits with the prices (the price grid), beside the payouts it changes. `compact` (the widget, where
 * the grid already lists the legs) folds the legs away behind a toggle on the title's line; clashing
 * legs unfold it.
 */
import { lazy, Suspense, useEffect, useMemo, type ComponentType } from 'react';
import { findSlipConflicts, legKey, MAX_SLIP_LEGS, type SlipLeg } from '../../domain/slip.ts';
import { useAppConfig } from '../../state/app-config-context.tsx';
import { useSlip } from '../../state/app-stores-context.tsx';
import { Button } from '../../ui/button.tsx';
import { useDisclosure } from '../../ui/disclosure.tsx';
import { Panel } from '../../ui/panel.tsx';

// A leg's row (game status, clash, remove) is not needed to paint an empty slip: it loads in its own
// chunk, fetched as soon as the panel mounts.
const loadLegItem = () => import('./slip-leg-item.tsx');
const SlipLegItem = lazy(() => loadLegItem().then((module) => ({ default: module.SlipLegItem })));
// Only a slip with legs can clash or be full: with the legs' rows, off the first paint.
const SlipWarnings = lazy(() => loadLegItem().then((module) => ({ default: module.SlipWarnings })));
// Said only after a removal: its own chunk, off the first paint.
const SlipUndoLine = lazy(() => import('./slip-undo.tsx').then((module) => ({ default: module.SlipUndoLine })));

interface SlipPanelProps {
  compact?: boolean;
  /** What the page offers beside each leg (the app: its price history). */
  LegActions?: ComponentType<{ leg: SlipLeg }>;
  /** What an empty slip says: the page knows how a leg is picked on it. */
  emptyHint?: string;
}

export function SlipPanel({
  compact = false,
  LegActions,
  emptyHint = 'Your slip is empty: tap a price to add a leg.',
}: SlipPanelProps) {
  const legs = useSlip((state) => state.legs);
  const slipCleared = useSlip((state) => state.slipCleared);
  const hasUndo = useSlip((state) => state.undo !== null);
  const { mode } = useAppConfig();
  const conflicts = useMemo(() => findSlipConflicts(legs), [legs]);
  const legsShown = useDisclosure();
  useEffect(() => {
    void loadLegItem();
  }, []);
  const legList = (
    <Suspense fallback={<p className="text-sm text-muted">Loading your legs…</p>}>
      <ol className="flex flex-col gap-2" aria-label="Legs on your slip">
        {legs.map((leg, index) => {
          const key = legKey(leg);
          return (
            <SlipLegItem
              key={key}
              leg={leg}
              legKey={key}
              position={index + 1}
              conflict={conflicts.get(key)}
              LegActions={LegActions}
            />
          );
        })}
      </ol>
    </Suspense>
  );

  const undoLine = (
    <div role="status" className="basis-full empty:hidden">
      {hasUndo ? (
        <Suspense fallback={null}>
          <SlipUndoLine />
        </Suspense>
      ) : null}
    </div>
  );
  const clearAll = (
    <Button tone="danger" onClick={slipCleared} disabled={legs.length === 0}>
      Clear all
    </Button>
  );
  const full = legs.length >= MAX_SLIP_LEGS;
  const warnings = (conflicts.size > 0 || full) && (
    <Suspense fallback={null}>
      <SlipWarnings clashing={conflicts.size > 0} full={full} />
    </Suspense>
  );
  // The widget, where the grid lists the legs already: one line (title, the legs' toggle, Clear all)
  // until the legs are shown below it. Clashing legs are shown at once.
  const folded = compact && legs.length > 0 && conflicts.size === 0;

  return (
    <Panel
      title={legs.length === 0 ? 'Your slip' : `Your slip (${legs.length} ${legs.length === 1 ? 'leg' : 'legs'})`}
      headingId="slip-heading"
      actions={
        folded ? (
          <>
            <div className="flex items-center gap-2">
              <button
                type="button"
                {...legsShown.buttonProps}
                className="min-h-11 text-sm font-medium text-accent underline-offset-2 hover:underline"
              >
                {/* Short, so title, toggle and Clear all share one line in a phone-wide column. */}
                {`${legsShown.open ? 'Hide' : 'Show'} ${legs.length === 1 ? 'leg' : 'legs'}`}
              </button>
              {clearAll}
            </div>
            {undoLine}
          </>
        ) : (
          clearAll
        )
      }
    >
      {folded ? (
        (legsShown.open || full) && (
          <>
            {legsShown.open && <div id={legsShown.panelId}>{legList}</div>}
            {warnings}
          </>
        )
      ) : (
        <>
          {undoLine}
          {legs.length === 0 ? (
            // A grid-only widget has no games to pick from: its grid says the parlay has no legs.
            mode === 'grid' ? null : (
              <p className="text-sm text-muted">{emptyHint}</p>
            )
          ) : (
            legList
          )}
          {warnings}
        </>
      )}
    </Panel>
  );
}
