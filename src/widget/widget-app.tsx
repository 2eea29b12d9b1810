/**
 * One widget: a complete ParlayApp (own stores, query cache, odds client) configured by the parsed
 * attributes, shared by the <parlay-builder> element and the /embed page. When attributes change,
 * the new values are applied to the running instance; a new api-base or storage-key starts a new one.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { ParlayApp } from '../app/parlay-app.tsx';
import { encodeSlip } from '../domain/slip.ts';
import { SPORTSBOOKS } from '../domain/sportsbooks.ts';
import { sportsbooksOfRegion } from '../domain/book-regions.ts';
import type { AppConfig, BookClickDetail } from '../state/app-config-context.tsx';
import type { AppStores, AppStoresOptions } from '../state/app-stores.ts';
import { useSettings, useSlip } from '../state/app-stores-context.tsx';
import type { PersistedState } from '../state/persisted-state.ts';
import { effectiveOddsFormat, type ParsedWidgetOptions, type WidgetOptions } from './attributes.ts';
import { useColorScheme } from './use-color-scheme.ts';
import { WidgetLayout } from './widget-layout.tsx';

export interface SlipChangeDetail {
  legs: { fixtureId: string; market: string; name: string }[];
  /** The same legs in the share-link encoding (what the `legs` attribute takes). */
  encoded: string;
}

export interface WidgetEvents {
  slipChanged: (detail: SlipChangeDetail) => void;
  bookClicked: (detail: BookClickDetail) => void;
}

export type WidgetStorage = Pick<Storage, 'getItem' | 'setItem'>;

const WIDGET_STORAGE_PREFIX = 'parlay-builder:widget:';

interface WidgetAppProps {
  parsed: ParsedWidgetOptions;
  events: WidgetEvents;
  /** Where a widget with a storage-key remembers its state; null never remembers. */
  storage: WidgetStorage | null;
  /** Tests route requests to the in-process sandbox. */
  fetch?: typeof globalThis.fetch;
}

function hasStoredState(storage: WidgetStorage | null, key: string): boolean {
  try {
    return storage?.getItem(key) != null;
  } catch {
    return false;
  }
}

/** What the attributes set at start; unset ones come from storage (with a storage-key) or defaults. */
function storesOptionsFor(options: WidgetOptions, storage: WidgetStorage | null): AppStoresOptions {
  const storageKey = `${WIDGET_STORAGE_PREFIX}${options.storageKey ?? ''}`;
  const usedStorage = options.storageKey === null ? null : storage;
  const overrides: Partial<PersistedState> = {};
  if (options.legs) overrides.legs = options.legs;
  if (options.books) overrides.books = options.books;
  if (options.leagues) overrides.leagues = options.leagues;
  if (options.stake !== null) overrides.stake = options.stake;
  if (options.fairValue !== null) overrides.fairValue = options.fairValue;
  // The region's usual format, unless the attribute names one or the user chose one before.
  if (options.oddsFormat !== null || !hasStoredState(usedStorage, storageKey))
    overrides.oddsFormat = effectiveOddsFormat(options);
  // Affiliates show fair value only when they ask for it (or their reader turned it on before).
  return { storage: usedStorage, storageKey, overrides, defaults: { fairValue: false } };
}

function sameList(a: readonly unknown[] | null, b: readonly unknown[] | null): boolean {
  return a === b || (a !== null && b !== null && a.length === b.length && a.every((item, index) => item === b[index]));
}

/** Applies attribute changes made after load to the running instance (initial values came as overrides). */
function AttributeSync({ options }: { options: WidgetOptions }) {
  const leagues = useSettings((state) => state.leagues);
  const booksReplaced = useSettings((state) => state.booksReplaced);
  const leagueToggled = useSettings((state) => state.leagueToggled);
  const oddsFormatChanged = useSettings((state) => state.oddsFormatChanged);
  const stakeChanged = useSettings((state) => state.stakeChanged);
  const fairValueShown = useSettings((state) => state.fairValueShown);
  const slipReplaced = useSlip((state) => state.slipReplaced);
  const applied = useRef(options);

  useEffect(() => {
    const before = applied.current;
    if (before === options) return;
    applied.current = options;
    if (options.legs && encodeSlip(before.legs ?? []) !== encodeSlip(options.legs)) slipReplaced(options.legs);
    if (!sameList(before.books, options.books)) booksReplaced(options.books ?? SPORTSBOOKS);
    if (options.leagues && !sameList(before.leagues, options.leagues)) {
      const wanted = new Set(options.leagues);
      for (const id of leagues) if (!wanted.has(id)) leagueToggled(id);
      for (const id of options.leagues) if (!leagues.includes(id)) leagueToggled(id);
    }
    if (effectiveOddsFormat(before) !== effectiveOddsFormat(options)) oddsFormatChanged(effectiveOddsFormat(options));
    if (options.stake !== null && before.stake !== options.stake) stakeChanged(options.stake);
    if (options.fairValue !== null && before.fairValue !== options.fairValue) fairValueShown(options.fairValue);
  }, [options, leagues, booksReplaced, leagueToggled, oddsFormatChanged, stakeChanged, fairValueShown, slipReplaced]);
  return null;
}

export function WidgetApp({ parsed, events, storage, fetch }: WidgetAppProps) {
  const { options, problems } = parsed;
  // Latest handlers without restarting the instance when the element passes new ones.
  const eventsRef = useRef(events);
  useEffect(() => {
    eventsRef.current = events;
  }, [events]);

  const onStoresReady = useCallback(
    (stores: AppStores) =>
      stores.slip.subscribe((state, previous) => {
        const encoded = encodeSlip(state.legs);
        // Filling in a leg's game details changes the array, not the slip.
        if (encoded === encodeSlip(previous.legs)) return;
        eventsRef.current.slipChanged({
          legs: state.legs.map(({ fixtureId, market, name }) => ({ fixtureId, market, name })),
          encoded,
        });
      }),
    [],
  );

  const config = useMemo<AppConfig>(
    () => ({
      region: options.region,
      mode: options.mode,
      controls: options.controls,
      offeredBooks: options.bookRegion === null ? undefined : sportsbooksOfRegion(options.bookRegion),
      affiliateLinks: options.affiliateLinks,
      onBookClick: (detail) => eventsRef.current.bookClicked(detail),
      priceAlerts: false,
    }),
    [options.region, options.mode, options.controls, options.bookRegion, options.affiliateLinks],
  );

  const colorScheme = useColorScheme(options.theme);
  const instanceKey = `${options.apiBase}\u0000${options.storageKey ?? ''}`;
  return (
    <div className="pb-root" data-pb-scheme={colorScheme}>
      <ParlayApp
        key={instanceKey}
        apiBase={options.apiBase}
        fetch={fetch}
        stores={storesOptionsFor(options, storage)}
        config={config}
        onStoresReady={onStoresReady}
      >
        <AttributeSync options={options} />
        {/* The stake field keeps its own text while typing: a new stake attribute renews it. */}
        <WidgetLayout
          key={String(options.stake)}
          mode={options.mode}
          problems={problems}
          leagues={options.leagues}
          disclosure={options.disclosure}
        />
      </ParlayApp>
    </div>
  );
}
