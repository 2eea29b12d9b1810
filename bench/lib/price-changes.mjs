// Price changes made on demand at the standalone sandbox (its test hook), for the live section:
// each change names a price never used before, so a reader can tell it arrived.
import { ALL_BOOKS } from './sandbox-legs.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Lines of the games (every book's main lines), for the sandbox's price-change hook. */
export function linesOf(picks, books = ALL_BOOKS) {
  return picks.flatMap(({ game, odds }) =>
    odds
      .filter((odd) => books.includes(odd.sportsbook))
      .map((odd) => ({ fixture_id: game.fixture.id, sportsbook: odd.sportsbook, market: odd.market, name: odd.name })),
  );
}

/** How a changed row's JSON text shows its new price: what a reader looks for. */
export const priceMarker = (price) => `"price":${price},`;

/**
 * Changes prices straight at the sandbox, one line after another: `firstPrice`, then one more each
 * time (`beforeChange(price)` is told first). `issued` lists each change: its odd and price as
 * `key`, the price, when it was sent and answered.
 */
export function priceChanger(sandbox, lines, { firstPrice = 101, beforeChange = () => {} } = {}) {
  let next = 0;
  const issued = [];
  const failures = [];
  return {
    issued,
    failures,
    async change() {
      const index = next++;
      const line = lines[index % lines.length];
      const price = firstPrice + index;
      beforeChange(price);
      // The stream may carry the change before this answer is back: delivery is timed from here.
      const sentAtMs = Date.now();
      const ask = async (attempt = 1) => {
        try {
          return await fetch(`${sandbox.baseUrl}/__sandbox/price-change`, {
            method: 'POST',
            headers: { 'X-Api-Key': sandbox.apiKey, 'Content-Type': 'application/json' },
            body: JSON.stringify({ ...line, price, hold_seconds: 3_600 }),
            signal: AbortSignal.timeout(10_000),
          });
        } catch (error) {
          // A kept-alive connection the sandbox closed just as it was reused: ask on a new one.
          if (attempt >= 5) throw error;
          await sleep(100);
          return ask(attempt + 1);
        }
      };
      let response = await ask();
      // The sandbox limits the key as the service does (2,500 requests per 15 s): wait and ask again.
      while (response.status === 429) {
        await response.arrayBuffer();
        await sleep(500);
        response = await ask();
      }
      const body = await response.json();
      if (!response.ok) throw new Error(`price change: ${response.status} ${JSON.stringify(body)}`);
      issued.push({ key: `${body.data.id}|${price}`, price, sentAtMs, atMs: Date.now() });
    },
  };
}

/** Keeps changing prices every `everyMs` (`concurrency` loops) until the function returned is called. */
export function keepChanging(changer, everyMs, concurrency = 1) {
  let running = true;
  const loops = Array.from({ length: concurrency }, async () => {
    let failedInARow = 0;
    while (running) {
      try {
        await changer.change();
        failedInARow = 0;
      } catch (error) {
        changer.failures.push(String(error?.cause ?? error));
        if (++failedInARow >= 10) throw error;
      }
      await sleep(everyMs);
    }
  });
  return async () => {
    running = false;
    await Promise.all(loops);
  };
}
