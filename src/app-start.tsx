// The app page's start, imported by main.tsx once the prerendered first screen is painted: the
// stores, the URL sync, and hydrating (or rendering) the page into #root.
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppPage } from './app/app-page.tsx';
import { syncUrlWithStores } from './app/url-state.ts';
import { readShareParams } from './state/share-url.ts';
import { regionDefaults } from './state/persisted-state.ts';
import { regionOfLanguages } from './domain/region.ts';
import type { AppStores } from './state/app-stores.ts';
import { BET_LOG_HASH } from './app/bet-log-hash.ts';
import { startBetLogEarly } from './app/bet-log-early.ts';

// Reached lazily so a browser that blocks storage throws inside the stores, which say so and go on.
const browserStorage = {
  getItem: (key: string) => window.localStorage.getItem(key),
  setItem: (key: string, value: string) => window.localStorage.setItem(key, value),
};

const opensAtLog = window.location.hash === BET_LOG_HASH;
// A visit to the log: its code and the reading of the stored bets start before anything renders.
if (opensAtLog) startBetLogEarly();

const { overrides, notices } = readShareParams(window.location.search);
const keepUrlInStep = (stores: AppStores) => syncUrlWithStores(stores, window);

const STORAGE_KEY = 'parlay-builder';

/** A first visit starts in the region its browser's languages suggest (en-GB: UK). */
const languageRegion = regionOfLanguages(navigator.languages.length > 0 ? navigator.languages : [navigator.language]);
/** The region the build's first screen was rendered in (src/prerender-shell.tsx). */
const PRERENDERED_REGION = 'us';

/**
 * Whether #root holds the first screen exactly as this visit renders it: the build wrote it
 * (src/prerender-shell.tsx; the dev server writes none) and the visit is a first one (nothing stored,
 * no share link) in the region it was rendered in, opening at the builder (a visit to the log shows
 * none of it, and hydrating would mount the builder only to hide it). Only then is it hydrated: React keeps those elements, so nothing is painted twice
 * and the largest paint stays the HTML's. Any other visit renders differently, and React's
 * hydration leaves a differing attribute as the HTML had it and answers differing text by throwing
 * the prerendered DOM away with an error, so that page is rendered afresh instead (createRoot
 * replaces the prerendered elements when it first commits; they stay painted until then).
 */
function opensAsPrerendered(root: HTMLElement): boolean {
  if (root.firstElementChild === null || opensAtLog) return false;
  if (Object.keys(overrides).length > 0 || notices.length > 0 || languageRegion !== PRERENDERED_REGION) return false;
  try {
    return window.localStorage.getItem(STORAGE_KEY) === null;
  } catch {
    // Storage blocked: the stores say so in a notice the prerender does not have.
    return false;
  }
}

const rootElement = document.getElementById('root');
if (rootElement) {
  const page = (
    <AppPage
      stores={{
        storage: browserStorage,
        storageKey: STORAGE_KEY,
        defaults: regionDefaults(languageRegion),
        overrides,
        overrideNotices: notices,
      }}
      onStoresReady={keepUrlInStep}
    />
  );
  // In a task of its own, after the modules' evaluation; and as a transition, so React renders in
  // slices of a few milliseconds that yield to the browser (a first render at the default priority
  // is one task, ~4x as long on a mid-range phone).
  setTimeout(() =>
    startTransition(() => {
      if (opensAsPrerendered(rootElement)) hydrateRoot(rootElement, page);
      else createRoot(rootElement).render(page);
    }),
  );
}
