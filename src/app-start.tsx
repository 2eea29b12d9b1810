// The app page's start, imported by main.tsx once the prerendered first screen is painted: the
// stores, the URL sync, and hydrating (or rendering) the app into #root.
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ParlayApp } from './app/parlay-app.tsx';
import { AppLayout } from './app/app-layout.tsx';
import { syncUrlWithStores } from './app/url-state.ts';
import { readShareParams } from './state/share-url.ts';
import type { AppStores } from './state/app-stores.ts';

// Reached lazily so a browser that blocks storage throws inside the stores, which say so and go on.
const browserStorage = {
  getItem: (key: string) => window.localStorage.getItem(key),
  setItem: (key: string, value: string) => window.localStorage.setItem(key, value),
};

const { overrides, notices } = readShareParams(window.location.search);
const keepUrlInStep = (stores: AppStores) => syncUrlWithStores(stores, window);

const STORAGE_KEY = 'parlay-builder';

/**
 * Whether the page opens as the prerendered first screen shows it (src/prerender-shell.tsx: nothing
 * stored, no share link). Only then is that DOM hydrated: Preact's hydration keeps the elements and
 * their text as they are, so nothing is painted twice and the largest paint stays the HTML's. With
 * stored settings or a link the first render differs, and hydration would leave the prerender's
 * attributes in place (it fixes text, not attributes), so that page is rendered afresh instead
 * (React's createRoot, like preact/compat's, empties the element first).
 */
function opensAsPrerendered(): boolean {
  if (Object.keys(overrides).length > 0 || notices.length > 0) return false;
  try {
    return window.localStorage.getItem(STORAGE_KEY) === null;
  } catch {
    // Storage blocked: the stores say so in a notice the prerender does not have.
    return false;
  }
}

const rootElement = document.getElementById('root');
if (rootElement) {
  const app = (
    <StrictMode>
      <ParlayApp
        apiBase=""
        stores={{ storage: browserStorage, storageKey: STORAGE_KEY, overrides, overrideNotices: notices }}
        onStoresReady={keepUrlInStep}
      >
        <AppLayout />
      </ParlayApp>
    </StrictMode>
  );
  // In a task of its own: the modules' evaluation and the first render were one ~36 ms task (CPU x1).
  setTimeout(() => {
    if (opensAsPrerendered()) hydrateRoot(rootElement, app);
    else createRoot(rootElement).render(app);
  });
}
