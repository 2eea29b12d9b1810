/**
 * oEmbed (https://oembed.com): paste one of our share links or /embed URLs into WordPress (or any
 * consumer) and get a builder. GET /oembed answers the `rich` type with an iframe of /embed and the
 * script that sizes it to its content (widget/parlay-frame.js), so the host writes nothing. Pages
 * that can be embedded name this endpoint in their head (`discoveryLinkFor`), where WordPress looks.
 */
import { Hono, type Context } from 'hono';
import { arrivedOverHttps, socketAddress, type TrustProxy } from '../guards/client-address.ts';
import { embeddableSlip, type EmbeddableSlip } from './embeddable-slip.ts';

const OEMBED_PATH = '/oembed';
const PROVIDER_NAME = 'Parlay Builder';
/** How long a consumer may keep an answer: the html names the slip, never its prices. */
const CACHE_AGE_SECONDS = 86_400;
/** The frame's width and starting height before /embed reports its own (the widget's height budgets). */
const DEFAULT_WIDTH = 600;
const MIN_WIDTH = 280;
const STARTING_HEIGHT = { grid: 600, full: 1000 } as const;
const MIN_HEIGHT = 200;
/** The link shown where the frame cannot be (widget/frame-host.ts hides it once it runs). */
const FALLBACK_CLASS = 'parlay-builder-fallback';
/** The frame sizer host pages load beside the iframe (built with the widget, served under /widget/). */
const FRAME_SCRIPT_PATH = '/widget/parlay-frame.js';

/** Our origin as the visitor reached it (https behind a TLS proxy we trust). */
function publicOrigin(c: Context, trustProxy: TrustProxy): string {
  const url = new URL(c.req.url);
  const https = arrivedOverHttps(c.req.url, socketAddress(c), c.req.header('x-forwarded-proto'), trustProxy);
  return `${https ? 'https' : 'http'}://${url.host}`;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The `<link>` naming our oEmbed answer for this page, when the page is a builder one can embed;
 * null otherwise. WordPress reads a page's head only (and at most its first 150 KB).
 */
export function discoveryLinkFor(c: Context, trustProxy: TrustProxy): string | null {
  const origin = publicOrigin(c, trustProxy);
  const url = new URL(c.req.url);
  const pageUrl = `${origin}${url.pathname}${url.search}`;
  if (embeddableSlip(pageUrl, origin) === null) return null;
  const href = `${origin}${OEMBED_PATH}?url=${encodeURIComponent(pageUrl)}&format=json`;
  return `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(href)}" title="${PROVIDER_NAME}" />`;
}

/** `maxwidth`/`maxheight`: absent, or a whole number of pixels; anything else is a mistake to name. */
function readLimit(c: Context, name: string): number | null | 'invalid' {
  const text = c.req.query(name);
  if (text === undefined || text === '') return null;
  return /^\d{1,5}$/.test(text) && Number(text) > 0 ? Number(text) : 'invalid';
}

function answerFor(
  slip: EmbeddableSlip,
  pageUrl: string,
  origin: string,
  maxWidth: number | null,
  maxHeight: number | null,
) {
  const width = Math.max(MIN_WIDTH, Math.min(maxWidth ?? DEFAULT_WIDTH, DEFAULT_WIDTH));
  const height = Math.max(MIN_HEIGHT, Math.min(maxHeight ?? STARTING_HEIGHT[slip.mode], STARTING_HEIGHT[slip.mode]));
  const title =
    slip.legCount > 0 ? `Parlay builder: a ${slip.legCount}-leg parlay priced at each sportsbook` : 'Parlay builder';
  const src = `${origin}/embed?${slip.embedQuery.toString()}`;
  // width="100%": the frame fills the host's column (a pixel pair would make WordPress's editor
  // force an aspect ratio on it); the script sets its height from what /embed reports. The link
  // before it is for a consumer that drops our script and sandboxes the frame, where no prices can
  // load (WordPress without our plugin: it shows the link and keeps the frame hidden until the frame
  // speaks); our script hides it.
  const html =
    `<blockquote class="${FALLBACK_CLASS}"><a href="${escapeHtml(pageUrl)}">${escapeHtml(title)}</a></blockquote>` +
    `<iframe class="parlay-builder-frame" src="${escapeHtml(src)}" title="${escapeHtml(title)}" ` +
    `width="100%" height="${height}" frameborder="0" loading="lazy"></iframe>` +
    `<script async src="${escapeHtml(origin + FRAME_SCRIPT_PATH)}"></script>`;
  return {
    type: 'rich',
    version: '1.0',
    title,
    provider_name: PROVIDER_NAME,
    provider_url: `${origin}/`,
    cache_age: CACHE_AGE_SECONDS,
    width,
    height,
    html,
  };
}

/** GET /oembed?url=&maxwidth=&maxheight=&format=json, with the spec's refusals (404 not ours, 501 not JSON). */
export function oembedRoutes(trustProxy: TrustProxy): Hono {
  const routes = new Hono();
  routes.get(OEMBED_PATH, (c) => {
    // Public and the same for everyone: every consumer, in a browser too, may read it.
    c.header('Access-Control-Allow-Origin', '*');
    const format = c.req.query('format');
    if (format !== undefined && format !== 'json') {
      return c.json({ error: `Only format=json is offered, not "${format.slice(0, 20)}".` }, 501);
    }
    const url = c.req.query('url');
    if (url === undefined || url === '') return c.json({ error: 'Give the page to embed as ?url=.' }, 400);
    const maxWidth = readLimit(c, 'maxwidth');
    const maxHeight = readLimit(c, 'maxheight');
    if (maxWidth === 'invalid' || maxHeight === 'invalid') {
      return c.json({ error: 'maxwidth and maxheight are whole numbers of pixels.' }, 400);
    }
    const origin = publicOrigin(c, trustProxy);
    const slip = embeddableSlip(url, origin);
    if (slip === null) {
      return c.json({ error: 'Not one of our share links or /embed URLs, or its legs or books cannot be read.' }, 404);
    }
    c.header('Cache-Control', `public, max-age=${CACHE_AGE_SECONDS}`);
    return c.json(answerFor(slip, url, origin, maxWidth, maxHeight));
  });
  return routes;
}
