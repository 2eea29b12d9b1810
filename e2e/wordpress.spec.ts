/**
 * The WordPress plugin in a real WordPress (Debian's package on PHP, with MariaDB; see
 * support/wordpress.ts): installed from its zip and activated, a post with the shortcode, a post with
 * a pasted share link (oEmbed), and a post with a broken attribute, each read in Chromium.
 */
import { settingsNote } from './support/locators.ts';
import { expect, request as playwrightRequest, test, type Locator, type Page } from '@playwright/test';
import { encodeSlip } from '../src/domain/slip.ts';
import { E2E_BASE_PORT } from './support/fault-config.ts';
import { moneylineLeg, sandboxGames } from './support/sandbox-data.ts';
import {
  bareWordPressPort,
  startWordPressDatabase,
  startWordPressSite,
  wordPressPort,
  type WordPressDatabase,
  type WordPressSite,
} from './support/wordpress.ts';

const SERVER_ORIGIN = `http://127.0.0.1:${E2E_BASE_PORT}`;
const BOOKS = 'DraftKings,BetMGM,Bwin,Unibet';
const POSTS = { shortcode: 'A shortcode builder', link: 'A pasted share link', broken: 'A broken attribute' };

test.describe.configure({ mode: 'serial' });

let database: WordPressDatabase;
let site: WordPressSite;
let shareLink = '';

test.beforeAll(async () => {
  // Installing the packages (first run on a fresh machine) and the site take minutes and seconds.
  test.setTimeout(600_000);
  const request = await playwrightRequest.newContext({ baseURL: SERVER_ORIGIN });
  const [first, second] = await sandboxGames(request, 2);
  await request.dispose();
  const legs = encodeSlip([moneylineLeg(first), moneylineLeg(second, 'home')]);
  shareLink = `${SERVER_ORIGIN}/?legs=${encodeURIComponent(legs)}&books=${BOOKS}`;
  database = await startWordPressDatabase();
  site = await startWordPressSite({
    database,
    port: wordPressPort(E2E_BASE_PORT),
    serverOrigin: SERVER_ORIGIN,
    posts: {
      [POSTS.shortcode]: `<p>Before the builder.</p>\n[parlay_builder legs="${legs}" books="${BOOKS}" region="uk" mode="grid" unknown="dropped"]\n<p>After the builder.</p>`,
      [POSTS.link]: `<p>Our parlay for the weekend:</p>\n\n${shareLink}\n\n<p>After the builder.</p>`,
      [POSTS.broken]: `[parlay_builder legs="${legs}" books="DraftKings,Nobody" mode="grid"]\n<p>After the builder.</p>`,
    },
  });
});

test.afterAll(async () => {
  await site?.stop();
  await database?.stop();
});

async function expectPriced(builder: Page | ReturnType<Page['frameLocator']>, books: number): Promise<Locator> {
  const ranked = builder.getByRole('list', { name: 'Books ranked by payout' });
  await expect(ranked.getByRole('listitem')).toHaveCount(books);
  await expect(ranked.getByText(/^Asking/)).toHaveCount(0);
  for (const text of await ranked.getByRole('listitem').allInnerTexts()) expect(text).toMatch(/\d\.\d{2}/);
  return ranked;
}

/** The oEmbed proxy's answer as the block editor renders it (the provider's, through WordPress's filters). */
interface EditorPreview {
  type: string;
  width: number;
  height: number;
  html: string | false;
}

/** Whether the text after the builder starts below it: the builder takes the room its content needs. */
async function expectBelow(builder: Locator, after: Locator): Promise<void> {
  await expect
    .poll(async () => {
      const [box, next] = await Promise.all([builder.boundingBox(), after.boundingBox()]);
      return box !== null && next !== null && box.height > 200 && next.y >= box.y + box.height;
    })
    .toBe(true);
}

test('a shortcode renders a priced builder with the attributes given, in the flow of the post', async ({ page }) => {
  await page.goto(site.posts[POSTS.shortcode] ?? '');
  const widget = page.locator('parlay-builder');
  await expect(widget).toHaveAttribute('region', 'uk');
  await expect(widget).not.toHaveAttribute('unknown', /.*/);
  await expectPriced(page, 4);
  await expectBelow(widget, page.getByText('After the builder.'));
});

test('a pasted share link becomes a priced builder whose frame is as tall as its content', async ({ page }) => {
  await page.goto(site.posts[POSTS.link] ?? '');
  const frame = page.locator('iframe.parlay-builder-frame');
  await expectPriced(page.frameLocator('iframe.parlay-builder-frame'), 4);
  // Sized by the script in the oEmbed answer: the frame's height is its content's, nothing to scroll inside.
  await expect
    .poll(async () => {
      const box = await frame.boundingBox();
      const content = await frame
        .contentFrame()
        .locator('#root')
        .evaluate((root) => Math.ceil(root.getBoundingClientRect().height));
      return box === null ? null : Math.abs(Math.round(box.height) - content);
    })
    .toBeLessThanOrEqual(1);
  await expectBelow(frame, page.getByText('After the builder.'));
  // The link our answer puts before the frame, for hosts that drop our script: hidden by it here.
  await expect(page.locator('blockquote.parlay-builder-fallback')).toBeHidden();
});

