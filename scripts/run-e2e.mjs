// npm run test:e2e: find (or install) Chromium, build the app and the widget, check the size
// budgets, run Playwright against the production build.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { findTestChromium } from './chromium.mjs';
import { findWordPress } from './find-wordpress.mjs';
import { fixWorldClock } from '../e2e/support/world-clock.mjs';

// A fresh canary key per run: the build runs with it set as ODDS_API_KEY (as a careless deployment
// would), the fault-matrix server holds it, and the tests grep dist/, every response and the
// server's log for it.
const canaryKey = `canary-${randomBytes(12).toString('hex')}`;

// The world the whole run sees (sandbox and browser): E2E_CLOCK or the fixed default, from now on.
let world;
try {
  world = fixWorldClock();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
console.log(`world clock: ${new Date(world.startMs).toISOString()}`);
process.env.E2E_WORLD_ANNOUNCED = '1';

const chromiumPath = await findTestChromium().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
console.log(`End-to-end tests use Chromium at ${chromiumPath}`);
// The WordPress e2e's PHP, MariaDB and WordPress: installed now (as root, when missing), not inside a test's hook.
try {
  findWordPress();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const build = spawnSync(process.execPath, ['scripts/build.mjs', '--quiet'], {
  stdio: 'inherit',
  env: { ...process.env, ODDS_API_KEY: canaryKey },
});
if (build.status !== 0) process.exit(build.status ?? 1);
const size = spawnSync('node', ['scripts/check-size.mjs'], { stdio: 'inherit' });
if (size.status !== 0) process.exit(size.status ?? 1);
const run = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromiumPath, E2E_CANARY_KEY: canaryKey, E2E_BUILD_KEY: canaryKey },
});
process.exit(run.status ?? 1);
