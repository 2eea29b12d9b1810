/**
 * The WAI-ARIA grid pattern for a table: one tab stop (the cell last used, at first the top-left
 * one), arrow keys to the next cell, Home/End to the row's ends, Ctrl+Home/End to the grid's
 * corners, PageUp/PageDown five rows. A cell's link or button takes the focus where it has one, the
 * cell itself otherwise (a roving tabindex). Cells come and go as prices arrive, so the tab stops
 * are set again whenever the table's content changes.
 */
import { useEffect, type RefObject } from 'react';

const CONTROLS = 'a[href], button, input, select, textarea';
const PAGE_ROWS = 5;

/** What takes the focus in a cell: its first control, or the cell. */
function focusTarget(cell: HTMLTableCellElement): HTMLElement {
  return cell.querySelector<HTMLElement>(CONTROLS) ?? cell;
}

function cellOf(element: Element | null, table: HTMLTableElement): HTMLTableCellElement | null {
  const cell = element?.closest('td, th');
  return cell instanceof HTMLTableCellElement && table.contains(cell) ? cell : null;
}

/** Where a key moves from row `row`, column `column`; null for a key the grid leaves alone. */
function moveFor(
  event: KeyboardEvent,
  row: number,
  column: number,
  rowCount: number,
  columnCount: number,
): [number, number] | null {
  switch (event.key) {
    case 'ArrowRight':
      return [row, column + 1];
    case 'ArrowLeft':
      return [row, column - 1];
    case 'ArrowDown':
      return [row + 1, column];
    case 'ArrowUp':
      return [row - 1, column];
    case 'PageDown':
      return [row + PAGE_ROWS, column];
    case 'PageUp':
      return [row - PAGE_ROWS, column];
    case 'Home':
      return event.ctrlKey ? [0, 0] : [row, 0];
    case 'End':
      return event.ctrlKey ? [rowCount - 1, columnCount - 1] : [row, columnCount - 1];
    default:
      return null;
  }
}

export function useGridKeys(tableRef: RefObject<HTMLTableElement | null>): void {
  useEffect(() => {
    const table = tableRef.current;
    if (table === null) return;
    let active: HTMLElement | null = null;

    const rows = () => Array.from(table.rows);
    const setTabStops = () => {
      const cells = rows().flatMap((row) => Array.from(row.cells));
      const targets = new Set(cells.map(focusTarget));
      if (active === null || !active.isConnected || !targets.has(active)) {
        const first = cells[0];
        active = first === undefined ? null : focusTarget(first);
      }
      // Every control and cell leaves the tab order but the one tab stop.
      for (const element of table.querySelectorAll<HTMLElement>(`${CONTROLS}, td, th`)) {
        const tabIndex = element === active ? 0 : -1;
        if (element.tabIndex !== tabIndex || !element.hasAttribute('tabindex')) element.tabIndex = tabIndex;
      }
    };

    const onFocusIn = (event: FocusEvent) => {
      const cell = cellOf(event.target instanceof Element ? event.target : null, table);
      if (cell === null) return;
      active = focusTarget(cell);
      setTabStops();
    };

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.metaKey) return;
      const cell = cellOf(event.target instanceof Element ? event.target : null, table);
      const row = cell?.parentElement;
      if (cell === null || !(row instanceof HTMLTableRowElement)) return;
      const allRows = rows();
      const rowIndex = allRows.indexOf(row);
      const move = moveFor(event, rowIndex, cell.cellIndex, allRows.length, row.cells.length);
      if (move === null) return;
      // Past the edge the focus stays where it is; the key is still the grid's (no page scroll).
      event.preventDefault();
      const targetRow = allRows[Math.max(0, Math.min(move[0], allRows.length - 1))];
      if (targetRow === undefined) return;
      const targetCell = targetRow.cells[Math.max(0, Math.min(move[1], targetRow.cells.length - 1))];
      if (targetCell === undefined || targetCell === cell) return;
      focusTarget(targetCell).focus();
    };

    setTabStops();
    const observer = new MutationObserver(setTabStops);
    observer.observe(table, { childList: true, subtree: true });
    table.addEventListener('focusin', onFocusIn);
    table.addEventListener('keydown', onKeyDown);
    return () => {
      observer.disconnect();
      table.removeEventListener('focusin', onFocusIn);
      table.removeEventListener('keydown', onKeyDown);
    };
  }, [tableRef]);
}
