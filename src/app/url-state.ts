/** Keeps the address bar in step with one app instance's state (the page only, never a widget). */
import { buildShareUrl } from '../state/share-url.ts';
import type { AppStores } from '../state/app-stores.ts';

/** Keeps the address bar in step with the state (replaceState: no history entry per click). */
export function syncUrlWithStores(stores: AppStores, win: Window): () => void {
  const update = () => {
    const { legs } = stores.slip.getState();
    const { books, oddsFormat, fairValue } = stores.settings.getState();
    const next = buildShareUrl(win.location.href, { legs, books, oddsFormat, fairValue });
    if (next !== win.location.href) win.history.replaceState(win.history.state, '', next);
  };
  update();
  const unsubscribers = [stores.slip.subscribe(update), stores.settings.subscribe(update)];
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}
