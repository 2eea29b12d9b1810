import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
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

const rootElement = document.getElementById('root');
if (rootElement) {
  createRoot(rootElement).render(
    <StrictMode>
      <ParlayApp
        apiBase=""
        stores={{ storage: browserStorage, storageKey: 'parlay-builder', overrides, overrideNotices: notices }}
        onStoresReady={keepUrlInStep}
      >
        <AppLayout />
      </ParlayApp>
    </StrictMode>,
  );
}
