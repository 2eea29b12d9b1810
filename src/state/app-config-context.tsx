/** Per-instance settings that are not user state: region (age and help line) and layout mode. */
import { createContext, useContext, type ReactNode } from 'react';
import { REGION_CURRENCY, type Region } from '../domain/region.ts';
import type { Sportsbook } from '../domain/sportsbooks.ts';

export type LayoutMode = 'full' | 'grid';

/**
 * `reader`: what a bettor needs (books ranked by payout, a "Bet" link each); `analyst`: also sorting,
 * the fair-value switch, CSV and the book chooser. The app is the analyst's; a widget is a reader's
 * unless its host asks.
 */
export type ControlSet = 'reader' | 'analyst';

/** What the host learns when a user follows a book's link. */
export interface BookClickDetail {
  book: string;
  /** The combined price as the user saw it (their odds format), null when the book gave none. */
  price: string | null;
  /** The same price as exact decimal odds. */
  decimalPrice: number | null;
  url: string;
}

export interface AppConfig {
  region: Region;
  mode: LayoutMode;
  /** Absent: the analyst's (the app's). */
  controls?: ControlSet;
  /** The books a reader may choose from (a widget kept to one region's books offers those only); absent: all ten. */
  offeredBooks?: readonly Sportsbook[];
  /** Book display name -> affiliate URL template (widget only; placeholders in domain/book-links.ts). */
  affiliateLinks: Readonly<Record<string, string>>;
  /** Called when a user follows a book's link (widget analytics). */
  onBookClick?: (detail: BookClickDetail) => void;
  /**
   * Absent: the app's price alerts are offered. The widget sets false: its builds leave the alerts'
   * code out, and a widget page served by the app's dev server must not show them either.
   */
  priceAlerts?: false;
}

export const DEFAULT_APP_CONFIG: AppConfig = {
  region: 'us',
  mode: 'full',
  affiliateLinks: {},
};

const AppConfigContext = createContext<AppConfig>(DEFAULT_APP_CONFIG);

export function AppConfigProvider({ config, children }: { config: AppConfig; children: ReactNode }) {
  return <AppConfigContext.Provider value={config}>{children}</AppConfigContext.Provider>;
}

export function useAppConfig(): AppConfig {
  return useContext(AppConfigContext);
}

/** The stake's currency follows the region: dollars for US bettors, pounds for UK ones. */
export function useCurrency(): { code: string; symbol: string } {
  return REGION_CURRENCY[useAppConfig().region];
}
