/**
 * What we serve from the build: the widget script, the demo host page, and the app's pages (the
 * app itself at any path, /embed for iframes, its hashed assets).
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EMBED_PATHS } from './security-headers.ts';
import { NOT_BUILT, staticFilesFrom } from './static-files.ts';

/**
 * /widget/*: the widget script has a fixed name (host pages link to it), so it is cached briefly;
 * a module script from another origin is fetched with CORS, hence the header (it is public, no
 * credentials).
 */
export function widgetScript(widgetRoot: string): Hono {
  const widget = new Hono();
  widget.use('*', async (c, next) => {
    await next();
    if (c.res.status !== 200) return;
    c.res.headers.set('Cache-Control', 'public, max-age=300');
    c.res.headers.set('Access-Control-Allow-Origin', '*');
  });
  widget.use('*', staticFilesFrom(widgetRoot, { rewriteRequestPath: (path) => path.replace(/^\/widget/, '') }));
  widget.get('*', (c) => c.json({ error: 'Not found. Build the widget with `npm run build`.' }, 404));
  return widget;
}

/** /demo/*: the demo host page (opt-in, SERVE_DEMO), never kept stale. */
export function demoPages(demoRoot: string): Hono {
  const demo = new Hono();
  demo.get('/', (c, next) => (c.req.path === '/demo' ? c.redirect('/demo/') : next()));
  demo.use('*', async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', 'no-cache');
  });
  demo.use('*', staticFilesFrom(demoRoot, { rewriteRequestPath: (path) => path.replace(/^\/demo/, '') }));
  return demo;
}

/**
 * The operator's list of hosts /embed's affiliate links may point to, handed to the page in a
 * <meta> (read synchronously at start, no extra request; the CSP forbids inline script). Hosts are
 * validated to [a-z0-9.-] at start-up, so they need no escaping.
 */
const EMBED_AFFILIATE_HOSTS_META = 'parlay-embed-affiliate-hosts';

function embedPage(staticRoot: string, affiliateHosts: readonly string[], discoveryLinkFor: DiscoveryLinkFor) {
  const embedPath = join(staticRoot, 'embed.html');
  const hostsMeta = `<meta name="${EMBED_AFFILIATE_HOSTS_META}" content="${affiliateHosts.join(',')}" />`;
  return (c: Context) => {
    if (!existsSync(embedPath)) return c.text(NOT_BUILT, 503);
    c.header('Cache-Control', 'no-cache');
    const page = withDiscoveryLink(readFileSync(embedPath, 'utf8'), discoveryLinkFor(c));
    return c.html(page.replace('</head>', `${hostsMeta}</head>`));
  };
}

/** The page's oEmbed `<link>` for this request, or null when the page is no builder to embed. */
type DiscoveryLinkFor = (c: Context) => string | null;

/** Right after the charset, so that it is early in the head whatever the head grows to. */
function withDiscoveryLink(html: string, link: string | null): string {
  if (link === null) return html;
  return html.replace(/<meta charset="[^"]*"\s*\/?>/i, (charset) => `${charset}${link}`);
}

/**
 * /assets/*: built with a content hash in their names, so they never change under one URL. One
 * that is not here (an old page asking after a deploy) is a plain 404 nobody keeps: answered with
 * the app page, a CDN would cache HTML under a script's name for a year. Readable from any origin
 * (public files, no credentials): /embed framed with `sandbox` (as WordPress frames a pasted link)
 * has an opaque origin, and its module scripts and stylesheet are fetched with CORS.
 */
function hashedAssets(staticRoot: string): Hono {
  const indexPath = join(staticRoot, 'index.html');
  const assets = new Hono();
  assets.use('*', async (c, next) => {
    await next();
    if (c.res.status !== 200) return;
    c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    c.res.headers.set('Access-Control-Allow-Origin', '*');
  });
  assets.use('*', staticFilesFrom(staticRoot));
  assets.all('*', (c) => {
    c.header('Cache-Control', 'no-store');
    if (!existsSync(indexPath)) return c.text(NOT_BUILT, 503);
    return c.text('Not found', 404);
  });
  return assets;
}

/**
 * A share link's prices are asked for as its page is served, not once its script has run
 * (proxy/share-link-primer.ts). Only for a page load: a script's or an image's fetch of a URL with
 * the same query is not one.
 */
function primeShareLinks(prime: (c: Context) => void, log: (line: string) => void): MiddlewareHandler {
  return async (c, next) => {
    const destination = c.req.header('sec-fetch-dest');
    if (c.req.method === 'GET' && (destination === undefined || destination === 'document')) {
      try {
        prime(c);
      } catch (error) {
        // Only a head start: the page asks for its prices itself anyway.
        log(`Could not ask for a share link's prices ahead of its page: ${String(error)}`);
      }
    }
    return next();
  };
}

export interface AppPagesOptions {
  staticRoot: string;
  embedAffiliateHosts: readonly string[];
  primeShareLink: (c: Context) => void;
  discoveryLinkFor: DiscoveryLinkFor;
  log: (line: string) => void;
}

/** The app's pages: /embed, the hashed assets, the build's other files, and the app at every other GET. */
export function appPages(options: AppPagesOptions): Hono {
  const { staticRoot, embedAffiliateHosts, primeShareLink, discoveryLinkFor, log } = options;
  const indexPath = join(staticRoot, 'index.html');
  const pages = new Hono();
  const embed = embedPage(staticRoot, embedAffiliateHosts, discoveryLinkFor);
  for (const path of EMBED_PATHS) pages.get(path, embed);
  pages.route('/assets', hashedAssets(staticRoot));
  const appPage = (c: Context) => {
    if (!existsSync(indexPath)) {
      return c.text('The app has not been built yet. Run `npm run build` (npm start does this for you).', 503);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(withDiscoveryLink(readFileSync(indexPath, 'utf8'), discoveryLinkFor(c)));
  };
  pages.use('*', primeShareLinks(primeShareLink, log));
  // Before the build's files, which would serve index.html for `/` as it is: a share link's page
  // names its oEmbed answer.
  pages.get('/', appPage);
  pages.use('*', staticFilesFrom(staticRoot));
  pages.get('*', appPage);
  return pages;
}
