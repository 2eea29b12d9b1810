/**
 * The page's first screen as HTML (the header, the league prompt, the empty slip and grid), written
 * into dist/app/index.html when the app is built (vite.config.ts, on the same Preact runtime the page
 * runs, where react-dom/server is preact/compat/server).
 * Its text arrives with the page, so the largest paint does not wait on script; on a first visit
 * app-start.tsx then hydrates these same elements (drawing them afresh would repaint the page after the
 * script), which is why it is the real layout, rendered as a first visit sees it: nothing stored,
 * nothing loaded yet.
 */
// Async: parts of the layout load lazily (they render nothing on a first visit, but suspend once).
import { renderToStringAsync } from 'preact-render-to-string';
import { AppLayout } from './app/app-layout.tsx';
import { ParlayApp } from './app/parlay-app.tsx';

export async function renderAppShell(): Promise<string> {
  return await renderToStringAsync(
    <ParlayApp apiBase="" openEventSource={null} stores={{ storage: null, storageKey: 'parlay-builder' }}>
      <AppLayout />
    </ParlayApp>,
  );
}