test('in the block editor, a pasted share link previews as our sized frame; a link we do not embed falls back', async ({
  request,
}) => {
  // What the editor's embed block asks: WordPress's oEmbed proxy, as a logged-in editor. It shows
  // "could not be embedded" and offers the plain link for a 404, or for an answer with no type and
  // no html (what the proxy makes of a provider's refusal): null here.
  const editorPreview = async (url: string): Promise<EditorPreview | null> => {
    const answer = await request.get(`${site.origin}/?rest_route=/oembed/1.0/proxy&url=${encodeURIComponent(url)}`, {
      headers: { cookie: site.editor.cookie, 'x-wp-nonce': site.editor.nonce },
    });
    if (!answer.ok()) return null;
    const preview = (await answer.json()) as Partial<EditorPreview> & { data?: { status?: number } };
    if ((preview.html === false && preview.type === undefined) || preview.data?.status === 404) return null;
    return preview as EditorPreview;
  };
  const proxied = await editorPreview(shareLink);
  if (proxied === null) throw new Error('The editor has no preview of the share link.');
  expect(proxied.type).toBe('rich');
  const html = proxied.html || '';
  const attribute = (pattern: RegExp) => pattern.exec(html)?.[1]?.replaceAll('&#38;', '&') ?? '';
  expect(attribute(/^<blockquote class="parlay-builder-fallback"><a href="([^"]+)"/)).toBe(shareLink);
  const frame = new URL(attribute(/<iframe [^>]*\bsrc="([^"]+)"/));
  const slip = new URL(shareLink).searchParams;
  expect([frame.origin, frame.pathname, frame.searchParams.get('legs')]).toEqual([
    SERVER_ORIGIN,
    '/embed',
    slip.get('legs'),
  ]);
  expect(frame.searchParams.get('books')?.split(',').sort()).toEqual(BOOKS.split(',').sort());
  expect(Number(attribute(/<iframe [^>]*\bheight="(\d+)"/))).toBe(proxied.height);
  // Our sizing script kept: WordPress drops a provider's script unless it trusts the provider.
  expect(attribute(/<script async src="([^"]+)"/)).toBe(`${SERVER_ORIGIN}/widget/parlay-frame.js`);

  // A link on our server that names no slip (our provider answers 404), and a share link's shape on
  // another server (not our provider; nothing there to discover): the editor offers the plain link.
  const notOurs = [`${SERVER_ORIGIN}/?legs=not-a-slip`, `http://127.0.0.1:1/?legs=${slip.get('legs') ?? ''}`];
  for (const url of notOurs) expect(await editorPreview(url), url).toBeNull();
});

test('without the plugin, WordPress’s own embed of a pasted link shows a link to the parlay, not a frame that cannot price', async ({
  page,
}) => {
  // WordPress finds our oEmbed answer by the link in the page's head, trusts none of its script and
  // frames /embed sandboxed (an opaque origin, which our API refuses as it refuses any unlisted one).
  const bare = await startWordPressSite({
    database,
    port: bareWordPressPort(E2E_BASE_PORT),
    serverOrigin: SERVER_ORIGIN,
    posts: { [POSTS.link]: `<p>Our parlay for the weekend:</p>\n\n${shareLink}\n\n<p>After the builder.</p>` },
    activatePlugin: false,
  });
  try {
    await page.goto(bare.posts[POSTS.link] ?? '');
    const link = page.locator('blockquote.wp-embedded-content').getByRole('link', {
      name: 'Parlay builder: a 2-leg parlay priced at each sportsbook',
    });
    await expect(link).toBeVisible();
    expect(await link.getAttribute('href')).toBe(shareLink);
    const frame = page.locator('iframe.wp-embedded-content');
    await expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
    // The frame ran (it says why it cannot price, for hosts that show it anyway) and told WordPress
    // nothing, so WordPress keeps it hidden (clipped to a pixel) and the link stays.
    await expect(page.frameLocator('iframe.wp-embedded-content').getByRole('status')).toContainText(
      'Prices can’t load in this frame',
    );
    await expect(frame).toHaveAttribute('style', /clip: rect\(1px, 1px, 1px, 1px\)/);
    await expect(link).toBeVisible();
    await expect(page.getByText(/(Warning|Notice|Fatal error):/)).toHaveCount(0);
  } finally {
    await bare.stop();
  }
});

test('a broken attribute shows the widget’s message, and PHP says nothing', async ({ page }) => {
  await page.goto(site.posts[POSTS.broken] ?? '');
  await expect(settingsNote(page)).toContainText('books: “Nobody” is not a supported sportsbook');
  await expectPriced(page, 1);
  await expect(page.getByText(/(Warning|Notice|Fatal error):/)).toHaveCount(0);
  const pluginLines = site
    .debugLog()
    .split('\n')
    .filter((line) => line.includes('parlay-builder'));
  expect(pluginLines).toEqual([]);
});
