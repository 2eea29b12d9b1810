import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readServerConfig } from '../config.ts';
import { serverAppsClosedAfterEach } from '../testing/server-apps.ts';

const ORIGIN = 'http://parlay.test';
const LEGS = 'nba-1~moneyline~Boston Celtics,nba-2~moneyline~Miami Heat';
const SHARE_LINK = `${ORIGIN}/?legs=${encodeURIComponent(LEGS)}&books=DraftKings,Bwin&format=decimal`;
const PAGE =
  '<!doctype html><html><head>\n<meta charset="UTF-8" />\n<title>Parlay Builder</title></head><body></body></html>';

let staticRoot = '';
beforeAll(() => {
  staticRoot = mkdtempSync(join(tmpdir(), 'parlay-oembed-'));
  writeFileSync(join(staticRoot, 'index.html'), PAGE);
  writeFileSync(join(staticRoot, 'embed.html'), PAGE);
});
afterAll(() => rmSync(staticRoot, { recursive: true, force: true }));

const openServerApp = serverAppsClosedAfterEach();
async function get(path: string): Promise<Response> {
  const { app } = await openServerApp(readServerConfig({ STATIC_ROOT: staticRoot, SANDBOX_LATENCY: 'zero' }));
  return app.request(`${ORIGIN}${path}`);
}
const oembedOf = (url: string, extra = '') => get(`/oembed?url=${encodeURIComponent(url)}${extra}`);

interface OembedAnswer {
  type: string;
  version: string;
  title: string;
  width: number;
  height: number;
  html: string;
  provider_name: string;
  provider_url: string;
  cache_age: number;
}

describe('GET /oembed', () => {
  it('answers a share link with a rich iframe of /embed for its slip, sized and captioned', async () => {
    const response = await oembedOf(SHARE_LINK, '&maxwidth=500&maxheight=450&format=json');
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const answer = (await response.json()) as OembedAnswer;
    expect(answer).toMatchObject({
      type: 'rich',
      version: '1.0',
      width: 500,
      height: 450,
      provider_name: 'Parlay Builder',
      provider_url: `${ORIGIN}/`,
      cache_age: 86_400,
    });
    const src = /<iframe[^>]* src="([^"]+)"/.exec(answer.html)?.[1]?.replaceAll('&#38;', '&') ?? '';
    const embed = new URL(src);
    expect(`${embed.origin}${embed.pathname}`).toBe(`${ORIGIN}/embed`);
    expect(Object.fromEntries(embed.searchParams)).toEqual({
      mode: 'grid',
      legs: LEGS,
      books: 'DraftKings,Bwin',
      'odds-format': 'decimal',
    });
    expect(answer.html).toContain(`<script async src="${ORIGIN}/widget/parlay-frame.js"></script>`);
    expect(answer.html).toContain('height="450"');
    // Before the frame, for a consumer that drops the script and sandboxes the frame: a link to the slip.
    const fallback =
      /^<blockquote class="parlay-builder-fallback"><a href="([^"]+)">([^<]+)<\/a><\/blockquote><iframe /.exec(
        answer.html,
      );
    expect(fallback?.[1]?.replaceAll('&#38;', '&')).toBe(SHARE_LINK);
    expect(fallback?.[2]).toBe(answer.title);
  });

  it('starts a grid at 600 px and a full builder at 1000 px without limits, within the given width', async () => {
    const grid = (await (await oembedOf(SHARE_LINK)).json()) as OembedAnswer;
    expect([grid.width, grid.height]).toEqual([600, 600]);
    const full = (await (await oembedOf(`${ORIGIN}/embed?leagues=nba`)).json()) as OembedAnswer;
    expect([full.width, full.height]).toEqual([600, 1000]);
  });

  it.each([
    ['another site', `https://elsewhere.example/?legs=${encodeURIComponent(LEGS)}`],
    ['our home page without a slip', `${ORIGIN}/`],
    ['an unreadable leg', `${ORIGIN}/?legs=${encodeURIComponent(`${LEGS},not-a-leg`)}`],
    ['a book we do not price', `${ORIGIN}/?legs=${encodeURIComponent(LEGS)}&books=DraftKings,Nobody`],
    ['another of our pages', `${ORIGIN}/api/v3/leagues?legs=${encodeURIComponent(LEGS)}`],
    ['not a URL', 'parlay please'],
  ])('refuses %s with 404', async (_case, url) => {
    expect((await oembedOf(url)).status).toBe(404);
  });

  it('refuses formats other than JSON with 501, and names bad limits with 400', async () => {
    expect((await oembedOf(SHARE_LINK, '&format=xml')).status).toBe(501);
    const badLimit = await oembedOf(SHARE_LINK, '&maxwidth=wide');
    expect(badLimit.status).toBe(400);
    expect(await badLimit.json()).toEqual({ error: 'maxwidth and maxheight are whole numbers of pixels.' });
    expect((await get('/oembed')).status).toBe(400);
  });
});

describe('oEmbed discovery', () => {
  const discoveryHref = async (path: string) => {
    const html = await (await get(path)).text();
    const link = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(html);
    return link === null ? null : { href: link[1]?.replaceAll('&#38;', '&'), at: html.indexOf('<link') };
  };

  it('names the oEmbed answer early in the head of a share link and an /embed page', async () => {
    for (const path of [`/?legs=${encodeURIComponent(LEGS)}`, `/embed?mode=grid&legs=${encodeURIComponent(LEGS)}`]) {
      const found = await discoveryHref(path);
      expect(found?.href).toBe(`${ORIGIN}/oembed?url=${encodeURIComponent(`${ORIGIN}${path}`)}&format=json`);
      expect(found?.at).toBeLessThan(200);
    }
  });

  it('names none on a page that is no builder to embed', async () => {
    expect(await discoveryHref('/')).toBeNull();
    expect(await discoveryHref('/?legs=garbage')).toBeNull();
  });
});
