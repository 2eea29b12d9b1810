/** A market's (or a player's) lines: main lines as rows of sides, alternates behind "More lines". */
import type { LineView, LinesView } from './market-board.ts';
import { isOnSlip, type SlipMarking } from './use-slip-marking.ts';
import { Disclosure } from '../../ui/disclosure.tsx';
import { SelectionButton } from './selection-button.tsx';

export type { SlipMarking } from './use-slip-marking.ts';

const COLUMNS: Record<number, string> = { 1: 'grid-cols-1', 2: 'grid-cols-2', 3: 'grid-cols-3' };

export function LineRow({ line, marking }: { line: LineView; marking: SlipMarking }) {
  return (
    <div className={`grid gap-2 ${COLUMNS[line.selections.length] ?? 'grid-cols-2'}`}>
      {line.selections.map((selection) => (
        <SelectionButton
          key={selection.name}
          selection={selection}
          onSlip={isOnSlip(marking, selection)}
          onToggle={marking.onToggle}
        />
      ))}
    </div>
  );
}

/** `subject` names what the lines are of, for the toggle's accessible name (e.g. `Point Spread`). */
export function MarketLines({ lines, subject, marking }: { lines: LinesView; subject: string; marking: SlipMarking }) {
  return (
    <div className="flex flex-col gap-2">
      {lines.main.map((line) => (
        <LineRow key={line.key} line={line} marking={marking} />
      ))}
      {lines.alternates.length > 0 ? (
        <Disclosure
          buttonClassName="min-h-10 self-start rounded-md px-1 text-sm font-medium text-accent underline-offset-2 hover:underline"
          panelClassName="flex flex-col gap-2"
          label={(open) => (
            <>
              {open ? 'Fewer lines' : 'More lines'} <span className="sr-only">for {subject}</span>
              {open ? null : ` (${lines.alternates.length})`}
            </>
          )}
        >
          {lines.alternates.map((line) => (
            <LineRow key={line.key} line={line} marking={marking} />
          ))}
        </Disclosure>
      ) : null}
    </div>
  );
}
