import './index.css';

/**
 * The app page's entry. Its first screen is already in the HTML (src/prerender-shell.tsx), so the
 * app's code is asked for once that screen is painted: on a phone's network it arrives later than
 * that paint anyway, and on a fast link, where it could land first, it would delay the paint and
 * count in Lighthouse's estimate of it (LCP ~1,350 ms when the imports landed before the paint, ~850
 * ms when not). A hidden tab paints nothing, so it starts after a short wait instead.
 */
const START_WITHOUT_PAINT_MS = 250;

function afterFirstPaint(start: () => void): void {
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    start();
  };
  // A frame's callbacks run before its paint; a task queued from one runs after it.
  requestAnimationFrame(() => setTimeout(startOnce, 0));
  setTimeout(startOnce, START_WITHOUT_PAINT_MS);
}

/** The code did not arrive (offline, or a deploy replaced its files): say so over the inert first screen. */
function showStartFailure(): void {
  const notice = document.createElement('p');
  notice.setAttribute('role', 'alert');
  notice.className = 'm-2 rounded-md border border-line bg-surface p-3 text-sm text-ink';
  notice.textContent = 'The page could not load its code, so it cannot price a parlay yet. ';
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'font-semibold text-accent underline';
  reload.textContent = 'Reload';
  reload.addEventListener('click', () => window.location.reload());
  notice.append(reload);
  document.body.prepend(notice);
}

const startApp = () => {
  import('./app-start.tsx').catch(showStartFailure);
};

// A visit to the log (src/app/bet-log-hash.ts) does not wait for the builder's prerendered screen,
// which it replaces. Written out, not imported: a module this entry shared with app-start would make
// the start chunk preload this entry's stylesheet, which the build inlines into the page and removes.
if (window.location.hash === '#bet-log') {
  // The log's code and the reading of the stored bets are asked for beside the page's code, not once
  // it has arrived and run (app-start.tsx asks too, should this chunk not arrive).
  import('./app/bet-log-early.ts').then(
    ({ startBetLogEarly }) => startBetLogEarly(),
    () => undefined,
  );
  startApp();
} else afterFirstPaint(startApp);
