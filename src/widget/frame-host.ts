/**
 * dist/widget/parlay-frame.js: the script a host page loads beside an iframe of our /embed (the
 * oEmbed answer carries it, docs/widget.md shows it). It sets each of our frames' height from what
 * the frame reports, as an attribute, so it works under a CSP that allows no inline style, and
 * whether the frame loaded at once or lazily. No imports or exports once built: a classic script,
 * which the build wraps in a function of its own (its names are never the host page's).
 */
import { EMBED_MESSAGE } from './embed-messages.ts';

const script = document.currentScript;
const ourOrigin = new URL(script instanceof HTMLScriptElement && script.src !== '' ? script.src : document.baseURI)
  .origin;

const isResize = (data: unknown): data is { type: typeof EMBED_MESSAGE.resize; height: number } => {
  if (typeof data !== 'object' || data === null || !('type' in data) || !('height' in data)) return false;
  return data.type === EMBED_MESSAGE.resize && typeof data.height === 'number' && Number.isFinite(data.height);
};

const ourFrames = (): HTMLIFrameElement[] =>
  [...document.querySelectorAll('iframe')].filter((frame) => {
    try {
      return new URL(frame.src, document.baseURI).origin === ourOrigin;
    } catch {
      return false;
    }
  });

window.addEventListener('message', (event) => {
  if (event.origin !== ourOrigin || !isResize(event.data)) return;
  const frame = ourFrames().find((candidate) => candidate.contentWindow === event.source);
  if (frame !== undefined) frame.height = String(Math.max(0, Math.ceil(event.data.height)));
});

// Our oEmbed answer puts a link to the slip before its frame, for a host that drops this script (and
// sandboxes the frame, where no prices load). Where this script runs, the frame works: no link.
for (const fallback of document.querySelectorAll<HTMLElement>('blockquote.parlay-builder-fallback'))
  fallback.style.display = 'none';

/**
 * Whether the frame still holds its first, empty document (the host's origin, so readable here): it
 * has not loaded our page yet, and will report its height when it does.
 */
const stillEmpty = (frame: HTMLIFrameElement): boolean => frame.contentDocument?.URL === 'about:blank';

// A frame that reported before this script ran (it loads async) says its height again. Not one still
// empty: a message there is dropped, with an error in the host's console.
for (const frame of ourFrames())
  if (!stillEmpty(frame)) frame.contentWindow?.postMessage({ type: EMBED_MESSAGE.sizeRequest }, ourOrigin);
