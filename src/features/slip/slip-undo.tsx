/** The one place a removal from the slip is said and taken back: a clear, a removed leg, a link's slip over yours. */
import type { SlipLeg } from '../../domain/slip.ts';
import type { SlipUndo } from '../../state/slip-store.ts';
import { useSlip } from '../../state/app-stores-context.tsx';
import { Button } from '../../ui/button.tsx';

const legCount = (legs: readonly SlipLeg[]) => `${legs.length} ${legs.length === 1 ? 'leg' : 'legs'}`;

function undoWords(undo: SlipUndo, legs: readonly SlipLeg[]): string {
  switch (undo.kind) {
    case 'cleared':
      return `Slip cleared (${legCount(undo.legsBefore)}).`;
    case 'removed':
      return undo.removed.length === 1 && undo.removed[0]
        ? `Removed ${undo.removed[0].name} (${undo.removed[0].market}).`
        : `Removed ${legCount(undo.removed)}.`;
    case 'link':
      return `This link opened its own slip (${legCount(legs)}) in place of the one you had saved (${legCount(undo.legsBefore)}). Undo brings yours back.`;
  }
}

/** Inside a status region, so the words are announced as they appear. */
export function SlipUndoLine() {
  const undo = useSlip((state) => state.undo);
  const legs = useSlip((state) => state.legs);
  const slipChangeUndone = useSlip((state) => state.slipChangeUndone);
  if (undo === null) return null;
  return (
    <p className="mb-3 flex flex-wrap items-center gap-2 rounded-md bg-info-soft px-3 py-2 text-sm">
      {undoWords(undo, legs)}
      <Button tone="secondary" onClick={slipChangeUndone}>
        Undo
      </Button>
    </p>
  );
}
