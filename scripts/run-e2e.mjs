// npm run test:e2e: find (or install) Chromium, build the app, run Playwright against `npm start`.
import { spawnSync } from 'node:child_process';
import { findChromium } from './find-chromium.mjs';

const chromiumPath = await findChromium().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
console.log(`End-to-end tests use Chromium at ${chromiumPath}`);
const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const run = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromiumPath },
});
process.exit(run.status ?? 1);
