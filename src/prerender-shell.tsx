/**
 * The page's first screen as HTML (the header, the league prompt, the empty slip and grid), written
 * into dist/app/index.html when the app is built (vite.config.ts). Its text arrives with the page, so
 * the largest paint does not wait on script; on a first visit app-start.tsx then hydrates these same
 * elements, which is why it is the page's own tree (AppPage), rendered as a first visit sees it:
 * nothing stored, nothing loaded yet.
 *
 * React DOM's static renderer, which waits for everything that suspends (a lazy part of the layout)
 * before it writes, rather than leaving a fallback for the browser to fill in.
 */
import { prerender } from 'react-dom/static';
import { AppPage } from './app/app-page.tsx';
import { regionDefaults } from './state/persisted-state.ts';

export async function renderAppShell(): Promise<string> {
  // An error would leave that part to the browser's render, which a hydrated page does not have:
  // the build fails instead.
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    // A US first visit's screen (app-start.tsx renders other regions afresh).
    <AppPage
      stores={{ storage: null, storageKey: 'parlay-builder', defaults: regionDefaults('us') }}
      openEventSource={null}
    />,
    { onError: (error) => void errors.push(error) },
  );
  if (errors.length > 0) throw new AggregateError(errors, 'The first screen could not be prerendered');
  return await new Response(prelude).text();
}
