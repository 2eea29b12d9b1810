/**
 * Issue 12 in a real browser. A hostile odds service (the fault upstream, on loopback) behind our
 * server in live mode answers one proxied path with an HTML page whose script is another proxied
 * path answering JavaScript: opening it shows a JSON 502, no dialog, and no script runs. And the
 * /embed page refuses an affiliate link from its URL that points outside the operator's list.
 */
import { expect, test } from './support/world.ts';
import { encodeSlip } from '../src/domain/slip.ts';
import { startFaultUpstream, type FaultUpstream } from '../server/testing/fault-upstream.ts';
import { startServerFromEnv, type StartedServer } from '../server/testing/raw-http.ts';
import { moneylineLeg, sandboxGames } from './support/sandbox-data.ts';

const HOSTILE_KEY = 'canary-hostile-upstream-e2e-key';

test.describe('a hostile upstream', () => {
  let upstream: FaultUpstream;
  let ours: StartedServer;

  test.beforeAll(async () => {
    upstream = await startFaultUpstream({
      apiKey: HOSTILE_KEY,
      rules: [
        { fault: 'html-page', paths: ['/sports'], scriptSrc: '/api/v3/leagues' },
        { fault: 'script', paths: ['/leagues'] },
      ],
    });
    ours = await startServerFromEnv({
      ODDS_API_KEY: HOSTILE_KEY,
      ODDS_API_BASE_URL: upstream.baseUrl,
      UPSTREAM_TIMEOUT_MS: '2000',
      PROXY_RATE_LIMIT: '0',
    });
  });

  test.afterAll(async () => {
    await ours.close();
    await upstream.close();
  });

  test('cannot run script on our origin: its HTML page and its script both arrive as a JSON 502', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const scriptRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v3/leagues')) scriptRequests.push(request.url());
    });

    const origin = `http://127.0.0.1:${ours.port}`;
    const response = await page.goto(`${origin}/api/v3/sports`);
    expect(response?.status()).toBe(502);
    expect(response?.headers()['content-type']).toBe('application/json; charset=utf-8');
    expect(response?.headers()['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(JSON.parse((await response?.text()) ?? '')).toEqual({
      error: 'The odds service answered HTTP 200 with something that is not JSON.',
    });

    // Nothing of the hostile page was rendered: no paragraph, no script element, no script fetched.
    await expect(page.getByText('Hello')).toHaveCount(0);
    expect(await page.locator('script').count()).toBe(0);
    expect(scriptRequests).toEqual([]);

    // The would-be script, opened directly, is the same JSON error; nothing ran anywhere.
    const script = await page.goto(`${origin}/api/v3/leagues`);
    expect(script?.status()).toBe(502);
    expect(await page.title()).not.toBe('script ran');
    expect(dialogs).toEqual([]);
    // Both really reached the hostile upstream: what stopped them is our server.
    expect(upstream.requests().map((request) => request.path)).toEqual(['/api/v3/sports', '/api/v3/leagues']);
  });
});

test('the /embed page refuses an affiliate link from its URL to a host the operator does not list, and names it', async ({
  page,
  request,
}) => {
  const [game, other] = await sandboxGames(request, 2);
  const legs = encodeSlip([moneylineLeg(game), moneylineLeg(other, 'home')]);
  const embed = (links: Record<string, string>) =>
    `/embed?${new URLSearchParams({ mode: 'grid', books: 'Bwin,DraftKings', legs, 'affiliate-links': JSON.stringify(links) })}`;

  await page.goto(
    embed({ Bwin: 'https://evil.example/login?legs={legs}', DraftKings: 'https://partner.example/dk?legs={legs}' }),
  );
  const problems = page.getByText('Some of this widget’s settings could not be used').locator('..');
  await expect(problems).toContainText(
    'affiliate-links: the link for Bwin goes to evil.example, which is not a partner host for links from the page address (this site allows only partner.example); it is not used.',
  );
  // The partner's link (EMBED_AFFILIATE_HOSTS=partner.example) is used; Bwin keeps the book's own
  // bet-slip link from the odds service, and nothing links to the refused host.
  await expect(page.getByRole('link', { name: 'Bet at DraftKings (opens in a new tab)' })).toHaveAttribute(
    'href',
    /^https:\/\/partner\.example\/dk\?legs=/,
  );
  await expect(page.getByRole('link', { name: 'Bet at Bwin (opens in a new tab)' })).toHaveAttribute(
    'href',
    /^https:\/\/sportsbook\.sandbox\.invalid\/bwin\/betslip\?/,
  );
  expect(await page.locator('a[href*="evil.example"]').count()).toBe(0);
});
