/**
 * The bet log of one app instance, and what a book's price offers beside it ("I placed this"):
 * the page provides both; the widget provides neither, so its grid shows no such action.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useStore, type StoreApi } from 'zustand';
import type { OddsClientOptions } from '../../api/client.ts';
import type { SlipLeg } from '../../domain/slip.ts';
import type { Sportsbook } from '../../domain/sportsbooks.ts';
import type { BetLogState } from './bet-log-store.ts';

/** A book's price as the grid shows it: what logging a bet there records. */
export interface BookPriceOffer {
  book: Sportsbook;
  legs: readonly SlipLeg[];
  /** The parlay's (a single's) price at the book. */
  combinedDecimal: number;
  /** Each leg's price at the book, by slip index; null where the book shows none. */
  legDecimals: readonly (number | null)[];
}

interface BetLogContextValue {
  store: StoreApi<BetLogState>;
  /** What to show beside a book's price. */
  renderBookAction: (offer: BookPriceOffer) => ReactNode;
  /** Where the log asks about results, grades and closing prices (the page's own origin). */
  clientOptions: OddsClientOptions;
}

const BetLogContext = createContext<BetLogContextValue | null>(null);

export function BetLogProvider({ value, children }: { value: BetLogContextValue; children: ReactNode }) {
  return <BetLogContext.Provider value={value}>{children}</BetLogContext.Provider>;
}

/** The action beside a book's price; null where there is no bet log (the widget). */
export function useBookAction(): BetLogContextValue['renderBookAction'] | null {
  return useContext(BetLogContext)?.renderBookAction ?? null;
}

export function useBetLogStore(): StoreApi<BetLogState> {
  const value = useContext(BetLogContext);
  if (value === null) throw new Error('BetLogProvider is missing above this component.');
  return value.store;
}

export function useBetLogClientOptions(): OddsClientOptions {
  const value = useContext(BetLogContext);
  if (value === null) throw new Error('BetLogProvider is missing above this component.');
  return value.clientOptions;
}

export function useBetLog<T>(selector: (state: BetLogState) => T): T {
  return useStore(useBetLogStore(), selector);
}
