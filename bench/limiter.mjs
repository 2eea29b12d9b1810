// The per-client limiter's cost per request with 80,000 clients tracked, before and after the
// constant-time windows: `node --import tsx bench/limiter.mjs`. "Before" is the limiter
// as it was (read from git history, commit BEFORE_COMMIT), "after" the current one, both driven
// with the same fake sockets and clock. Prints milliseconds per request; a script, not a test.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { clientRateLimit } from '../server/guards/client-rate-limit.ts';

const BEFORE_COMMIT = '50a2439';
const TRACKED = 80_000;
const MEASURED = 20_000;
const WINDOW_MS = 60_000;

async function beforeLimiter() {
  mkdirSync('bench/tmp', { recursive: true });
  const path = 'bench/tmp/client-rate-limit-before.ts';
  writeFileSync(
    path,
    execFileSync('git', ['show', `${BEFORE_COMMIT}:server/client-rate-limit.ts`], { encoding: 'utf8' }),
  );
  return (await import(pathToFileURL(path).href)).clientRateLimit;
}

/** Just enough of a Hono context for the limiter: a socket address and headers. */
function fakeContext(address) {
  return {
    env: { incoming: { socket: { remoteAddress: address, remotePort: 1, remoteFamily: 'IPv4' } } },
    req: { header: () => undefined },
    json: () => new Response(null, { status: 429 }),
  };
}

const addressOf = (index) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

async function measure(makeLimiter) {
  let now = 1_000_000;
  const limiter = makeLimiter({ limit: 600, windowMs: WINDOW_MS, now: () => now });
  const next = async () => undefined;
  // 80,000 clients seen within one window.
  for (let index = 0; index < TRACKED; index++) await limiter(fakeContext(addressOf(index)), next);
  // Then, one second on, new clients arrive (each a fresh window: the old limiter's sweep path).
  now += 1_000;
  const started = performance.now();
  for (let index = 0; index < MEASURED; index++) await limiter(fakeContext(addressOf(TRACKED + index)), next);
  return (performance.now() - started) / MEASURED;
}

const before = await measure(await beforeLimiter());
const after = await measure(clientRateLimit);
console.log(
  `per-client limiter, ${TRACKED.toLocaleString('en-US')} clients tracked, ${MEASURED.toLocaleString('en-US')} new clients measured:`,
);
console.log(`  before (${BEFORE_COMMIT}): ${before.toFixed(4)} ms per request`);
console.log(`  after: ${after.toFixed(4)} ms per request (${(before / after).toFixed(0)}x less)`);
