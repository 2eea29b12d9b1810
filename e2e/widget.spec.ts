/**
 * The embeddable widget on the demo host page (/demo/): two <parlay-builder> elements with different
 * settings and one /embed iframe, served from the built widget script.
 */
import { expect, test } from './support/world.ts';
import { allowPublicHostPages } from './support/public-host-pages.ts';
import type { Locator, Page } from '@playwright/test';
import { decodeSlip, encodeSlip } from '../src/domain/slip.ts';
import { escapeRegExp, selectionButton } from './support/locators.ts';
import { moneylineLeg, sandboxGames, type SandboxGame } from './support/sandbox-data.ts';

/** The host-page origin that our e2e server lists in ALLOWED_ORIGINS (see playwright.config.ts). */
function allowedHostOrigin(baseURL: string | undefined): string {
  return `http://localhost:${new URL(baseURL ?? '').port}`;
}

// Host pages of other sites are served here with page.route.
allowPublicHostPages();

function consoleWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  return warnings;
}

function nbaBuilder(page: Page): Locator {
  return page.locator('#nba-builder');
}

function eplPick(page: Page): Locator {
  return page.locator('#epl-pick');
}

function slipHeading(widget: Locator): Locator {
  return widget.getByRole('heading', { name: /^Your slip/ });
}

/** The widget's slip legs, unfolded first (the widget folds them under its grid). */
async function slipLegs(widget: Locator): Promise<Locator> {
  const show = widget.getByRole('button', { name: /^Show legs?$/ });
  if (await show.isVisible()) await show.click();
  return widget.getByRole('list', { name: 'Legs on your slip' }).getByRole('listitem');
}

