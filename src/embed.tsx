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

document.documentElement.dataset.pbTheme = parsed.options.theme;
const rootElement = document.getElementById('root');
if (rootElement) {
  createRoot(rootElement).render(
    <StrictMode>
      <WidgetApp parsed={parsed} events={events} storage={storage} />
    </StrictMode>,
  );
  const heights = reportHeight(rootElement, (height) => heightMessages(height, wordPressSecret).forEach(post));
  window.addEventListener('message', (event) => {
    if (event.source === window.parent && isSizeRequest(event.data, wordPressSecret)) heights.repeat();
  });
}
