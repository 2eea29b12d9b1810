/**
 * /embed: the widget as a page, for hosts that prefer an iframe. Options are URL parameters with the
 * attribute names (api-base aside: the page always calls its own origin). It reports its height to
 * the framing page so the iframe can size itself (our frame script's message, AMP's and WordPress's
 * too), and forwards the widget's events.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './embed.css';
import { warnAboutAttributes } from './widget/attribute-warnings.ts';
import { parseWidgetOptions } from './widget/attributes.ts';
import {
  EMBED_MESSAGE,
  heightMessages,
  isSizeRequest,
  reportHeight,
  wordPressSecretOf,
  type HostMessage,
} from './widget/embed-messages.ts';
import { StatusMessage } from './ui/status-message.tsx';
import { WidgetApp, type WidgetEvents, type WidgetStorage } from './widget/widget-app.tsx';

/** Written into the page by our server from EMBED_AFFILIATE_HOSTS; absent (e.g. the dev server): none. */
const EMBED_AFFILIATE_HOSTS_META = 'parlay-embed-affiliate-hosts';

/** Anyone can write this page's URL, so affiliate links from it may point only to the operator's partner hosts. */
function embedAffiliateHosts(): string[] {
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${EMBED_AFFILIATE_HOSTS_META}"]`)?.content ?? '';
  return content
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter((host) => host !== '');
}

const params = new URLSearchParams(window.location.search);
const parsed = parseWidgetOptions((name) => (name === 'api-base' ? null : params.get(name)), {
  defaultApiBase: '',
  baseUrl: document.baseURI,
  affiliateHosts: embedAffiliateHosts(),
});
warnAboutAttributes(parsed.problems, 'embed');
const framed = window.parent !== window;
const post = (message: HostMessage) => {
  if (framed) window.parent.postMessage(message, '*');
};
const wordPressSecret = wordPressSecretOf(window.location.hash);
const events: WidgetEvents = {
  slipChanged: (detail) => post({ type: EMBED_MESSAGE.slipChange, detail }),
  bookClicked: (detail) => post({ type: EMBED_MESSAGE.bookClick, detail }),
};
const storage: WidgetStorage = {
  getItem: (key) => window.localStorage.getItem(key),
  setItem: (key, value) => window.localStorage.setItem(key, value),
};

/**
 * Framed with `sandbox` but not `allow-same-origin` (WordPress frames a pasted link so when our plugin
 * is not installed): an opaque origin, which our API, like any other origin it does not list, refuses.
 */
const sandboxed = window.origin === 'null';
if (sandboxed)
  console.warn(
    'parlay-builder: /embed is framed with a sandbox that leaves out allow-same-origin (WordPress does this to a pasted link when the Parlay Builder plugin is not installed), so it cannot ask for prices. To fix: install the plugin, or frame /embed without sandbox (or with sandbox="allow-scripts allow-same-origin allow-popups").',
  );

document.documentElement.dataset.pbTheme = parsed.options.theme;
const rootElement = document.getElementById('root');
if (rootElement) {
  createRoot(rootElement).render(
    <StrictMode>
      {sandboxed ? (
        <StatusMessage tone="warning" title="Prices can’t load in this frame">
          This site shows the parlay builder in a sandboxed frame, which cannot reach the odds service. The site’s owner
          can fix it: the browser console says how.
        </StatusMessage>
      ) : (
        <WidgetApp parsed={parsed} events={events} storage={storage} />
      )}
    </StrictMode>,
  );
  // Sandboxed, it says nothing to its host: WordPress then keeps showing the link to the slip that
  // our oEmbed answer puts before the frame, and keeps the frame (which cannot price) hidden.
  const heights = reportHeight(rootElement, (height) => {
    if (!sandboxed) heightMessages(height, wordPressSecret).forEach(post);
  });
  window.addEventListener('message', (event) => {
    if (event.source === window.parent && isSizeRequest(event.data, wordPressSecret)) heights.repeat();
  });
}