/** Adds a game's away moneyline from its row in a widget's games list, as a user does. */
async function addMoneylineInWidget(widget: Locator, game: SandboxGame): Promise<void> {
  const row = widget
    .getByRole('region', { name: 'Games' })
    .getByRole('listitem')
    .filter({ has: widget.page().getByRole('button', { name: `All markets for ${game.label}`, exact: true }) });
  await row.scrollIntoViewIfNeeded();
  const button = selectionButton(row, moneylineLeg(game));
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function openDemo(page: Page): Promise<void> {
  await page.goto('/demo/');
  // The demo presets the sidebar's parlay from today's games once the page has loaded.
  await expect(slipHeading(eplPick(page))).toHaveText('Your slip (2 legs)');
}

// One demo page: a leg added in one widget is that widget's alone, and reaches the host as an event.
test('the two widgets keep separate slips, neither touches the host page’s address, and slip changes reach the host as composed events with the legs', async ({
  page,
  request,
}) => {
  // Two tests' work on one page: the time of two.
  test.slow();
  const errors = collectPageErrors(page);
  const [game] = await sandboxGames(request, 1);
  await openDemo(page);
  const nba = nbaBuilder(page);
  const epl = eplPick(page);
  const eplLegNames = decodeSlip(await epl.evaluate((element) => element.getAttribute('legs') ?? '')).legs.map(
    (leg) => leg.name,
  );
  const eplLegs = eplLegNames.map((name, index) => new RegExp(`^${index + 1}\\s*${escapeRegExp(name)}`));
  await expect(await slipLegs(epl)).toHaveText(eplLegs);
  // An affiliate's widget shows fair value only when its fair-value attribute asks, and a reader's widget
  // has no switch for it (that is controls="analyst").
  await expect(epl.getByRole('checkbox', { name: 'Fair value' })).toHaveCount(0);
  await expect(epl.getByText(/^Fair parlay/)).toHaveCount(0);

  await expect(slipHeading(nba)).toHaveText('Your slip');
  const received = page.evaluate(
    () =>
      new Promise<{ target: string; composed: boolean; detail: unknown }>((resolve) => {
        document.addEventListener('parlay-builder:slip-change', (event) => {
          const target = event.target instanceof Element ? event.target.id : '';
          if (target === 'nba-builder')
            resolve({ target, composed: event.composed, detail: (event as CustomEvent).detail });
        });
      }),
  );
  await addMoneylineInWidget(nba, game);
  const leg = moneylineLeg(game);
  expect(await received).toEqual({
    target: 'nba-builder',
    composed: true,
    detail: { legs: [leg], encoded: encodeSlip([leg]) },
  });
  await expect(page.getByRole('list', { name: 'Widget events' })).toContainText(
    'nba-builder parlay-builder:slip-change',
  );
  await expect(slipHeading(nba)).toHaveText('Your slip (1 leg)');
  await expect(await slipLegs(nba)).toHaveText([new RegExp(`^1\\s*${escapeRegExp(leg.name)}`)]);
  await expect(await slipLegs(epl)).toHaveText(eplLegs);

  await epl
    .getByRole('button', { name: /^Remove/ })
    .first()
    .click();
  await expect(slipHeading(epl)).toHaveText('Your slip (1 leg)');
  await expect(slipHeading(nba)).toHaveText('Your slip (1 leg)');

  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/demo/');
  expect(errors).toEqual([]);
});

test('host styles do not reach into the widgets, and the widgets’ styles do not reach the host', async ({ page }) => {
  await openDemo(page);
  const nba = nbaBuilder(page);
  const leaguesHeading = nba.getByRole('heading', { name: 'Leagues' });
  await expect(leaguesHeading).toBeVisible();

  // In: the page's 62.5% root font size, serif body, uppercase navy h2 and pink dashed buttons stay outside.
  await expect(leaguesHeading).toHaveCSS('font-size', '16px');
  await expect(leaguesHeading).toHaveCSS('text-transform', 'none');
  await expect(leaguesHeading).toHaveCSS('color', 'rgb(15, 23, 42)');
  await expect(leaguesHeading).toHaveCSS('font-family', /^"Trebuchet MS"/); // the host's --pb-font, by design
  const clearAll = nba.getByRole('button', { name: 'Clear all' });
  await expect(clearAll).not.toHaveCSS('background-color', 'rgb(255, 105, 180)');
  await expect(clearAll).toHaveCSS('border-top-style', 'solid');
  // Tailwind's @property defaults are supplied inside the shadow root: borders and shadows render.
  const leaguesPanel = nba.getByRole('region', { name: 'Leagues' });
  await expect(leaguesPanel).toHaveCSS('border-top-width', '1px');
  await expect(leaguesPanel).toHaveCSS('border-top-style', 'solid');
  await expect(leaguesPanel).not.toHaveCSS('box-shadow', 'none');
  // The brand colour the host set (--pb-accent) is the widget's accent (here the "Change leagues" action).
  await expect(nba.getByRole('button', { name: 'Change leagues' })).toHaveCSS('color', 'rgb(124, 45, 18)');
  // The sidebar is narrow, so the grid is a ranked list there; the host's table rules do not reach its table either.
  await eplPick(page).getByRole('button', { name: 'Table view' }).click();
  const eplTableCell = eplPick(page).getByRole('rowheader', { name: 'Parlay' });
  await expect(eplTableCell).toHaveCSS('border-left-width', '0px');
  // Its least width is in the widget's 16 px rem, not the host's 10 px one (62.5%): 44 rem or more.
  const tableMinWidth = await eplPick(page)
    .getByRole('grid')
    .evaluate((table) => Number.parseFloat(getComputedStyle(table).minWidth));
  expect(tableMinWidth).toBeGreaterThanOrEqual(44 * 16);

  // Out: a host paragraph with the widget's class names keeps the page's look; so does a host button.
  const hostParagraph = page.locator('#host-paragraph');
  await expect(hostParagraph).toBeVisible();
  await expect(hostParagraph).toHaveCSS('padding-top', '0px');
  await expect(hostParagraph).toHaveCSS('font-size', '20px');
  await expect(hostParagraph).toHaveCSS('font-weight', '400');
  await expect(hostParagraph).toHaveCSS('font-family', /^Georgia/);
  await expect(page.locator('#host-button')).toHaveCSS('background-color', 'rgb(255, 105, 180)');
  const documentStyles = await page.evaluate(() => ({
    sheets: [...document.styleSheets].map((sheet) => sheet.href ?? 'inline'),
    adopted: document.adoptedStyleSheets.length,
  }));
  expect(documentStyles).toEqual({ sheets: [expect.stringMatching(/\/demo\/host\.css$/)], adopted: 0 });
});

test('a book column links to the affiliate template, filled in, in a new tab; the click reaches the host', async ({
  page,
  context,
}) => {
  await context.route('https://affiliate.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Affiliate</title>' }),
  );
  await openDemo(page);
  const epl = eplPick(page);
  // The sidebar's ranked list: Bwin's link sits beside its row.
  const link = epl.getByRole('link', { name: 'Bet at Bwin (opens in a new tab)' });
  await expect(link).toHaveAttribute('href', /price=\d+\.\d{2}&/);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer sponsored');

  const legs = await epl.evaluate((element) => element.getAttribute('legs') ?? '');
  const href = new URL((await link.getAttribute('href')) ?? '');
  expect(href.origin + href.pathname).toBe('https://affiliate.example/bwin');
  expect(href.searchParams.get('legs')).toBe(legs);
  expect(href.searchParams.get('book')).toBe('Bwin');

  const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await expect.poll(() => popup.url()).toBe(href.href);
  await expect(page.getByRole('list', { name: 'Widget events' }).getByRole('listitem').last()).toContainText(
    `epl-pick parlay-builder:book-click {"book":"Bwin","price":"`,
  );
  // A book without a template links to its own bet slip from the book's answer.
  await epl.getByRole('button', { name: 'Table view' }).click();
  await expect(epl.getByRole('link', { name: 'Bet at Unibet (opens in a new tab)' })).toHaveAttribute(
    'href',
    /^https:\/\/sportsbook\.([a-z-]+\.)?sandbox\.invalid\//,
  );
  const logged = await page.getByRole('list', { name: 'Widget events' }).getByRole('listitem').last().textContent();
  const detail = JSON.parse((logged ?? '').replace(/^epl-pick parlay-builder:book-click /, '')) as Record<
    string,
    unknown
  >;
  expect(detail).toEqual({
    book: 'Bwin',
    // Fractional, as the reader sees it: exact, or marked approximate with the exact decimal beside it.
    price: expect.stringMatching(/^(\d+\/\d+|≈\d+\/\d+ \(\d+\.\d+\))$/),
    decimalPrice: expect.any(Number),
    url: href.href,
  });
});

