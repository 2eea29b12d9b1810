/**
 * The slip: legs in order, remove one or clear all (either undone in one place), and clashing legs flagged. The stake
 * sits with the prices (the price grid), beside the payouts it changes. `compact` (the widget, where
 * the grid already lists the legs) folds the legs away behind a toggle; clashing legs unfold it.
 */
import { lazy, Suspense, useEffect, useMemo, type ComponentType } from 'react';
import { findSlipConflicts, legKey, MAX_SLIP_LEGS, type SlipLeg } from '../../domain/slip.ts';
import { useAppConfig } from '../../state/app-config-context.tsx';
import { useSlip } from '../../state/app-stores-context.tsx';
import { Button } from '../../ui/button.tsx';
import { Disclosure } from '../../ui/disclosure.tsx';
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
}

export function SlipPanel({ compact = false, LegActions }: SlipPanelProps) {
  const legs = useSlip((state) => state.legs);
  const slipCleared = useSlip((state) => state.slipCleared);
  const hasUndo = useSlip((state) => state.undo !== null);
  const { mode } = useAppConfig();
  const conflicts = useMemo(() => findSlipConflicts(legs), [legs]);
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

  return (
    <Panel
      title={legs.length === 0 ? 'Your slip' : `Your slip (${legs.length} ${legs.length === 1 ? 'leg' : 'legs'})`}
      headingId="slip-heading"
      actions={
        <Button tone="danger" onClick={slipCleared} disabled={legs.length === 0}>
          Clear all
        </Button>
      }
    >
      <div role="status" className="empty:hidden">
        {hasUndo ? (
          <Suspense fallback={null}>
            <SlipUndoLine />
          </Suspense>
        ) : null}
      </div>
      {legs.length === 0 ? (
        // A grid-only widget has no games to pick from: its grid says the parlay has no legs.
        mode === 'grid' ? null : (
          <p className="text-sm text-muted">
            {compact
              ? 'Your slip is empty: tap a price to add a leg.'
              : 'Your slip is empty. Pick a league, open a game and tap a price to add it as a leg.'}
          </p>
        )
      ) : compact && conflicts.size === 0 ? null : (
        legList
      )}
      {conflicts.size > 0 || legs.length >= MAX_SLIP_LEGS ? (
        <Suspense fallback={null}>
          <SlipWarnings clashing={conflicts.size > 0} full={legs.length >= MAX_SLIP_LEGS} />
        </Suspense>
      ) : null}
      {compact && legs.length > 0 && conflicts.size === 0 ? (
        // The widget: the legs (listed in the grid already) fold away.
        <Disclosure
          buttonClassName="min-h-11 text-sm font-medium text-accent underline-offset-2 hover:underline"
          panelClassName="order-last mt-2 w-full"
          wrapperClassName="flex flex-wrap items-center justify-between gap-2"
          label={(open) => (open ? 'Hide the legs' : `Show the ${legs.length === 1 ? 'leg' : `${legs.length} legs`}`)}
        >
          {legList}
        </Disclosure>
      ) : null}
    </Panel>
  );
}
