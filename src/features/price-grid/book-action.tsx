/**
 * What the page offers beside a book's price (the bet log's "I placed this"), when the book priced
 * every leg: nothing in the widget, which has no log (its build, import.meta.env.PB_WIDGET, leaves
 * this code out).
 */
import { Suspense } from 'react';
import type { SlipLeg } from '../../domain/slip.ts';
import type { Sportsbook } from '../../domain/sportsbooks.ts';
import { useBookAction } from '../../state/bet-log/bet-log-context.tsx';

interface BookActionProps {
  book: Sportsbook;
  combinedDecimal: number | null;
  legs: readonly SlipLeg[];
  /** Each leg's price at the book, null where it gave none. */
  legDecimals: readonly (number | null)[];
}

const BET_LOG = import.meta.env.PB_WIDGET !== true;

function PageBookAction({ book, combinedDecimal, legs, legDecimals }: BookActionProps) {
  const renderAction = useBookAction();
  if (renderAction === null || combinedDecimal === null) return null;
  return <Suspense fallback={null}>{renderAction({ book, legs, combinedDecimal, legDecimals })}</Suspense>;
}

export const BookAction = BET_LOG ? PageBookAction : () => null;