test('the /embed iframe renders the builder and sizes itself from its height messages', async ({ page }) => {
  await openDemo(page);
  const frameElement = page.locator('#embed-frame');
  await frameElement.scrollIntoViewIfNeeded();
  const frame = page.frameLocator('#embed-frame');
  await expect(frame.getByRole('heading', { name: 'Leagues' })).toBeVisible();
  // The chosen league, folded to one line above its games.
  await expect(frame.getByRole('region', { name: 'Leagues' })).toContainText('NHL');
  await expect(
    frame
      .getByRole('region', { name: 'Games' })
      .getByRole('button', { name: /^All markets for / })
      .first(),
  ).toBeVisible();
  // parlay-frame.js (the documented snippet) sets the iframe's height to the content's: no inner scrollbar.
  await expect
    .poll(() =>
      frameElement.evaluate((element: HTMLIFrameElement) => {
        const content = element.contentDocument?.getElementById('root')?.getBoundingClientRect().height ?? 0;
        return Math.abs(element.getBoundingClientRect().height - Math.ceil(content)) <= 1 && content > 480;
      }),
    )
    .toBe(true);
});

test('changing an attribute after load updates the widget', async ({ page }) => {
  await openDemo(page);
  const nba = nbaBuilder(page);
  const format = nba.getByRole('combobox', { name: 'Odds format' });
  await expect(format).toHaveValue('american');
  await nba.evaluate((element) => {
    element.setAttribute('controls', 'analyst');
    element.setAttribute('odds-format', 'decimal');
    element.setAttribute('books', 'Novig,Unibet');
    element.setAttribute('theme', 'dark');
  });
  await expect(format).toHaveValue('decimal');
  await expect(nba.getByText('2 of 10 chosen')).toBeVisible();
  await nba.getByRole('button', { name: 'Change sportsbooks' }).click();
  await expect(nba.getByRole('checkbox', { name: 'Novig' })).toBeChecked();
  await expect(nba.getByRole('region', { name: 'Leagues' })).toHaveCSS('background-color', 'rgb(17, 24, 39)');
});

test('invalid attributes are named for the host’s developer in the console, with a folded note in the widget, and the host page carries on', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await openDemo(page);
  await page.evaluate(() => {
    const broken = document.createElement('parlay-builder');
    broken.id = 'broken';
    broken.setAttribute('controls', 'analyst');
    broken.setAttribute('books', 'DraftKings,FanDuel');
    broken.setAttribute('leagues', 'nba,curling_world_tour');
    broken.setAttribute(
      'affiliate-links',
      '{"DraftKings": "javascript:alert(document.cookie)", "Unibet": "https://aff.example/u"}',
    );
    broken.setAttribute('odds-format', 'roman');
    document.querySelector('main')?.prepend(broken);
    const malformed = document.createElement('parlay-builder');
    malformed.id = 'malformed';
    malformed.setAttribute('mode', 'grid');
    malformed.setAttribute('affiliate-links', '{"DraftKings": ');
    malformed.setAttribute('legs', 'not a leg');
    document.querySelector('main')?.prepend(malformed);
  });

  const broken = page.locator('#broken');
  // The console names each attribute and what it takes.
  await expect
    .poll(() => warnings.find((text) => text.includes('could not be used') && text.includes('FanDuel')))
    .toBeDefined();
  const warning = warnings.find((text) => text.includes('FanDuel')) ?? '';
  expect(warning).toMatch(/^parlay-builder: 3 of the attributes on <parlay-builder> could not be used/);
  expect(warning).toContain('- books: “FanDuel” is not a supported sportsbook (supported: ');
  expect(warning).toContain(
    '- affiliate-links: the link for DraftKings uses javascript:, but only https: and http: links are allowed; it is not used.',
  );
  expect(warning).toContain('- odds-format: “roman” is not one of american, decimal, fractional, probability.');
  // The reader sees one folded line, no alert: compact, the details under it for whoever opens it.
  await expect(broken.getByRole('alert')).toHaveCount(0);
  const note = broken.getByText('Some of this widget’s settings could not be used');
  await expect(note).toBeVisible();
  expect((await note.boundingBox())?.height ?? 0).toBeLessThanOrEqual(24);
  await expect(broken.getByText(/^books: “FanDuel”/)).toBeHidden();
  await note.click();
  await expect(broken.getByText(/^books: “FanDuel” is not a supported sportsbook/)).toBeVisible();
  // An unknown league can only be known once the service's list is in: for a reader, a league without
  // games this week, said in words (a status, not an error).
  await expect(
    broken.getByRole('status').filter({ hasText: 'No games this week in “curling_world_tour”' }),
  ).toBeVisible();
  // The usable parts still apply.
  await expect(broken.getByText('1 of 10 chosen')).toBeVisible();
  await expect(broken.getByRole('region', { name: 'Leagues' })).toContainText('NBA');

  // A grid-mode widget: the same folded note, and the console names both attributes.
  await expect(page.locator('#malformed').getByText('Some of this widget’s settings could not be used')).toBeVisible();
  await expect.poll(() => warnings.find((text) => text.includes('affiliate-links: not valid JSON'))).toBeDefined();
  expect(warnings.find((text) => text.includes('affiliate-links: not valid JSON'))).toContain(
    '- legs: 1 leg could not be read',
  );

  // The other widgets and the page still work.
  await expect(slipHeading(eplPick(page))).toHaveText('Your slip (2 legs)');
  await expect(nbaBuilder(page).getByRole('heading', { name: 'Leagues' })).toBeVisible();
  expect(errors).toEqual([]);
  expect(dialogs).toEqual([]);
});

test('a page on an allowed origin can load the widget, call the API and frame /embed', async ({ page, baseURL }) => {
  const hostOrigin = allowedHostOrigin(baseURL);
  // The host's own top-level names, the short ones a minifier picks: our classic scripts declare
  // none of their own beside them (a second `let e` in the page is a SyntaxError that stops ours).
  const hostNames = ['e', 't', 'n', 'r', 'i', 'o', 'a', 's'];
  const errors = collectPageErrors(page);
  await page.route(`${hostOrigin}/partner-article`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Partner</title>
        <script>let ${hostNames.map((name) => `${name} = 'host'`).join(', ')}; window.hostValues = () => [${hostNames.join(', ')}];</script>
        <script src="${baseURL}/widget/parlay-frame.js"></script>
        <script src="${baseURL}/widget/parlay-builder.js"></script>
        <parlay-builder id="partner" leagues="nba" books="DraftKings"></parlay-builder>
        <iframe id="partner-frame" src="${baseURL}/embed?mode=grid" title="Parlay builder"></iframe>`,
    }),
  );
  await page.goto(`${hostOrigin}/partner-article`);
  // Its default api-base is the script's origin, another origin than the page: CORS lets it through.
  await expect(
    page.locator('#partner').getByRole('region', { name: 'Games' }).getByRole('button', { expanded: false }).first(),
  ).toBeVisible();
  await expect(page.frameLocator('#partner-frame').getByRole('heading', { name: 'Your slip' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { hostValues: () => unknown[] }).hostValues())).toEqual(
    hostNames.map(() => 'host'),
  );
  expect(errors).toEqual([]);
});

test('a page on another origin gets no API answers and cannot frame /embed', async ({ page, baseURL }) => {
  const strangerOrigin = `http://127.0.0.2:${new URL(baseURL ?? '').port}`;
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
  });
  await page.route(`${strangerOrigin}/copycat`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Copycat</title>
        <script src="${baseURL}/widget/parlay-builder.js"></script>
        <parlay-builder id="copycat"></parlay-builder>
        <iframe id="copycat-frame" src="${baseURL}/embed" title="Parlay builder"></iframe>`,
    }),
  );
  const warnings = consoleWarnings(page);
  await page.goto(`${strangerOrigin}/copycat`);
  // The reader is told it is the site's setup, not their connection; the site's developer, the fix.
  const failure = page.locator('#copycat').getByRole('alert');
  await expect(failure).toContainText('Leagues could not be loaded: Blocked by this site’s setup');
  await expect(failure).toContainText('Your connection is fine.');
  await expect(failure).not.toContainText('offline');
  await expect
    .poll(() => warnings)
    .toContainEqual(
      `parlay-builder: the server at ${new URL(baseURL ?? '').origin} does not allow requests from ${strangerOrigin}, so the browser blocks them (CORS). To fix: add ${strangerOrigin} to ALLOWED_ORIGINS on that server.`,
    );
  await expect.poll(() => refusals.length).toBeGreaterThan(0);
});

test('a page whose Content-Security-Policy leaves our API out of connect-src is told so, not that the reader is offline', async ({
  page,
  baseURL,
}) => {
  const hostOrigin = allowedHostOrigin(baseURL);
  const apiOrigin = new URL(baseURL ?? '').origin;
  const warnings = consoleWarnings(page);
  await page.route(`${hostOrigin}/strict-article`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      // The script may load; its requests to our API may not (connect-src 'self' is the host's own origin).
      headers: { 'content-security-policy': `script-src ${apiOrigin}; connect-src 'self'` },
      body: `<!doctype html><title>Strict</title>
        <script src="${baseURL}/widget/parlay-builder.js"></script>
        <parlay-builder id="strict"></parlay-builder>`,
    }),
  );
  await page.goto(`${hostOrigin}/strict-article`);
  const failure = page.locator('#strict').getByRole('alert');
  await expect(failure).toContainText('Leagues could not be loaded: Blocked by this site’s setup');
  await expect(failure).not.toContainText('offline');
  await expect
    .poll(() => warnings)
    .toContainEqual(
      `parlay-builder: this page's Content-Security-Policy blocks requests to ${apiOrigin}. To fix: add ${apiOrigin} to the policy's connect-src directive.`,
    );
});
